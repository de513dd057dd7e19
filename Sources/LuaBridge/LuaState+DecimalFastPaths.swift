import CLua
import CLuaShim

/// The C fast paths of a fixed-point decimal class (the shim's decimals.c): arithmetic,
/// comparison and reading plain number strings on small values without a Swift call. The
/// class's userdata must hold the layout decimals.c reads (units as two 64-bit halves, low
/// first, then the scale and the sign byte: 18 bytes); the adapter that defines the class
/// checks that before asking for them. Every other case runs the Swift binding unchanged.
extension LuaState {
    /// Gives class `name`'s `__add`, `__sub`, `__mul`, `__lt`, `__le` and `__eq` bindings
    /// their C fast paths. [-0, +0, m]
    public func installDecimalFastPaths(className name: String) {
        guard let ref = classRef(name) else { return }
        lua_rawgeti(L, clua_registryindex(), lua_Integer(ref))
        clua_decimal_fast_paths(L, -1)
        clua_pop(L, 1)
    }

    /// Pushes `function` as a Lua function whose first argument, when it is a string written
    /// as plain digits with at most a decimal point, is read in C as a decimal of class
    /// `name` (`style`: 0 point, 1 comma, 2 auto, 3 last mark, as the import's number styles
    /// read such a string); `function` runs for anything else. [-0, +1, m]
    public func pushDecimalReader(style: Int32, className name: String, _ function: @escaping LuaFunction) {
        guard let ref = classRef(name) else { pushFunction(function); return }
        lua_rawgeti(L, clua_registryindex(), lua_Integer(ref))
        let box = Unmanaged.passRetained(LuaFunctionBox(function)).toOpaque()
        clua_push_decimal_reader(L, box, -1, style)
        clua_remove(L, -2)
    }
}
