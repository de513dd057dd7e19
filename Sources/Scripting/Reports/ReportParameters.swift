import Core
import LuaBridge
import LuaDecimals

/// A report's parameters, declared once in the script:
///
///     local r = af.report.new{ title = "Income", params = {
///       year = { type = "integer", default = 2024, help = "The calendar year." },
///       currency = { type = "string", choices = { "EUR", "USD" }, help = "Shown in." },
///     } }
///     print(r.params.year)
///
/// `assetflow report income --year 2023` (or `--param year=2023`) gives a value; the
/// command line's text is checked against the declared type with the words a binding's
/// argument check uses ("an integer expected, got 'x'"), and `--help` lists them.
public struct ReportParameter: Equatable {
    public enum Kind: Equatable {
        case string, integer, decimal, date, boolean
        case choice([String])

        public var name: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .decimal: "decimal"
            case .date: "date"
            case .boolean: "boolean"
            case .choice(let values): values.joined(separator: "|")
            }
        }

        static let typeNames = ["string", "integer", "decimal", "date", "boolean"]
    }

    /// A parameter's value, as the script reads it from `r.params`.
    public enum Value: Equatable {
        case string(String), integer(Int64), decimal(ExactDecimal), boolean(Bool)

        public var description: String {
            switch self {
            case .string(let s): s
            case .integer(let i): String(i)
            case .decimal(let d): d.description
            case .boolean(let b): b ? "true" : "false"
            }
        }

        func push(_ call: LuaCall) {
            switch self {
            case .string(let s): call.pushString(s)
            case .integer(let i): call.pushInteger(i)
            case .decimal(let d): call.pushDecimal(d)
            case .boolean(let b): call.pushBoolean(b)
            }
        }
    }

    public let name: String
    public let kind: Kind
    public let defaultValue: Value?
    public let help: String

    /// `text` (from the command line) read as this parameter's type; the error text is the
    /// one a binding gives for a field of that type.
    public func parse(_ text: String) throws -> Value {
        switch kind {
        case .string: return .string(text)
        case .integer:
            guard let i = Int64(text.trimmingCharacters(in: .whitespaces)) else { throw LuaFieldProblem("an integer expected, got '\(text)'") }
            return .integer(i)
        case .decimal:
            guard let d = ExactDecimal.parseOrNil(text.trimmingCharacters(in: .whitespaces)) else { throw LuaFieldProblem("a decimal expected, got '\(text)'") }
            return .decimal(d)
        case .date:
            do { return .string(try CalendarDate.parse(text).description) } catch let error as DateParseError { throw LuaFieldProblem(error.description) }
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "1": return .boolean(true)
            case "false", "no", "0": return .boolean(false)
            default: throw LuaFieldProblem("true or false expected, got '\(text)'")
            }
        case .choice(let values):
            guard values.contains(text) else { throw LuaFieldProblem("\(ReportParameter.list(values)) expected, got '\(text)'") }
            return .string(text)
        }
    }

    /// `"a", "b" or "c"`, as a LuaEnumeration's error lists them.
    static func list(_ values: [String]) -> String {
        let names = values.map { "\"\($0)\"" }
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
    }

    /// One line of `assetflow report NAME --help`.
    public var helpLine: String {
        let option = "  --\(name.replacingOccurrences(of: "_", with: "-")) <\(kind.name)>"
        let defaultText = defaultValue.map { " (default: \($0.description))" } ?? ""
        let padded = option.count < 30 ? option + String(repeating: " ", count: 30 - option.count) : option + "\n" + String(repeating: " ", count: 30)
        return padded + help + defaultText
    }
}

/// The parameters a script declared and the values it got.
public struct ReportParameters {
    public var declared: [ReportParameter]
    public var values: [String: ReportParameter.Value]

    /// `title` with each `{name}` replaced by the value of parameter `name`: a heading such
    /// as "Income by year ({currency})" says which value the report was run with.
    public static func substitute(_ values: [String: ReportParameter.Value], in title: String) -> String {
        values.reduce(title) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value.description) }
    }

    /// The help text of `assetflow report NAME --help`.
    public static func helpText(report name: String, title: String?, declared: [ReportParameter]?) -> String {
        let heading = "Report '\(name)'" + (title.map { ": \($0)" } ?? "")
        guard let declared, !declared.isEmpty else { return heading + "\nThis report takes no parameters.\n" }
        return heading + "\n\nPARAMETERS (--name value, or --param name=value):\n"
            + declared.map(\.helpLine).joined(separator: "\n") + "\n"
    }

    /// `rawValues(from:)` for the command line: a wrong word is a `ScriptRunError` (the
    /// command line turns it into a usage error without knowing Core's errors).
    public static func commandLineValues(from words: [String]) throws -> [String: String] {
        do { return try rawValues(from: words) } catch let error as RuleViolation { throw ScriptRunError(error.message) }
    }

    /// Command-line words after the report's name → raw values by parameter name:
    /// `--year 2024`, `--year=2024`, `--param year=2024`. A dash in a name is an underscore.
    public static func rawValues(from words: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        var i = 0
        func add(_ name: String, _ value: String) throws {
            let key = name.replacingOccurrences(of: "-", with: "_")
            guard !key.isEmpty else { throw RuleViolation("A report parameter needs a name: --NAME VALUE or --param NAME=VALUE.") }
            if values[key] != nil { throw RuleViolation("The report parameter '\(key)' is given twice.") }
            values[key] = value
        }
        while i < words.count {
            let word = words[i]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw RuleViolation("Unexpected argument '\(word)': give report parameters as --NAME VALUE or --param NAME=VALUE.")
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if value == nil {
                guard i + 1 < words.count else { throw RuleViolation("--\(name) needs a value: --\(name) VALUE.") }
                i += 1
                value = words[i]
            }
            if name == "param" {
                guard let eq = value!.firstIndex(of: "=") else { throw RuleViolation("--param takes NAME=VALUE, got '\(value!)'.") }
                try add(String(value![..<eq]), String(value![value!.index(after: eq)...]))
            } else {
                try add(name, value!)
            }
            i += 1
        }
        return values
    }
}
