import ArgumentParser

/// Options written before the subcommand (`assetflow --store X import …`) are moved after
/// it (`assetflow import --store X …`), where the subcommand's parser reads them: options
/// before or after the subcommand work alike.
enum LeadingOptions {
    /// Options that take a value as the next argument.
    static let taking: Set<String> = ["--store"]

    /// `arguments` (without the program name) with the options before the subcommand
    /// path (`rates import`) moved right after it; unchanged when no subcommand follows them.
    static func reordered(_ arguments: [String], root: ParsableCommand.Type) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "--" {
            leading.append(arguments[index])
            if taking.contains(arguments[index]), index + 1 < arguments.count {
                leading.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        var command: ParsableCommand.Type = root
        var path: [String] = []
        while index < arguments.count, let sub = subcommand(named: arguments[index], of: command) {
            path.append(arguments[index])
            command = sub
            index += 1
        }
        guard !path.isEmpty else { return arguments }
        return path + leading + Array(arguments[index...])
    }

    /// argument-parser's name for a type without a commandName: "FetchCommand" → "fetch".
    static func defaultName(_ type: String) -> String {
        let base = type.hasSuffix("Command") && type != "Command" ? String(type.dropLast(7)) : type
        var name = ""
        for (i, c) in base.enumerated() {
            if c.isUppercase, i > 0 { name.append("-") }
            name.append(Character(c.lowercased()))
        }
        return name
    }

    static func subcommand(named name: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first { sub in
            let config = sub.configuration
            let own = config.commandName ?? defaultName(String(describing: sub))
            return own == name || config.aliases.contains(name)
        }
    }
}
