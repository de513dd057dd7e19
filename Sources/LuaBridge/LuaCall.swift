import CLua
import CLuaShim

/// A view of the Lua stack during a call into Swift. Every method uses only API functions
/// that cannot raise (manual class `-`), or that can fail only on memory, which the host
/// allocator never refuses while Swift runs.
public struct LuaCall {
    public let L: OpaquePointer

    public init(_ L: OpaquePointer) { self.L = L }

    /// The Swift object that owns this state. [-0, +0, -]
    public var state: LuaState { LuaState.owner(of: L) }

    /// The registry's pseudo-index, for raw access (`rawField`, `setField`) to values the
    /// host keeps there by name. [-0, +0, -]
    public var registryIndex: Int32 { clua_registryindex() }

    /// The number of values on the stack: the arguments of the call. [-0, +0, -]
    public var argumentCount: Int32 { lua_gettop(L) }

    /// The type code of the value at `index` (`LuaTypeCode`). [-0, +0, -]
    public func type(at index: Int32) -> Int32 { lua_type(L, index) }

    /// True for nil and for an index past the top. [-0, +0, -]
    public func isNil(at index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }

    /// "number", "table", or the class name of one of our userdata. [-0, +0, -]
    public func typeName(at index: Int32) -> String {
        if let name = state.className(at: index) { return name }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    // MARK: Reading

    /// The string at `index`; numbers are not converted (they would be modified in place).
    /// [-0, +0, -]
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = clua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// The integer at `index`; nil for a float or any other type. [-0, +0, -]
    public func integer(at index: Int32) -> Int64? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? value : nil
    }

    /// Lua truth: false only for nil and false. [-0, +0, -]
    public func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// The float at `index`, or the integer there as a float; nil for any other type
    /// (strings are not converted). [-0, +0, -]
    public func number(at index: Int32) -> Double? {
        lua_type(L, index) == LUA_TNUMBER ? clua_tonumber(L, index) : nil
    }

    /// Whether the value at `index` is a table. The raw accessors below check it first: the
    /// Lua API reads any other value as a table and crashes (no API checks in release builds),
    /// so walking a string or a number a script passed where a table belongs yields nothing.
    /// [-0, +0, -]
    public func isTable(at index: Int32) -> Bool { lua_type(L, index) == LUA_TTABLE }

    /// Reads `key` of the table at `index` without metamethods and leaves it on the stack
    /// (nil when the value is not a table). Returns the value's type. Pop it with `pop()`.
    /// [-0, +1, -]
    @discardableResult
    public func rawField(_ key: String, of index: Int32) -> Int32 {
        guard isTable(at: index) else { lua_pushnil(L); return LUA_TNIL }
        let table = lua_absindex(L, index)
        pushString(key)
        return lua_rawget(L, table)
    }

    /// Reads field `key` of the table at `index` with `read`, popping it afterwards.
    /// [-0, +0, -]
    public func field<T>(_ key: String, of index: Int32, _ read: (Int32) throws -> T?) rethrows -> T? {
        rawField(key, of: index)
        defer { pop() }
        return try read(-1)
    }

    /// Pops `n` values. [-n, +0, -]
    public func pop(_ n: Int32 = 1) { clua_pop(L, n) }

    /// Sets the stack top to `index` (0 empties the stack), dropping or padding with nil.
    /// [-?, +?, -]
    public func setTop(_ index: Int32) { lua_settop(L, index) }

    /// `index` as a positive (absolute) index. [-0, +0, -]
    public func absoluteIndex(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// Removes the value at `index`, shifting the ones above it down. [-1, +0, -]
    public func remove(at index: Int32) { clua_remove(L, index) }

    /// Pushes `table[key]` for the key on top of the stack, replacing the key; no
    /// metamethods. Returns the value's type; nil when `table` is not a table. [-1, +1, -]
    @discardableResult
    public func rawGet(of table: Int32) -> Int32 {
        guard isTable(at: table) else { clua_pop(L, 1); lua_pushnil(L); return LUA_TNIL }
        return lua_rawget(L, table)
    }

    /// Sets `table[key] = value` for the key and value on top of the stack (value topmost)
    /// and pops both; no metamethods; only pops them when `table` is not a table. [-2, +0, m]
    public func rawSet(of table: Int32) {
        guard isTable(at: table) else { clua_pop(L, 2); return }
        lua_rawset(L, table)
    }

    /// The length of a table without metamethods; 0 for anything else (lua_rawlen would give
    /// a string's or a userdata's byte count, and walking those as tables crashes).
    /// [-0, +0, -]
    public func rawLength(at index: Int32) -> Int { isTable(at: index) ? Int(lua_rawlen(L, index)) : 0 }

    /// Pushes element `i` (1-based) of the array at `index`; nil when it is not a table.
    /// [-0, +1, -]
    public func pushElement(_ i: Int, of index: Int32) {
        guard isTable(at: index) else { lua_pushnil(L); return }
        lua_rawgeti(L, index, lua_Integer(i))
    }

    /// Iterates the key/value pairs of the table at `index` (keys as strings only); nothing
    /// when it is not a table. lua_next raises only for a key that is not in the table, which
    /// this loop never passes.
    /// [-0, +0, -]
    public func forEachStringKey(of index: Int32, _ body: (String) throws -> Void) rethrows {
        guard isTable(at: index) else { return }
        let table = lua_absindex(L, index)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if let key = string(at: -2) { try body(key) }
            pop()
        }
    }

    /// Like `forEachStringKey`, with the key's bytes in place (valid during the call): no
    /// `String` made per key, for readers that match keys against a fixed set.
    /// [-0, +0, -]
    public func forEachStringKeyBytes(of index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard isTable(at: index) else { return }
        let table = lua_absindex(L, index)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING {
                var length = 0
                if let pointer = clua_tolstring(L, -2, &length) { try body(UnsafeRawBufferPointer(start: pointer, count: length)) }
            }
            pop()
        }
    }

    /// Like `forEachStringKeyBytes`, with each key's value in the table at `places` (an
    /// integer, such as the key's place in a fixed list of names; nil for any other key or
    /// value): one raw lookup by the Lua string itself, whose hash Lua keeps, instead of
    /// comparing the key's bytes with every name. The key's value is on top during `body`.
    /// [-0, +0, -]
    public func forEachStringKey(of index: Int32, places: Int32,
                                 _ body: (Int?, UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard isTable(at: index), isTable(at: places) else { return }
        let table = lua_absindex(L, index), places = lua_absindex(L, places)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING {
                var length = 0
                if let pointer = clua_tolstring(L, -2, &length) {
                    lua_pushvalue(L, -2)
                    var place: Int?
                    if lua_rawget(L, places) == LUA_TNUMBER {
                        var isInteger: Int32 = 0
                        let value = lua_tointegerx(L, -1, &isInteger)
                        if isInteger != 0 { place = Int(value) }
                    }
                    clua_pop(L, 1)
                    try body(place, UnsafeRawBufferPointer(start: pointer, count: length))
                }
            }
            pop()
        }
    }

    /// The bytes of the string at `index`, valid while it stays on the stack; nil for any
    /// other value (numbers are not converted). [-0, +0, -]
    public func stringBytes(at index: Int32) -> UnsafeRawBufferPointer? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = clua_tolstring(L, index, &length) else { return nil }
        return UnsafeRawBufferPointer(start: pointer, count: length)
    }

    // MARK: Pushing

    /// Pushes a copy of the value at `index`. [-0, +1, -]
    public func pushValue(at index: Int32) { lua_pushvalue(L, index) }
    /// Moves the top value to `index`, shifting the ones above it up.
    /// [-1, +1, -]
    public func insert(at index: Int32) { clua_insert(L, index) }
    /// [-0, +1, -]
    public func pushNil() { lua_pushnil(L) }
    /// [-0, +1, -]
    public func pushBoolean(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    /// [-0, +1, -]
    public func pushInteger(_ value: Int64) { lua_pushinteger(L, value) }
    /// A float. [-0, +1, -]
    public func pushNumber(_ value: Double) { lua_pushnumber(L, value) }

    /// A copy of the UTF-8 bytes. [-0, +1, m]
    public func pushString(_ value: String) {
        var copy = value
        copy.withUTF8 { buffer in
            _ = buffer.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// The string, or nil. [-0, +1, m]
    public func pushOptionalString(_ value: String?) {
        if let value { pushString(value) } else { pushNil() }
    }

    /// A new table holding a CSV row's cells as strings made from `bytes` (cell i is
    /// `spans[2i] ..< spans[2i + 1]`), as its elements 1…n; with `names` (a stack index), each
    /// cell i < `named` is also set under element i + 1 of the table there when that is a
    /// non-empty string (its header), the same Lua string. One call, no host string per cell.
    /// [-0, +1, m]
    public func pushRow(bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<Int32>, names: Int32?, named: Int) {
        let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
        clua_push_row(L, base, spans.baseAddress, Int32(spans.count / 2), names ?? 0, Int32(names == nil ? 0 : named))
    }

    /// A new table with room for `arrayCount` elements and `fieldCount` fields. [-0, +1, m]
    public func newTable(arrayCount: Int = 0, fieldCount: Int = 0) {
        lua_createtable(L, Int32(arrayCount), Int32(fieldCount))
    }

    /// Sets `table[key] = top` without metamethods and pops the value.
    /// [-1, +0, m]
    public func setField(_ key: String, of table: Int32) {
        let t = lua_absindex(L, table)
        pushString(key)
        clua_insert(L, -2)
        lua_rawset(L, t)
    }

    /// Sets `table[i] = top` without metamethods and pops the value.
    /// [-1, +0, m]
    public func setElement(_ i: Int, of table: Int32) { lua_rawseti(L, table > 0 ? table : lua_absindex(L, table), lua_Integer(i)) }

    /// A Swift function as a Lua C function (through the trampoline). [-0, +1, m]
    public func pushFunction(_ function: @escaping LuaFunction) { state.pushFunction(function) }

    // MARK: Host memory

    /// Counts `bytes` of Swift memory this binding is about to use because of the script (a
    /// result sized by an argument, a report it keeps) against `--max-memory`, before they are
    /// allocated. `retained`: kept as long as the state. Throws when they do not fit; the
    /// script then gets the sticky memory-limit error once this binding has returned.
    /// [-0, +0, -]
    public func reserveHostMemory(_ bytes: Int, retained: Bool = false) throws {
        if clua_reserve_host(L, bytes < 0 ? 0 : bytes, retained ? 1 : 0) != 0 {
            throw LuaArgumentError("memory limit exceeded")
        }
    }

    // MARK: Errors and calls

    /// Raises `message` once this Swift frame has returned: use as `throw call.error(…)`.
    /// [-0, +0, -]
    public func error(_ message: String) -> LuaArgumentError { LuaArgumentError(message) }

    /// Calls the function at `index` with the values produced by `pushArguments`, protected.
    /// A Lua error comes back as a thrown `LuaRaisedValue`, which the dispatcher re-raises
    /// untouched once Swift has returned.
    /// [-0, +results, -]
    public func callFunction(at index: Int32, results: Int32, pushArguments: () throws -> Int32) throws {
        lua_pushvalue(L, index)
        let count = try pushArguments()
        if clua_pcall_nested(L, count, results) != LUA_OK {
            let text = state.describe(at: -1)
            let ref = luaL_ref(L, clua_registryindex())
            throw LuaRaisedValue(reference: ref, description: text)
        }
    }
}
