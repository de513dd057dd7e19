import CLua
import CLuaShim

/// One Lua interpreter, used from one thread.
///
/// The state owns the counting allocator and the limits (see the C shim). All Lua code runs
/// through `execute`, which is lua.c's `docall`: a protected call with a traceback handler.
public final class LuaState {
    /// The thread Lua code runs on now: the main thread, or the coroutine that called the
    /// Swift binding running now. Bindings called from a coroutine must read their arguments
    /// from and push their results onto that coroutine's stack, never the main thread's.
    public internal(set) var L: OpaquePointer
    /// The state's main thread, which owns the state.
    public let mainThread: OpaquePointer
    private var metatables: [String: Int32] = [:]
    /// The last two classes looked up, and their metatables: a decimal is pushed or read
    /// several times a row in an import profile, and a dictionary lookup hashes the name.
    private var recentClasses: [(name: String, ref: Int32)] = []
    /// An error a binding leaves to be raised once it has returned, for a value it could
    /// not push (an out-of-range decimal goes on the stack as nil, its error here; see
    /// `luaDispatch`). The first one wins.
    var pendingError: Error?

    /// A new state with the sandbox's safe libraries, or all of them when `trusted`.
    public convenience init(trusted: Bool = false) throws {
        try self.init(policy: SandboxPolicy(trusted: trusted))
    }

    /// A new state whose libraries follow `policy`.
    public init(policy: SandboxPolicy) throws {
        guard let L = clua_newstate() else { throw LuaError.memory("cannot create a Lua state") }
        self.L = L
        self.mainThread = L
        clua_set_dispatcher(luaDispatch, luaRelease)
        clua_gethost(L).pointee.swift_host = Unmanaged.passUnretained(self).toOpaque()
        if clua_openlibs(L, policy.trusted ? 1 : 0) != LUA_OK {
            throw LuaError.runtime(describe(at: -1))
        }
        if !policy.trusted {
            try setFolders(policy.allowRead.map { try SandboxPolicy.resolve($0, flag: "--allow-read") }, registryKey: "clua.allow_read")
            try setFolders(policy.allowWrite.map { try SandboxPolicy.resolve($0, flag: "--allow-write") }, registryKey: "clua.allow_write")
            let files = !(policy.allowRead.isEmpty && policy.allowWrite.isEmpty)
            if clua_sandbox(L, files ? 1 : 0) != LUA_OK { throw LuaError.runtime(describe(at: -1)) }
        }
    }

    private func setFolders(_ folders: [String], registryKey: String) throws {
        let call = LuaCall(L)
        call.newTable(arrayCount: folders.count)
        for (i, folder) in folders.enumerated() {
            call.pushString(folder)
            call.setElement(i + 1, of: -2)
        }
        lua_pushvalue(L, clua_registryindex())
        clua_insert(L, -2)
        call.setField(registryKey, of: -2)
        clua_pop(L, 1)
    }

    /// The C function SQLite's progress handler calls, and its context: interrupts a query
    /// once Ctrl-C or the deadline has come.
    public var interruptCheck: (function: @convention(c) (UnsafeMutableRawPointer?) -> Int32, context: UnsafeMutableRawPointer) {
        (clua_should_interrupt, UnsafeMutableRawPointer(clua_gethost(L)))
    }

    /// Runs the pending `__gc` finalizers and frees the state, while the bindings' owner is
    /// still alive (a finalizer may call them). Nothing may use this state afterwards.
    /// Returns the message of the limit that stopped a finalizer (the run then failed), if any.
    /// [-all, +0, -] (finalizers' errors are caught by Lua, as in lua_close)
    @discardableResult
    public func close() -> String? {
        guard !isClosed else { return nil }
        isClosed = true
        var stopped = [CChar](repeating: 0, count: 256)
        return clua_close(mainThread, &stopped, stopped.count) != 0 ? String(cString: stopped) : nil
    }

    /// True once `close()` ran. [-0, +0, -]
    public private(set) var isClosed = false

    /// A state dropped without `close()`: the objects the bindings point to may already be
    /// gone, so finalizers run at close get an error from any binding instead of a crash.
    deinit {
        guard !isClosed else { return }
        clua_detach(mainThread)
        clua_close(mainThread, nil, 0)
    }

    static func owner(of L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(clua_gethost(L).pointee.swift_host).takeUnretainedValue()
    }

    // MARK: Running code

    /// Compiles `source` as a text chunk named `name` ("@file.lua" or "=stdin").
    /// [-0, +1, -] (pushes nothing when it throws)
    public func load(_ source: String, name: String) throws {
        var copy = source
        let status = copy.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { clua_load(L, $0.baseAddress, $0.count, name) }
        }
        if status != LUA_OK {
            let message = describe(at: -1)
            clua_pop(L, 1)
            throw status == LUA_ERRSYNTAX ? LuaError.syntax(message) : LuaError.memory(message)
        }
    }

    /// Calls the function below its `arguments` in protected mode, with a traceback, under the
    /// limits. Leaves `results` values (or all with LUA_MULTRET) on success.
    /// [-(arguments+1), +results, -] (pushes nothing when it throws)
    public func call(arguments: Int32 = 0, results: Int32 = LUA_MULTRET) throws {
        clua_begin_run(L)
        let status = clua_pcall(L, arguments, results, 1)
        clua_end_run(L)
        let aborted = clua_abort_message(L).map { String(cString: $0) }
        if status != LUA_OK || aborted != nil {
            let message = status != LUA_OK ? describe(at: -1) : ""
            if status != LUA_OK { clua_pop(L, 1) }
            clua_clear_abort(L)
            if let aborted { throw LuaError.aborted(aborted) }
            throw status == LUA_ERRMEM ? LuaError.memory(message) : LuaError.runtime(message)
        }
    }

    /// Loads and runs `source` with the values `arguments` pushes (as `...`); returns how
    /// many results it left on the stack.
    /// [-0, +results, -]
    @discardableResult
    public func execute(_ source: String, name: String, results: Int32 = 0, arguments: () throws -> Int32 = { 0 }) throws -> Int32 {
        let base = lua_gettop(L)
        try load(source, name: name)
        let count = try arguments()
        try call(arguments: count, results: results)
        return lua_gettop(L) - base
    }

    /// The limits of a run. 0 means none.
    /// [-0, +0, -]
    public func setLimits(timeoutSeconds: Double, memoryBytes: Int) {
        clua_set_timeout(L, timeoutSeconds)
        clua_set_memory_limit(L, memoryBytes)
    }

    public var memoryInUse: Int { Int(clua_gethost(L).pointee.used) }

    /// Seconds left before the running code's time limit, or nil when it has none (nothing
    /// running, or no `--timeout`). Work a binding starts (a price fetch) must end by then.
    /// [-0, +0, -]
    public var secondsLeft: Double? {
        let left = clua_seconds_left(L)
        return left.isFinite ? left : nil
    }

    // MARK: Values

    /// The value at `index` as text, as `tostring` would give it (protected).
    /// [-0, +0, -]
    public func describe(at index: Int32) -> String {
        if lua_type(L, index) == LUA_TSTRING { return LuaCall(L).string(at: index) ?? "" }
        if clua_ptostring(L, index) == LUA_OK {
            defer { clua_pop(L, 1) }
            return LuaCall(L).string(at: -1) ?? "?"
        }
        clua_pop(L, 1)
        return "(error object is a \(String(cString: lua_typename(L, lua_type(L, index)))) value)"
    }

    /// A Swift function as a Lua C function (through the trampoline). [-0, +1, m]
    public func pushFunction(_ function: @escaping LuaFunction) {
        let box = Unmanaged.passRetained(LuaFunctionBox(function)).toOpaque()
        clua_push_binding(L, box)
    }

    /// Sets global `name` to the value on top of the stack (raw, pops it).
    /// [-1, +0, m]
    public func setGlobal(_ name: String) {
        clua_pushglobaltable(L)
        clua_insert(L, -2)
        LuaCall(L).setField(name, of: -2)
        clua_pop(L, 1)
    }

    /// Pushes global `name` (raw access).
    /// [-0, +1, -]
    @discardableResult
    public func pushGlobal(_ name: String) -> Int32 {
        clua_pushglobaltable(L)
        let type = LuaCall(L).rawField(name, of: -1)
        clua_remove(L, -2)
        return type
    }

    /// The index of the top value (the number of values on the stack). [-0, +0, -]
    public var top: Int32 { lua_gettop(L) }
    /// Sets the stack top, dropping values or padding with nil. [-?, +?, -]
    public func setTop(_ index: Int32) { lua_settop(L, index) }

    // MARK: Classes (userdata with a locked metatable)

    /// Creates the metatable of class `name` with `metamethods` (`__tostring`, …) and
    /// `methods`. Its `__name` is `name`, and `__metatable` locks it against scripts. The
    /// methods table is `__index`, unless an `__index` function is given: that function
    /// then finds the methods in the metatable's `__methods` (see `pushMethod`).
    /// [-0, +0, m]
    public func defineClass(_ name: String, metamethods: [String: LuaFunction], methods: [String: LuaFunction] = [:]) {
        let call = LuaCall(L)
        call.newTable()
        call.newTable()
        for (key, function) in methods {
            pushFunction(function)
            call.setField(key, of: -2)
        }
        if metamethods["__index"] == nil {
            lua_pushvalue(L, -1)
            call.setField("__index", of: -3)
        }
        call.setField("__methods", of: -2)
        call.pushString(name)
        call.setField("__name", of: -2)
        call.pushString("locked")
        call.setField("__metatable", of: -2)
        for (key, function) in metamethods {
            pushFunction(function)
            call.setField(key, of: -2)
        }
        metatables[name] = luaL_ref(L, clua_registryindex())
        recentClasses.removeAll()
    }

    /// The registry reference of class `name`'s metatable.
    func classRef(_ name: String) -> Int32? {
        for entry in recentClasses where entry.name == name { return entry.ref }
        guard let ref = metatables[name] else { return nil }
        if recentClasses.count == 2 { recentClasses.removeFirst() }
        recentClasses.append((name, ref))
        return ref
    }

    /// Adds `methods` to class `name` (defined earlier), for example the registry's methods
    /// of `decimal`.
    /// [-0, +0, m]
    public func addMethods(_ methods: [String: LuaFunction], toClass name: String) {
        guard let ref = metatables[name] else { return }
        lua_rawgeti(L, clua_registryindex(), lua_Integer(ref))
        let call = LuaCall(L)
        call.rawField("__methods", of: -1)
        for (key, function) in methods {
            pushFunction(function)
            call.setField(key, of: -2)
        }
        clua_pop(L, 2)
    }

    /// Pushes a new userdata of class `name` holding `id`.
    /// [-0, +1, m]
    public func pushObject(_ id: Int64, className name: String) {
        let memory = clua_newuserdata(L, MemoryLayout<Int64>.size)!
        memory.storeBytes(of: id, as: Int64.self)
        lua_rawgeti(L, clua_registryindex(), lua_Integer(metatables[name]!))
        lua_setmetatable(L, -2)
    }

    /// The id inside a userdata of class `name` at `index`, or nil.
    /// [-0, +0, -]
    public func objectID(at index: Int32, className name: String) -> Int64? {
        guard lua_type(L, index) == LUA_TUSERDATA, let ref = metatables[name], hasMetatable(at: index, ref: ref) else { return nil }
        return lua_touserdata(L, index).load(as: Int64.self)
    }

    /// The class name of the userdata at `index`, if it is one of ours.
    /// [-0, +0, -]
    public func className(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 else { return nil }
        defer { clua_pop(L, 2) }
        LuaCall(L).rawField("__name", of: -1)
        return LuaCall(L).string(at: -1)
    }

    func metatableRef(_ name: String) -> Int32 { metatables[name]! }

    /// Pushes method `key` of the userdata at `index` (raw lookup in its class's methods);
    /// returns false, pushing nothing, when there is no such method. [-0, +(0|1), -]
    public func pushMethod(_ key: String, of index: Int32) -> Bool {
        let base = lua_gettop(L)
        guard lua_getmetatable(L, index) != 0 else { return false }
        let call = LuaCall(L)
        let found = call.rawField("__methods", of: -1) == LUA_TTABLE && call.rawField(key, of: -1) != LUA_TNIL
        guard found else {
            lua_settop(L, base)  // the metatable, __methods and the nil lookup, however far it got
            return false
        }
        clua_remove(L, -2)
        clua_remove(L, -2)
        return true
    }

    /// The method names of class `name`, for completion and help.
    /// [-0, +0, -]
    public func methodNames(ofClass name: String) -> [String] {
        guard let ref = metatables[name] else { return [] }
        lua_rawgeti(L, clua_registryindex(), lua_Integer(ref))
        let call = LuaCall(L)
        call.rawField("__methods", of: -1)
        var names: [String] = []
        call.forEachStringKey(of: -1) { names.append($0) }
        clua_pop(L, 2)
        return names.sorted()
    }

    func hasMetatable(at index: Int32, ref: Int32) -> Bool {
        guard lua_getmetatable(L, index) != 0 else { return false }
        lua_rawgeti(L, clua_registryindex(), lua_Integer(ref))
        defer { clua_pop(L, 2) }
        return lua_rawequal(L, -1, -2) != 0
    }

    // MARK: Values stored in userdata

    /// Leaves `error` to be raised once the running Swift function has returned, unless
    /// one is already pending: for a value a binding cannot push. [-0, +0, -]
    public func raiseAfterReturn(_ error: Error) {
        if pendingError == nil { pendingError = error }
    }

    /// The pending error, cleared.
    func takePendingError() -> Error? {
        defer { pendingError = nil }
        return pendingError
    }

    /// Pushes a new userdata of class `name` holding a copy of `value`, which must be a
    /// trivial type (no references: the userdata has no `__gc` to release them). Decimals
    /// are stored this way. [-0, +1, m]
    /// (Inlinable, so that the caller's concrete type stores its bytes: unspecialized, the
    /// generic store cost hundreds of instructions a decimal.)
    @inlinable
    public func pushValue<T>(_ value: T, ofClass name: String) {
        pushUserdata(size: MemoryLayout<T>.size, ofClass: name).storeBytes(of: value, as: T.self)
    }

    /// Pushes a new userdata of class `name` of `size` bytes, and returns its memory (for
    /// `pushValue`). [-0, +1, m]
    public func pushUserdata(size: Int, ofClass name: String) -> UnsafeMutableRawPointer {
        let memory = clua_newuserdata(L, size)!
        lua_rawgeti(L, clua_registryindex(), lua_Integer(classRef(name)!))
        lua_setmetatable(L, -2)
        return memory
    }

    /// The size in bytes of the userdata at `index` (0 for anything else): a class whose
    /// values come in two layouts tells them apart by it. [-0, +0, -]
    public func userdataSize(at index: Int32) -> Int {
        lua_type(L, index) == LUA_TUSERDATA ? Int(lua_rawlen(L, index)) : 0
    }

    /// The value inside a userdata of class `name` at `index` (pushed by `pushValue`), or nil.
    /// [-0, +0, -]
    @inlinable
    public func value<T>(at index: Int32, ofClass name: String, as type: T.Type) -> T? {
        userdata(at: index, ofClass: name)?.loadUnaligned(as: T.self)
    }

    /// The memory of a userdata of class `name` at `index`, or nil (for `value`). [-0, +0, -]
    public func userdata(at index: Int32, ofClass name: String) -> UnsafeRawPointer? {
        guard lua_type(L, index) == LUA_TUSERDATA, let ref = classRef(name), hasMetatable(at: index, ref: ref) else { return nil }
        return UnsafeRawPointer(lua_touserdata(L, index))
    }

    // MARK: Interruption

    /// Ctrl-C stops the running chunk while `body` runs (lua.c's laction/lstop).
    /// [-0, +0, -] (besides what `body` does)
    public func withInterruptHandler<T>(_ body: () throws -> T) rethrows -> T {
        clua_install_sigint(mainThread)
        defer { clua_restore_sigint() }
        return try body()
    }

    /// For the command-line tool: a run still going 0.1 s past its `--timeout` where no hook
    /// reaches (a looping `__gc` finalizer, a long Swift computation) ends the process with the
    /// timeout message and `status`, before anything is committed. Never in a library or test.
    /// [-0, +0, -]
    public static func exitProcessWhenStuckPastDeadline(status: Int32) { clua_enable_watchdog(status) }

    /// Asks the running code to stop at its next instruction (safe from a signal handler).
    /// [-0, +0, -]
    public func interrupt() { clua_interrupt(mainThread) }
}
