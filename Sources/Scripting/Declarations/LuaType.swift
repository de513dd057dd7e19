/// A Lua type as a binding declares it. One value gives the compact form `help` and the
/// reference show (`{Asset}`, `decimal | nil, reason`) and the LuaLS annotation (`Asset[]`).
public indirect enum LuaType: Equatable, Sendable {
    case string, integer, number, boolean, decimal, table, function, any
    /// An amount and its currency (class "money"): what a function giving an amount of money returns.
    case money
    /// Text in the form YYYY-MM-DD (LuaLS alias `date`).
    case date
    /// One of AssetFlow's classes: "Asset", "Portfolio", "Report", …
    case object(String)
    /// A string from a fixed list: "day" or "month".
    case oneOf([String])
    /// An array `{T, T, …}`.
    case list(LuaType)
    /// A table with named fields, as results are: `{date, value}`.
    case record([LuaRecordField])
    /// A table from keys to values: `{stock = 60, …}`.
    case map(LuaType, LuaType)
    /// The value or nil.
    case optional(LuaType)
    /// Any of these.
    case union([LuaType])
    /// A table of named arguments, declared by a `LuaDecodable` type called `name`.
    case arguments(name: String, fields: [LuaFieldInfo])

    /// The short form of help and the reference: `{Asset}`, `Portfolio|nil`, `{{date, value}}`.
    public var compact: String {
        switch self {
        case .string: "string"
        case .oneOf(let values): values.count > 3 ? "string" : values.map { "\"\($0)\"" }.joined(separator: "|")  // long lists: the summary names them
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .decimal: "decimal"
        case .money: "money"
        case .table: "table"
        case .function: "function"
        case .any: "any"
        case .date: "date"
        case .object(let name): name
        case .list(let element): "{\(element.compact)}"
        case .record(let fields): "{" + fields.map(\.name).joined(separator: ", ") + "}"
        case .map(let key, let value): "{\(key.compact) = \(value.compact)}"
        case .optional(let wrapped): wrapped.compact + "|nil"
        case .union(let types): types.map(\.compact).joined(separator: "|")
        case .arguments(_, let fields): "{" + fields.map(\.usageName).joined(separator: ", ") + "}"
        }
    }

    /// The LuaLS annotation type. `input` widens what a binding accepts: a decimal may be
    /// given as an integer, a float or a string, an object by its name.
    public func luaLS(input: Bool = false) -> String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .decimal: input ? "decimal|money|integer|number|string" : "decimal"
        case .money: "money"
        case .table: "table"
        case .function: "function"
        case .any: "any"
        case .date: "date"
        case .object(let name): input && (name == "Asset" || name == "Portfolio") ? "\(name)|string" : name
        case .oneOf(let values): values.map { "\"\($0)\"" }.joined(separator: "|")
        case .list(let element): element.isSimple(input: input) ? element.luaLS(input: input) + "[]" : "(\(element.luaLS(input: input)))[]"
        case .record(let fields): "{" + fields.map { "\($0.name): \($0.type.luaLS(input: input))" }.joined(separator: ", ") + "}"
        case .map(let key, let value): "table<\(key.luaLS(input: input)), \(value.luaLS(input: input))>"
        case .optional(let wrapped): wrapped.isSimple(input: input) ? wrapped.luaLS(input: input) + "?" : "(\(wrapped.luaLS(input: input)))?"
        case .union(let types): types.map { $0.luaLS(input: input) }.joined(separator: "|")
        case .arguments(let name, _): name
        }
    }

    /// The keys of a record type: the fields a table of that shape may have.
    public var recordKeys: [String] {
        if case .record(let fields) = self { return fields.map(\.name) }
        return []
    }

    /// True when the LuaLS form needs no parentheses before `[]` or `?`.
    func isSimple(input: Bool) -> Bool {
        switch self {
        case .oneOf(let values): values.count == 1
        case .union, .optional: false
        case .decimal: !input
        case .object(let name): !input || (name != "Asset" && name != "Portfolio")
        default: true
        }
    }
}

/// A named field of a result table: `{date, value}`.
public struct LuaRecordField: Equatable, Sendable {
    public let name: String
    public let type: LuaType
    public init(_ name: String, _ type: LuaType) {
        self.name = name
        self.type = type
    }
}

/// What a declaration says about one argument or field: its name, type, whether it must be
/// given, and what it means.
public struct LuaFieldInfo: Equatable, Sendable {
    /// The field's key; "" for the array part of the table (`{x, y, …}`).
    public let name: String
    public let type: LuaType
    public let required: Bool
    public let doc: String

    /// The name of the field that takes every other key (`{stock = 60, …}`).
    public static let othersName = "*"

    /// The name in a usage line: `…` for the array part, `key = …` for the other keys.
    var usageName: String { name.isEmpty ? "…" : name == Self.othersName ? "key = …" : name }
}

/// What a binding returns.
public struct LuaResult: Equatable, Sendable {
    /// Each result with an optional name (`warning`, `reason`).
    public let values: [LuaRecordField]
    /// The `nil, reason` convention: the first value, or nil and a string saying why.
    public let orReason: Bool

    public static let none = LuaResult(values: [], orReason: false)
    public static func value(_ type: LuaType) -> LuaResult { LuaResult(values: [LuaRecordField("", type)], orReason: false) }
    /// `T | nil, reason`: a figure that cannot be computed comes back as nil and the reason.
    public static func figure(_ type: LuaType) -> LuaResult { LuaResult(values: [LuaRecordField("", type)], orReason: true) }
    public static func values(_ values: [LuaRecordField]) -> LuaResult { LuaResult(values: values, orReason: false) }

    /// `decimal`, `decimal | nil, reason`, `{…}, warning`.
    public var compact: String {
        let first = values.enumerated().map { i, v in i == 0 || v.name.isEmpty ? v.type.compact : v.name }.joined(separator: ", ")
        return orReason ? first + " | nil, reason" : first
    }
}
