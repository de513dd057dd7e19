import CLua
import CLuaShim

/// A Swift function callable from Lua. It reads its arguments from `call`, pushes its
/// results and returns how many. It throws instead of raising: the C trampoline raises the
/// error only after this Swift frame has returned, so `defer` blocks always run.
public typealias LuaFunction = (LuaCall) throws -> Int32

/// Holds a LuaFunction inside a Lua userdata; released by that userdata's __gc.
final class LuaFunctionBox {
    let function: LuaFunction
    init(_ function: @escaping LuaFunction) { self.function = function }
}

/// The one entry point from C into Swift functions.
let luaDispatch: @convention(c) (OpaquePointer?) -> Int32 = { L in
    guard let L, let raw = clua_binding_box(L) else { return 0 }
    let box = Unmanaged<LuaFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    let call = LuaCall(L)
    // The binding works on the calling thread's stack, which may be a coroutine's.
    let state = LuaState.owner(of: L)
    let previous = state.L
    state.L = L
    defer { state.L = previous }
    do {
        let results = try box.function(call)
        // A binding that pushed a value it could not represent (an out-of-range decimal,
        // pushed as nil) fails with that value's error, never with the nil.
        if let pending = LuaState.owner(of: L).takePendingError() { throw pending }
        return results
    } catch let raised as LuaRaisedValue {
        lua_rawgeti(L, clua_registryindex(), lua_Integer(raised.reference))
        luaL_unref(L, clua_registryindex(), raised.reference)
        return CLUA_RAISE_RAW
    } catch {
        _ = LuaState.owner(of: L).takePendingError()
        call.pushString(String(describing: error))
        return CLUA_RAISE
    }
}

let luaRelease: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
    guard let raw else { return }
    Unmanaged<LuaFunctionBox>.fromOpaque(raw).release()
}
