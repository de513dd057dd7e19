import ArgumentParser
import Foundation
import LuaBridge
import Store

/// Options every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file.", valueName: "path"))
    var store: String?

    /// --store, else $ASSETFLOW_STORE, else the XDG data folder.
    var storePath: String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["ASSETFLOW_STORE"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("assetflow/assetflow.sqlite")
    }

    /// The store, checked. A store that cannot be opened is not a usage mistake: the error
    /// exits 1 (not 64) and says why; a busy store waits first (see Documentation/Store.md).
    func openStore() throws -> AssetFlowStore {
        do {
            return try AssetFlowStore(path: storePath)
        } catch let error as StoreError {
            throw StoreOpenFailure(description: "Cannot open the store at \(storePath). \(error)")
        } catch {
            throw StoreOpenFailure(description: "Cannot open the store at \(storePath): \(error). Pass another with --store PATH.")
        }
    }
}

/// A store that could not be opened: printed as "Error: …", exit status 1.
struct StoreOpenFailure: Error, CustomStringConvertible {
    let description: String
}

/// Limits and permissions of Lua code.
struct SandboxOptions: ParsableArguments {
    @Flag(help: "Give the script the full Lua library (files, processes, environment).")
    var trusted = false

    @Option(name: .customLong("allow-read"), help: ArgumentHelp("Let io.open and io.lines read files in this folder (repeatable).", valueName: "dir"))
    var allowRead: [String] = []

    @Option(name: .customLong("allow-write"), help: ArgumentHelp("Let io.open write (and read) files in this folder (repeatable).", valueName: "dir"))
    var allowWrite: [String] = []

    @Option(help: ArgumentHelp("Stop the script after this many seconds.", valueName: "seconds"))
    var timeout: Double = 0

    @Option(name: .customLong("max-memory"), help: ArgumentHelp("Stop the script when Lua uses more than this many megabytes.", valueName: "MB"))
    var maxMemory: Int = 0

    var policy: SandboxPolicy { SandboxPolicy(trusted: trusted, allowRead: allowRead, allowWrite: allowWrite) }

    func validate() throws {
        if timeout < 0 { throw ValidationError("--timeout takes a number of seconds of 0 or more (0 means no limit).") }
        if maxMemory < 0 { throw ValidationError("--max-memory takes a number of megabytes of 0 or more (0 means no limit).") }
    }
}
