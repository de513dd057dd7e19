import ArgumentParser
import Foundation
import Scripting

/// Options every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file.", valueName: "path"))
    var store: String?

    /// --store, else $ASSETFLOW_STORE, else the XDG data folder.
    var storePath: String { Self.storePath(store) }

    /// `store` (the --store option), else $ASSETFLOW_STORE, else the XDG data folder.
    static func storePath(_ store: String?) -> String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["ASSETFLOW_STORE"], !path.isEmpty { return path }
        return (UserFolders.dataHome(environment) as NSString).appendingPathComponent("assetflow/assetflow.sqlite")
    }
}

/// Limits and permissions of Lua code: one group, pulled in by `run`, `report` and `repl`,
/// so each flag means the same in all three.
struct SandboxOptions: ParsableArguments {
    @Flag(help: "Give the script the full Lua library: files, processes, environment.")
    var trusted = false

    @Option(name: .customLong("allow-read"), help: ArgumentHelp("Let io.open and io.lines read files in this folder (repeatable).", valueName: "dir"))
    var allowRead: [String] = []

    @Option(name: .customLong("allow-write"), help: ArgumentHelp("Let io.open write (and read) files in this folder (repeatable).", valueName: "dir"))
    var allowWrite: [String] = []

    @Option(name: .customLong("allow-net"), help: ArgumentHelp("Let quote providers run by af.fetch_prices reach this host (repeatable).", valueName: "host"))
    var allowNet: [String] = []

    // Optional, so the help states the default in words ("0: no limit") instead of "(default: 0.0)" cut in two.
    @Option(help: ArgumentHelp("Stop the script after this many seconds; 0, the default, means no limit.", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("max-memory"), help: ArgumentHelp("Stop the script when Lua uses more than this many megabytes; 0, the default, means no limit.", valueName: "MB"))
    var maxMemory: Int?

    func validate() throws {
        if (timeout ?? 0) < 0 { throw ValidationError("--timeout takes a number of seconds of 0 or more (0 means no limit).") }
        if (maxMemory ?? 0) < 0 { throw ValidationError("--max-memory takes a number of megabytes of 0 or more (0 means no limit).") }
    }

    /// The run these options and the store describe: the one place flags become a run.
    func scriptRun(_ global: GlobalOptions) -> ScriptRun {
        var run = Self.defaultRun(storePath: global.storePath)
        run.trusted = trusted
        run.allowRead = allowRead
        run.allowWrite = allowWrite
        run.allowNet = allowNet
        run.timeoutSeconds = timeout ?? 0
        run.maxMemoryMB = maxMemory ?? 0
        return run
    }

    /// The run of no sandbox option at all, on the store at `storePath`.
    static func defaultRun(storePath: String) -> ScriptRun {
        var run = ScriptRun()
        run.storePath = storePath
        run.exitProcessWhenStuckPastDeadline = true  // --timeout holds even where no hook reaches
        return run
    }
}

extension ScriptRunError {
    /// As argument-parser shows a usage error: the message, exit code 64.
    var asValidationError: ValidationError { ValidationError(description) }
}
