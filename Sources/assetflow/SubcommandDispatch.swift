import ArgumentParser

/// ArgumentParser parses every command line but the plainest `run` lines (`PlainRunLine`);
/// this only chooses where it starts. Parsing from the
/// root builds the whole command tree and reflects on more commands than the one used (the
/// root, the default `repl`, and the used one twice), and every new type it reflects on is a
/// search of the runtime's conformance tables: about a third of an empty `assetflow run`'s
/// instructions. So when the first word names a subcommand, that subcommand's own
/// `parseAsRoot` parses the rest, and its result is kept only when it is a command of that
/// subcommand's tree, parsed without an error. Everything else — any error, help, a version
/// or completion request, or a word that may be one (`isBuiltIn`) — is parsed again from
/// the root, so messages, help text, exit codes and completion scripts are the root's, as
/// before. A subcommand's `validate()` may then run twice; none has side effects.
///
/// Every command states its `commandName`: ArgumentParser derives a missing one from
/// `String(describing:)` of the type, about 1.8 M instructions each (the four nested
/// commands' names were 7 M of every start).
///
/// Each subcommand names the tool as its "super command" (`_superCommandName`, ArgumentParser's
/// experimental pseudo-command setting): parsed as a root, it then skips ArgumentParser's check
/// for a completion-script request, which parses the words twice more against two commands of
/// its own (about 8 M instructions, a fifth of an empty `assetflow run`). Such a request never
/// reaches that parse (`isBuiltIn` sends it to the root), and the setting only changes the help
/// of a command parsed as the root, which is never printed: help goes to the root too.
enum SubcommandDispatch {
    /// The tool's name, each subcommand's "super command".
    static let toolName = "assetflow"

    /// The command `arguments` (without the program name) select, parsed by ArgumentParser.
    static func parse(_ arguments: [String], root: ParsableCommand.Type) throws -> ParsableCommand {
        if let command = parsedBySubcommand(arguments, root: root) { return command }
        return try root.parseAsRoot(arguments)
    }

    /// The command parsed by the subcommand the first word names; nil when the root must parse.
    static func parsedBySubcommand(_ arguments: [String], root: ParsableCommand.Type) -> ParsableCommand? {
        guard let first = arguments.first, let sub = LeadingOptions.subcommand(named: first, of: root) else { return nil }
        let rest = Array(arguments.dropFirst())
        guard !rest.contains(where: isBuiltIn) else { return nil }
        guard let command = try? sub.parseAsRoot(rest), isCommand(type(of: command), in: sub) else { return nil }
        return command
    }

    /// A word ArgumentParser may answer itself from the root's command stack: help (`-h`,
    /// `--help`, `-help`, a short-flag cluster with h), `--version` (the root's), a
    /// completion request (`--generate-completion-script`, `---completion`), or the help
    /// dump. Where a command captures it as a value (a script's argument), the root's parse
    /// gives the same result, only slower.
    static func isBuiltIn(_ word: String) -> Bool {
        guard word.hasPrefix("-") else { return false }
        if word.hasPrefix("---") { return true }
        let name = word.hasPrefix("--") ? String(word.dropFirst(2).prefix { $0 != "=" }) : String(word.dropFirst())
        if word.hasPrefix("--") {
            return name == "help" || name == "version" || name.hasPrefix("generate-completion-script") || name.hasPrefix("experimental-dump-help")
        }
        return name.contains("h") || name == "version"
    }

    /// Whether `type` is `command` or one of the commands below it.
    static func isCommand(_ type: ParsableCommand.Type, in command: ParsableCommand.Type) -> Bool {
        if ObjectIdentifier(type) == ObjectIdentifier(command) { return true }
        return command.configuration.subcommands.contains { isCommand(type, in: $0) }
    }
}
