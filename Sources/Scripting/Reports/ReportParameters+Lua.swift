import Core
import LuaBridge
import LuaDecimals

extension ReportParameters {
    /// The fields of one declaration: `{ type = "integer", default = 2024, help = "…", choices = {…} }`.
    static let declarationFields = ["type", "default", "help", "choices"]

    /// Reads the `params` table at `index` of `af.report.new{…}`, sorted by name; errors
    /// name the parameter and the field.
    static func declarations(_ reader: ArgumentReader, at index: Int32) throws -> [ReportParameter] {
        let call = reader.call
        guard call.type(at: index) == LuaTypeCode.table else {
            throw reader.fieldError("params", "a table {name = {type, default, help}} expected, got \(call.typeName(at: index))")
        }
        var names: [String] = []
        call.forEachStringKey(of: index) { names.append($0) }
        return try names.sorted().map { name in
            try call.field(name, of: index) { i in try declaration(name, reader, at: i) }!
        }
    }

    static func declaration(_ name: String, _ reader: ArgumentReader, at index: Int32) throws -> ReportParameter {
        let where_ = "params.\(name)"
        let args = try NamedArguments(reader.call, at: index, function: "\(reader.function): \(where_)", allowed: declarationFields)
        guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            throw reader.fieldError(where_, "a parameter name is letters, digits and _ (it becomes --\(name))")
        }
        let typeName = try args.string("type") ?? "string"
        guard ReportParameter.Kind.typeNames.contains(typeName) else {
            throw reader.fieldError(where_ + ".type", "\(ReportParameter.list(ReportParameter.Kind.typeNames)) expected, got '\(typeName)'")
        }
        var kind: ReportParameter.Kind = [
            "string": .string, "integer": .integer, "decimal": .decimal, "date": .date, "boolean": .boolean,
        ][typeName]!
        let choices: [String]? = try args.value("choices") { i in
            guard reader.call.isTable(at: i) else { throw reader.fieldError(where_ + ".choices", "a list of strings expected") }
            return (0..<reader.call.rawLength(at: i)).compactMap { e in
                reader.call.pushElement(e + 1, of: i)
                defer { reader.call.pop() }
                return reader.call.string(at: -1)
            }
        }
        if let choices {
            guard kind == .string, !choices.isEmpty else { throw reader.fieldError(where_ + ".choices", "only a string parameter takes a non-empty list of choices") }
            kind = .choice(choices)
        }
        let help = try args.string("help") ?? ""
        let partial = ReportParameter(name: name, kind: kind, defaultValue: nil, help: help)
        let defaultValue = try reader.call.field("default", of: index) { i -> ReportParameter.Value? in
            if reader.call.isNil(at: i) { return nil }
            do { return try partial.parse(text(reader, at: i)) } catch let problem as LuaFieldProblem {
                throw reader.fieldError(where_ + ".default", problem.text)
            }
        }
        return ReportParameter(name: name, kind: kind, defaultValue: defaultValue, help: help)
    }

    /// A default as text, so it is checked by the same rule as a command-line value.
    static func text(_ reader: ArgumentReader, at i: Int32) throws -> String {
        let call = reader.call
        if call.type(at: i) == LuaTypeCode.boolean { return call.boolean(at: i) ? "true" : "false" }
        if let d = reader.environment.lua.decimalValue(at: i) { return d.description }
        if call.type(at: i) == LuaTypeCode.number, let d = try? call.decimal(at: i) { return d.description }
        if let s = call.string(at: i) { return s }
        throw LuaFieldProblem("a \(call.typeName(at: i)) is no parameter value")
    }

    /// The values of `declared` from the command line's `given` text (defaults for the
    /// others): an unknown name or a value of the wrong type is refused.
    static func values(_ declared: [ReportParameter], given: [String: String], function: String) throws -> [String: ReportParameter.Value] {
        let names = declared.map(\.name)
        if let unknown = given.keys.sorted().first(where: { !names.contains($0) }) {
            let hint = Suggestions.nearest(unknown, among: names).map { "did you mean '\($0)'? " } ?? ""
            let known = names.isEmpty ? "this report takes none" : "\(hint)expected one of: \(names.joined(separator: ", "))"
            throw LuaArgumentError("\(function): unknown parameter '\(unknown)' (\(known))")
        }
        var values: [String: ReportParameter.Value] = [:]
        for p in declared {
            if let text = given[p.name] {
                do { values[p.name] = try p.parse(text) } catch let problem as LuaFieldProblem {
                    throw LuaArgumentError("\(function): parameter '\(p.name)': \(problem.text)")
                }
            } else if let d = p.defaultValue {
                values[p.name] = d
            }
        }
        return values
    }
}
