import Core
import LuaBridge

/// Help and introspection: `help`, `af.type`.
enum IntrospectionBindings {
    /// `(topic)`: nothing, a name, a documented function, a class name or one of our objects.
    struct Topic: LuaDecodable {
        var topic: HelpTopic?
        static let fields: [LuaField<Topic>] = [.optional("topic", \.topic, "A name (\"Asset:buy\"), a function (af.create_asset) or an object.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(value)`: any Lua value.
    struct Value: LuaDecodable {
        var value: AnyLuaValue?
        static let fields: [LuaField<Value>] = [.optional("value", \.value, "Any value.")]
        static let layout = LuaArgumentLayout.positional
    }

    static let all: [Binding] = [
        .function("af", "help", Topic.self, returns: .none,
                  "Prints help: an overview, or one function, method or class (by value or by name). Also the global help.",
                  example: #"help(af.create_asset); help("Asset"); help("Asset:buy")"#, global: "help") { env, _, args in
            env.output(HelpText.text(for: args.topic?.name) + "\n")
            return 0
        },
        .function("af", "type", Value.self, returns: .value(.string),
                  "Like type(), but names AssetFlow's values: decimal, Asset, Portfolio, Transaction, Price, …",
                  example: #"af.type(D"1")   --> "decimal""#) { env, call, _ in
            call.pushString(env.lua.className(at: 1) ?? call.typeName(at: 1))
            return 1
        },
    ]
}

/// What `help(x)` is about, by name.
struct HelpTopic: LuaReadable {
    let name: String
    static var luaType: LuaType { .union([.string, .function, .table, .object("Asset"), .object("Portfolio")]) }
    static func read(_ reader: ArgumentReader, at index: Int32) throws -> HelpTopic {
        HelpTopic(name: try reader.environment.helpTopic(reader.call, at: index))
    }
}

/// Any Lua value, left on the stack for the binding to inspect.
struct AnyLuaValue: LuaReadable {
    static var luaType: LuaType { .any }
    static func read(_ reader: ArgumentReader, at index: Int32) throws -> AnyLuaValue { AnyLuaValue() }
}

extension ScriptEnvironment {
    /// What `help(x)` is about: a name, a documented function, or one of our objects.
    func helpTopic(_ call: LuaCall, at index: Int32) throws -> String {
        if let name = call.string(at: index) { return name }
        if let className = lua.className(at: index) { return className }
        if call.type(at: index) == LuaTypeCode.function, let name = documentedName(ofFunctionAt: index) { return name }
        if call.type(at: index) == LuaTypeCode.table { return documentedName(ofFunctionAt: index) ?? "af" }
        throw LuaArgumentError("help: no help for a \(call.typeName(at: index)) value; try help() for the list")
    }
}

/// The text `help` prints, from the registry.
enum HelpText {
    static func text(for topic: String?) -> String {
        guard let topic else { return overview() }
        if topic == "af.settings" || topic == "settings" { return describeSettings() }
        if let binding = Registry.find(topic) { return describe(binding) }
        if let cls = Registry.classes.first(where: { $0.name.lowercased() == topic.lowercased() }) { return describeClass(cls.name, cls.summary) }
        let functions = Registry.all.filter { $0.kind == .function && $0.owner == topic }
        if !functions.isEmpty { return describeNamespace(topic, functions) }
        let near = Registry.all.map(\.qualifiedName).filter { $0.lowercased().contains(topic.lowercased()) }.prefix(8)
        return "No help for '\(topic)'." + (near.isEmpty ? " Try help() for the list." : " Did you mean: " + near.joined(separator: ", ") + "?")
    }

    static func overview() -> String {
        var lines = ["AssetFlow's Lua API. help(name) for details, e.g. help(af.create_asset) or help(\"Asset\").", ""]
        let owners = Array(Set(Registry.all.filter { $0.kind == .function }.map(\.owner))).sorted()
        for owner in owners {
            let names = Registry.bindings(of: owner).filter { $0.kind == .function }.map(\.name)
            lines.append("\(owner): " + names.joined(separator: ", "))
        }
        lines.append("")
        let classWidth = Registry.classes.map(\.name.count).max() ?? 0  // padded, never cut
        for (name, summary) in Registry.classes { lines.append("\(name.padding(toLength: classWidth, withPad: " ", startingAt: 0))  \(summary)") }
        lines.append("")
        lines.append("REPL commands: .help .load FILE .begin .commit .rollback .timing on|off .trace .quit")
        return lines.joined(separator: "\n")
    }

    static func describe(_ b: Binding) -> String {
        var lines = [b.usage, "  " + b.summary] + b.argumentLines.map { "  " + $0.replacingOccurrences(of: "`", with: "") }
        if let example = b.example { lines.append("  Example: " + example) }
        return lines.joined(separator: "\n")
    }

    static func describeSettings() -> String {
        var lines = ["af.settings: the store's settings, read and written like fields (af.settings.name = value).", "Settings:"]
        let width = Registry.settings.map(\.name.count).max() ?? 0
        for s in Registry.settings {
            lines.append("  \(s.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(s.type.compact)  \(s.summary) (also af.\(s.getter)() and af.\(s.setter)(value))")
        }
        lines.append("  Example: af.settings.financial_goal = 250000; print(af.settings.financial_goal); print(af.settings)")
        return lines.joined(separator: "\n")
    }

    static func describeClass(_ name: String, _ summary: String) -> String {
        let bindings = Registry.bindings(of: name)
        var lines = ["\(name): \(summary)"]
        let fields = bindings.filter { $0.kind == .field }
        if !fields.isEmpty {
            lines.append("Fields:")
            let width = fields.map(\.name.count).max() ?? 0
            let typeWidth = fields.map(\.signature.count).max() ?? 0  // padded, never cut
            for f in fields { lines.append("  \(f.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(f.signature.padding(toLength: typeWidth, withPad: " ", startingAt: 0))  \(f.summary)") }
        }
        let methods = bindings.filter { $0.kind == .method }
        if !methods.isEmpty {
            lines.append("Methods:")
            for m in methods { lines.append("  \(m.usage)\n      \(m.summary)") }
        }
        return lines.joined(separator: "\n")
    }

    static func describeNamespace(_ owner: String, _ functions: [Binding]) -> String {
        ([owner + ":"] + functions.map { "  \($0.usage)\n      \($0.summary)" }).joined(separator: "\n")
    }
}
