/// `assetflow report NAME --help` lists the report's own parameters after the command's
/// help; without NAME, `--help` is the command's help as usual. ArgumentParser answers
/// `--help` before any command runs, so the word is renamed first.
enum ReportHelp {
    static let flag = "report-help"
    /// Options of `report` that take a value: the word after them is no report name.
    static let valueOptions: Set<String> = ["--store", "--format", "--output", "--allow-read", "--allow-write", "--timeout", "--max-memory", "--port", "--param"]

    /// The command line with `--help`/`-h` after `report NAME` replaced by `--report-help`.
    static func rewrite(_ arguments: [String]) -> [String] {
        guard let report = firstWord(arguments), arguments[report] == "report" else { return arguments }
        var words = arguments
        var i = report + 1
        var nameSeen = false
        while i < words.count {
            let word = words[i]
            if word == "--" { break }
            if nameSeen, word == "--help" || word == "-h" {
                words[i] = "--" + flag
            } else if valueOptions.contains(word) {
                i += 1
            } else if !word.hasPrefix("-") {
                nameSeen = true
            }
            i += 1
        }
        return words
    }

    /// The index of the first word that is no option nor an option's value: the subcommand.
    static func firstWord(_ arguments: [String]) -> Int? {
        var i = 0
        while i < arguments.count {
            if valueOptions.contains(arguments[i]) { i += 2; continue }
            if !arguments[i].hasPrefix("-") { return i }
            i += 1
        }
        return nil
    }
}
