import Core
import Foundation
import LuaBridge
import Store

/// Everything that describes one run of Lua code: the store, what the code may reach
/// (the sandbox's allowances), how long and large it may grow, whether its changes are
/// kept, and its arguments. `assetflow run`, `assetflow report` and `assetflow repl` all
/// build one from the same options, and every run makes its environment here, so a flag
/// means the same everywhere.
public struct ScriptRun {
    /// The store file; nil for a store in memory.
    public var storePath: String?
    /// The full standard library (`--trusted`).
    public var trusted = false
    /// Folders `io.open`/`io.lines` may read (`--allow-read DIR`).
    public var allowRead: [String] = []
    /// Folders `io.open` may write, and read (`--allow-write DIR`).
    public var allowWrite: [String] = []
    /// Hosts quote providers may reach from af.fetch_prices (`--allow-net HOST`).
    public var allowNet: [String] = []
    /// Seconds (`--timeout`); 0 = no limit.
    public var timeoutSeconds: Double = 0
    /// Megabytes of Lua memory (`--max-memory`); 0 = no limit.
    public var maxMemoryMB: Int = 0
    /// Run, report what would change, roll back (`--dry-run`).
    public var dryRun = false
    /// `arg[1…]` of the script.
    public var arguments: [String] = []
    /// For the command-line tool only (never a library or a test): a run still going 0.1 s
    /// past its `--timeout` where no hook reaches (a looping `__gc` finalizer, a long Swift
    /// computation) ends the process with the timeout message and status 1, before anything
    /// is committed.
    public var exitProcessWhenStuckPastDeadline = false

    public init() {}

    /// What Lua code may reach.
    public var policy: SandboxPolicy { SandboxPolicy(trusted: trusted, allowRead: allowRead, allowWrite: allowWrite) }

    /// ASSETFLOW_TODAY=YYYY-MM-DD fixes the day every command takes as today (the date
    /// rules, reports, default dates), so a session can be replayed with the same figures
    /// (REPL.md's walkthrough and the command-line tests are made this way); nil: the clock.
    public static var fixedToday: CalendarDate? {
        ProcessInfo.processInfo.environment["ASSETFLOW_TODAY"].flatMap { CalendarDate($0) }
    }

    /// `error` as the command line prints it: the store's sentence for a damaged page.
    public static func userFacing(_ error: Error) -> Error { StoreError.userFacing(error) }

    /// Opens (and creates on first use) the store, checked; the error names the path and
    /// says why. A store that cannot be opened is not a usage mistake (exit 1, not 64); a
    /// busy store waits first (see Documentation/Store.md).
    public func openStore() throws -> AssetFlowStore {
        let path = storePath ?? "memory"
        do {
            let store = try AssetFlowStore(path: storePath)
            store.today = Self.fixedToday
            return store
        } catch let error as StoreError {
            throw ScriptRunError("Cannot open the store at \(path). \(error)")
        } catch {
            throw ScriptRunError("Cannot open the store at \(path): \(error). Pass another with --store PATH.")
        }
    }

    /// The environment of this run over `session`: the sandbox, the limits, and `arg` for
    /// `script` (nil in the REPL). `require` looks in `moduleFolders` first.
    public func environment(session: StoreSession, script: String?, moduleFolders: [String]) throws -> ScriptEnvironment {
        if exitProcessWhenStuckPastDeadline { LuaState.exitProcessWhenStuckPastDeadline(status: 1) }
        let env = try ScriptEnvironment(session: session, policy: policy, moduleFolders: moduleFolders)
        env.allowNet = allowNet
        if let script { env.setArguments(script: script, arguments) }
        env.lua.setLimits(timeoutSeconds: timeoutSeconds, memoryBytes: maxMemoryMB * 1024 * 1024)
        return env
    }

    /// The folder of `script`, where its `require` looks first.
    static func folder(of script: String) -> String {
        let folder = ((script as NSString).deletingLastPathComponent as NSString).standardizingPath
        return folder.isEmpty ? "." : folder
    }
}

/// A run that could not start; the message says why and what to pass instead.
public struct ScriptRunError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}


extension ScriptRun {
    /// The full, read-only check of the store at `path` (`assetflow check`), so the command
    /// line reaches the store through this layer only. A store that cannot be read at all
    /// is an error that says why.
    public static func checkStore(at path: String) throws -> StoreCheckReport {
        do { return try AssetFlowStore.check(path: path) } catch {
            throw ScriptRunError("Cannot check the store at \(path). \(error)")
        }
    }

    /// `assetflow check --repair`: rebuilds the store's derived rows (never its source rows)
    /// in one transaction, and returns what differed before.
    public static func repairDerivedData(at path: String) throws -> [DerivedMismatch] {
        let store: AssetFlowStore
        do { store = try AssetFlowStore(path: path) } catch {
            throw ScriptRunError("Cannot repair the store at \(path). \(error)")
        }
        return try store.repairDerivedData()
    }
}
