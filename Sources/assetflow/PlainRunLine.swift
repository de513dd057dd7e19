import Scripting

/// The most common command line, `assetflow run [--store PATH] [--dry-run] SCRIPT [ARG …]`
/// with no other option and no argument that begins with "-", read without ArgumentParser.
///
/// ArgumentParser builds `run`'s whole argument set by reflection, and each property wrapper
/// type it meets is a search of the runtime's conformance tables: about 12 M of the 32 M
/// instructions of an empty `assetflow run` (issue 27: an empty run in 10 ms). A line of this
/// shape has one meaning, which ArgumentParser gives it too (a test compares the two on every
/// shape): the store, the flag, the script and its arguments, and no sandbox option. Any
/// other word (another option, help, a second --store, `--`, an argument starting with "-",
/// a value starting with "-") returns nil, and ArgumentParser parses the line as before, with
/// its errors and help.
struct PlainRunLine: Equatable {
    var store: String?
    var dryRun = false
    var script: String
    var arguments: [String]

    init?(_ words: [String]) {
        guard words.first == "run" else { return nil }
        var i = 1
        var store: String?, dryRun = false
        while i < words.count, words[i].hasPrefix("-") {
            let word = words[i]
            if word == "--dry-run", !dryRun {
                dryRun = true
                i += 1
            } else if word == "--store", store == nil, i + 1 < words.count, Self.isPlainValue(words[i + 1]) {
                store = words[i + 1]
                i += 2
            } else if word.hasPrefix("--store="), store == nil, Self.isPlainValue(String(word.dropFirst(8))) {
                store = String(word.dropFirst(8))
                i += 1
            } else {
                return nil
            }
        }
        guard i < words.count, Self.isPlainValue(words[i]) else { return nil }
        let arguments = Array(words[(i + 1)...])
        guard arguments.allSatisfy({ !$0.hasPrefix("-") }) else { return nil }
        self.store = store
        self.dryRun = dryRun
        self.script = words[i]
        self.arguments = arguments
    }

    /// A value ArgumentParser cannot take for an option or a flag: not empty, no leading "-".
    private static func isPlainValue(_ word: String) -> Bool { !word.isEmpty && !word.hasPrefix("-") }

    /// The run `RunCommand` makes of the same line.
    var scriptRun: ScriptRun {
        var run = SandboxOptions.defaultRun(storePath: GlobalOptions.storePath(store))
        run.arguments = arguments
        return run
    }

    func perform() throws {
        try RunCommand.perform(scriptRun, script: script, dryRun: dryRun)
    }
}
