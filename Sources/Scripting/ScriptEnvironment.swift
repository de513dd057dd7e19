import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// A Lua state with `af` installed over a store session: what a script or the REPL runs in.
public final class ScriptEnvironment {
    public let lua: LuaState
    public let session: StoreSession
    /// What the code in this environment may reach. Bindings that touch the outside (saving
    /// a report) ask this, never the Lua globals, which a script can change.
    public let policy: SandboxPolicy
    /// The binding running now ("Report:save"), set around each call from its declaration,
    /// so a body names itself in errors without spelling its name again.
    var currentFunction = ""
    /// Hosts quote providers run by af.fetch_prices may reach (`--allow-net HOST`): held
    /// here, not in Lua, so a script cannot widen it.
    public var allowNet: [String] = []
    public let reports: ReportSession  // af.report documents, where they may be saved, colour
    /// What the last `af.asset`/`af.portfolio` that found nothing looked for, with the
    /// closest names: added to an "attempt to index a nil value" error (`Suggestions`), so
    /// `af.asset("KOO"):sell{…}` says which name was missing while `af.asset(x) == nil`
    /// checks keep working.
    public internal(set) var lastMissingName: String?
    /// Where `print` and reports write; tests capture it.
    public var output: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    /// Rows written so far that were counted against --max-memory (`chargeRowsWritten`).
    private var rowsCharged = 0
    /// Host memory counted per row a script writes: the session's caches, SQLite's pages and
    /// journal for the open transaction. An estimate, so that a script writing rows in a loop
    /// meets --max-memory while Lua's own heap stays small.
    static let hostBytesPerRowWritten = 1024

    /// Called with the path of each module `require` reads (sandboxed runs), so that
    /// `assetflow report --watch` can watch them too.
    public var onRequire: ((String) -> Void)?
    /// A table from our functions to their registry names (`help(af.create_asset)`).
    private var documentedNames: LuaReference?

    /// An environment over `session`. `moduleFolders` are where `require` looks (the
    /// script's folder first); the user's library folder is always searched last.
    public init(session: StoreSession, policy: SandboxPolicy = SandboxPolicy(), moduleFolders: [String] = []) throws {
        self.session = session
        self.policy = policy
        // Read once: each read of the process's environment builds a new dictionary.
        let environment = ProcessInfo.processInfo.environment
        reports = ReportSession(reportsFolder: ReportSession.defaultFolder(environment), environment: environment)
        lua = try LuaState(policy: policy)
        lua.installDecimals()
        installClasses()
        installFunctions()
        installPrint()
        try installRequire(ModuleLoader(folders: moduleFolders + [ModuleLoader.userLibrary(environment: environment)]), trusted: policy.trusted)
        try lua.execute(Prelude.source, name: "=prelude")
        try installQueriesOnFirstUse()
        rememberSettingsTable()
        rememberFormatterValues()
        let check = lua.interruptCheck
        session.setInterruptCheck(check.function, context: check.context)
    }

    public convenience init(session: StoreSession, trusted: Bool) throws {
        try self.init(session: session, policy: SandboxPolicy(trusted: trusted))
    }

    deinit { session.setInterruptCheck(nil, context: nil) }

    /// Ends the Lua state while this environment is alive: pending `__gc` finalizers run now
    /// (under the memory limit) and may still print or call `af`. Call it before committing,
    /// so what finalizers do belongs to the run. Nothing may run in this environment after.
    /// Returns the message of the limit that stopped a finalizer: the run then failed.
    @discardableResult
    public func close() -> String? {
        guard !lua.isClosed else { return nil }
        let stopped = lua.close()
        session.setInterruptCheck(nil, context: nil)
        return stopped
    }

    /// Counts the rows written since the last call against --max-memory, as memory held until
    /// the run ends; throws (the memory limit's error, once the binding has returned) past it.
    func chargeRowsWritten(_ call: LuaCall) throws {
        let total = session.changes.total
        defer { rowsCharged = total }
        guard total > rowsCharged else { return }
        try call.reserveHostMemory((total - rowsCharged) * Self.hostBytesPerRowWritten, retained: true)
    }

    /// `af.query` is 20 KB of Lua, and compiling it was about a ninth of the instructions of
    /// an empty `assetflow run` (callgrind): it is compiled when a script first reads
    /// `af.query`, through a metatable on `af` that removes itself then. `loadQueries()`
    /// compiles it now (the REPL does, so that Tab completes `af.query.`).
    private func installQueriesOnFirstUse() throws {
        try lua.execute(QueryPrelude.onFirstUse, name: "=af.query", arguments: {
            LuaCall(self.lua.L).pushString(QueryPrelude.source)
            return 1
        })
    }

    /// Compiles and runs `af.query`'s Lua now, if no script has read `af.query` yet.
    public func loadQueries() throws {
        try lua.execute("local _ = af.query", name: "=af.query")
    }

    private func installRequire(_ loader: ModuleLoader, trusted: Bool) throws {
        if trusted {
            try lua.execute("package.path = ... .. package.path", name: "=require", arguments: { LuaCall(self.lua.L).pushString(loader.trustedPathPrefix()); return 1 })
            return
        }
        try lua.execute(ModuleLoader.sandboxRequire, name: "=require", arguments: {
            self.lua.pushFunction { call in
                guard let name = call.string(at: 1) else { throw LuaArgumentError("require: a module name expected") }
                let module = try loader.source(of: name)
                self.onRequire?(module.file)
                call.pushString(module.source)
                call.pushString(module.path)
                return 2
            }
            return 1
        })
    }

    // MARK: Installation from the registry

    private func installClasses() {
        // Decimals and money are values, not stored objects: their classes exist already
        // (installDecimals); the registry adds the named methods.
        for valueClass in ["decimal", "money"] {
            var methods: [String: LuaFunction] = [:]
            for binding in Registry.bindings(of: valueClass) {
                if case .call(let body) = binding.body { methods[binding.name] = { [unowned self] call in try body(self, call) } }
            }
            lua.addMethods(methods, toClass: valueClass)
        }
        for (className, _) in Registry.classes where className != "decimal" && className != "money" {
            let bindings = Registry.bindings(of: className)
            var fields: [String: (ScriptEnvironment, LuaCall, Int64) throws -> Void] = [:]
            var methods: [String: LuaFunction] = [:]
            for binding in bindings {
                switch binding.body {
                case .field(let read): fields[binding.name] = read
                case .call(let body): methods[binding.name] = { [unowned self] call in try body(self, call) }
                }
            }
            let tostring = ModelDescriptions.describer(for: className)
            var remembered: Set<String> = []
            lua.defineClass(className, metamethods: [
                "__index": { [unowned self] call in
                    guard let key = call.string(at: 2) else { return 0 }
                    if let read = fields[key] {
                        guard let id = self.lua.objectID(at: 1, className: className) else { return 0 }
                        try read(self, call, id)
                        return 1
                    }
                    if self.lua.pushMethod(key, of: 1) {
                        // So help(a.buy) knows the method value (once per method).
                        if remembered.insert(key).inserted { self.rememberDocumentedName("\(className):\(key)", ofFunctionAt: -1) }
                        return 1
                    }
                    let hint = Suggestions.nearest(key, among: Array(fields.keys) + Array(methods.keys)).map { "did you mean '\($0)'? " } ?? ""
                    throw LuaArgumentError("\(className) has no field or method '\(key)' (\(hint)see help(\"\(className)\"))")
                },
                "__tostring": { [unowned self] call in
                    guard let id = self.lua.objectID(at: 1, className: className) else { return 0 }
                    call.pushString(VisibleText.escaped(try tostring(self, id), keepingLineBreaks: false))  // a name never sends raw escape codes
                    return 1
                },
                "__eq": { [unowned self] call in
                    call.pushBoolean(self.lua.objectID(at: 1, className: className) == self.lua.objectID(at: 2, className: className))
                    return 1
                },
            ], methods: methods)
        }
    }

    /// Builds the global `af` table; a binding owned by "af.returns" goes into `af.returns`.
    private func installFunctions() {
        let call = LuaCall(lua.L)
        call.newTable()
        for binding in Registry.all where binding.kind == .function {
            guard case .call(let body) = binding.body else { continue }
            let path = binding.owner.split(separator: ".").dropFirst().map(String.init)
            for key in path {
                if call.rawField(key, of: -1) != LuaTypeCode.table {
                    call.pop()
                    call.newTable()
                    call.pushValue(at: -1)
                    call.setField(key, of: -3)
                }
            }
            call.pushFunction { [unowned self] c in try body(self, c) }
            rememberDocumentedName(binding.qualifiedName, ofFunctionAt: -1)
            if let global = binding.globalAlias {
                call.pushValue(at: -1)
                lua.setGlobal(global)
            }
            call.setField(binding.name, of: -2)
            call.pop(Int32(path.count))
        }
        lua.setGlobal("af")
    }

    /// A Lua function(t) giving `t` a metatable whose `__tostring` is the REPL's summary
    /// (ReplFormatter): so `print(plan)` in a script shows what the REPL shows. Made by the
    /// first `markSummary`: compiling the formatter at every start was about a tenth of an
    /// empty `assetflow run` (callgrind). The formatter reads `af.type`, `rawlen`, `next` and
    /// `tostring` as they were when this environment was made (`formatterValues`), as it did
    /// when it was compiled then, whatever a script has changed since.
    private var summaryMarker: LuaReference?
    private var formatterValues: LuaReference?

    private func rememberFormatterValues() {
        let call = LuaCall(lua.L)
        call.newTable(arrayCount: 4)
        lua.pushGlobal("af")
        call.rawField("type", of: -1)
        call.remove(at: -2)
        call.setElement(1, of: -2)
        for (i, name) in ["rawlen", "next", "tostring"].enumerated() {
            lua.pushGlobal(name)
            call.setElement(i + 2, of: -2)
        }
        formatterValues = lua.makeReference()
    }

    /// Compiles the formatter and the summary marker (once). [-0, +0, -]
    private func makeSummaryMarker(_ call: LuaCall) throws {
        guard summaryMarker == nil, let values = formatterValues else { return }
        let top = call.argumentCount
        defer { call.setTop(top) }
        try lua.load(ReplFormatter.sourceReadingArguments, name: "=formatter")
        try call.callFunction(at: -1, results: 1) {
            lua.push(values)
            for i in 1...4 { call.pushElement(i, of: Int32(-i)) }
            call.remove(at: -5)
            return 4
        }
        try lua.load("""
            local show = ...
            local summary = { __tostring = function(t) return show(t) end }
            return function(t) return setmetatable(t, summary) end
            """, name: "=summary")
        try call.callFunction(at: -1, results: 1) { call.pushValue(at: -3); return 1 }  // the formatter, below the chunk and its copy
        summaryMarker = lua.makeReference()
    }

    /// Gives the table on top of the stack the summary `tostring` (performance results,
    /// rebalancing plans, projections). [-0, +0]
    func markSummary(_ call: LuaCall) throws {
        try makeSummaryMarker(call)
        guard let marker = summaryMarker else { return }
        lua.push(marker)
        try call.callFunction(at: -1, results: 0) { call.pushValue(at: -3); return 1 }
        call.pop()
    }

    /// `help(af.settings)` describes the settings: the table is remembered like a function.
    private func rememberSettingsTable() {
        let call = LuaCall(lua.L)
        if lua.pushGlobal("af") == LuaTypeCode.table, call.rawField("settings", of: -1) == LuaTypeCode.table {
            rememberDocumentedName("af.settings", ofFunctionAt: -1)
            call.pop()
        }
        call.pop()
    }

    /// Functions → their registry names, so `help(af.create_asset)` finds the entry.
    /// Kept in a Lua table referenced from the registry; looked up with raw access.
    private func rememberDocumentedName(_ name: String, ofFunctionAt index: Int32) {
        let call = LuaCall(lua.L)
        let function = call.absoluteIndex(index)
        if documentedNames == nil {
            call.newTable()
            documentedNames = lua.makeReference()
        }
        lua.push(documentedNames!)
        call.pushValue(at: function)
        call.pushString(name)
        call.rawSet(of: -3)
        call.pop()
    }

    func documentedName(ofFunctionAt index: Int32) -> String? {
        guard let documentedNames else { return nil }
        let call = LuaCall(lua.L)
        let function = call.absoluteIndex(index)
        lua.push(documentedNames)
        call.pushValue(at: function)
        call.rawGet(of: -2)
        defer { call.pop(2) }
        return call.string(at: -1)
    }

    /// `print` writes through `output`, so the REPL, reports and tests can capture it.
    private func installPrint() {
        lua.pushFunction { [unowned self] call in
            var parts: [String] = []
            for i in 1...max(1, call.argumentCount) where i <= call.argumentCount {
                parts.append(self.lua.describe(at: i))
            }
            self.output(parts.joined(separator: "\t") + "\n")
            return 0
        }
        lua.setGlobal("print")
    }

    // MARK: Model objects

    public func pushAsset(_ id: Int64) { lua.pushObject(id, className: "Asset") }
    public func pushPortfolio(_ id: Int64) { lua.pushObject(id, className: "Portfolio") }
    public func pushTransaction(_ id: Int64) { lua.pushObject(id, className: "Transaction") }
    public func pushPrice(_ id: Int64) { lua.pushObject(id, className: "Price") }

    /// An asset given as an Asset object or by name.
    func asset(at index: Int32, _ call: LuaCall, function: String) throws -> Asset {
        if let id = lua.objectID(at: index, className: "Asset") { return try session.requireAsset(id: id) }
        if let name = call.string(at: index) {
            guard let asset = try session.asset(named: name) else { throw LuaArgumentError("\(function): no asset named '\(name)'") }
            return asset
        }
        throw LuaArgumentError("\(function): an Asset or an asset name expected, got \(call.typeName(at: index))")
    }

    /// A portfolio given as a Portfolio object or by name.
    func portfolio(at index: Int32, _ call: LuaCall, function: String) throws -> Portfolio {
        if let id = lua.objectID(at: index, className: "Portfolio") {
            guard let p = try session.portfolio(id: id) else { throw LuaArgumentError("\(function): that portfolio was deleted") }
            return p
        }
        if let name = call.string(at: index) {
            guard let p = try session.portfolio(named: name) else { throw LuaArgumentError("\(function): no portfolio named '\(name)'") }
            return p
        }
        throw LuaArgumentError("\(function): a Portfolio or a portfolio name expected, got \(call.typeName(at: index))")
    }

    /// Pushes `items` as a Lua array, each pushed by `push`.
    func pushList<T>(_ items: [T], _ call: LuaCall, _ push: (T) throws -> Void) rethrows {
        call.newTable(arrayCount: items.count)
        for (i, item) in items.enumerated() {
            try push(item)
            call.setElement(i + 1, of: -2)
        }
    }
}
