import ArgumentParser

/// The arguments after the script name go to the script. An option of `run` there
/// (`assetflow run x.lua --store S`) is almost certainly meant for AssetFlow: passing it
/// on silently would run the script against the default store. So it is refused, with the
/// fix; `--` right after the script name passes everything after it to the script.
enum ScriptArguments {
    static let runOptions = ["--store", "--trusted", "--allow-read", "--allow-write", "--allow-net", "--timeout", "--max-memory", "--dry-run"]

    /// The script's arguments: `arguments` without a leading `--`. `commandLine` is the
    /// whole command line, to see a `--` given before the script name.
    static func checked(_ arguments: [String], script: String, commandLine: [String]) throws -> [String] {
        if arguments.first == "--" { return Array(arguments.dropFirst()) }
        if commandLine.dropLast(arguments.count).contains("--") { return arguments }
        for argument in arguments.prefix(while: { $0 != "--" }) {
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            guard runOptions.contains(name) else { continue }
            throw ValidationError("\(name) comes after the script name, so it would go to the script and not to AssetFlow. "
                + "Put options before the script name (assetflow run \(name) … \(script)), "
                + "or use -- to pass them to the script (assetflow run \(script) -- \(argument) …).")
        }
        return arguments
    }
}
