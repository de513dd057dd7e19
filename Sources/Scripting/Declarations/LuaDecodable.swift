import LuaBridge

/// The arguments of a binding, declared once as a Swift struct: its `fields` list each
/// key with its property, Lua type, whether it is required, and what it means. From that one
/// list come the check for unknown fields, the errors ("af.returns.cagr: field 'from' is
/// required"), the usage line of `help`, REPL.md and the LuaLS `---@class`.
///
///     struct Range: LuaDecodable {
///         var from: CalendarDate!
///         var to: CalendarDate?
///         static let fields: [LuaField<Range>] = [
///             .required("from", \.from, "First day."),
///             .optional("to", \.to, "Last day (default today)."),
///         ]
///         init() {}
///     }
///
/// A `table` layout reads one table of named fields (`f{from = …}`); a `positional`
/// layout reads the fields from consecutive arguments (`f(a, b)`), in order.
public protocol LuaDecodable: LuaReadable {
    init()
    static var fields: [LuaField<Self>] { get }
    static var layout: LuaArgumentLayout { get }
    /// What the error says is expected when no table is given: "a list of rates such as {…}".
    static var tableHint: String? { get }
}

public enum LuaArgumentLayout: Sendable { case table, positional }

extension LuaDecodable {
    public static var layout: LuaArgumentLayout { .table }
    public static var tableHint: String? { nil }

    /// What help, the reference and the stubs say about the fields.
    public static var fieldInfos: [LuaFieldInfo] { fields.map(\.info) }

    /// The keys of the table, for the unknown-field check of a binding that reads its
    /// `declared` fields itself.
    static var fieldNames: [String] { fields.map(\.info.name).filter { !$0.isEmpty && $0 != LuaFieldInfo.othersName } }

    /// A table with no required field may be left out: `p:allocation()`.
    static var mayBeOmitted: Bool { !fields.contains { $0.info.required } }

    /// The `---@class` name of the argument table: "ReturnsBindings.Cagr".
    public static var luaType: LuaType {
        .arguments(name: _typeName(Self.self, qualified: true).split(separator: ".").dropFirst().joined(separator: "."), fields: fieldInfos)
    }

    /// Reads the table of named fields at `index`.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Self {
        var value = Self()
        let call = reader.call
        if call.isNil(at: index), mayBeOmitted { return value }
        let names = fieldNames
        guard call.type(at: index) == LuaTypeCode.table else {
            let expected = tableHint ?? "a table of named fields {\(names.joined(separator: ", "))}"
            throw LuaArgumentError("\(reader.function) expects \(expected), got \(call.typeName(at: index))")
        }
        var unknown: [String] = []
        let takesOthers = fields.contains { $0.info.name == LuaFieldInfo.othersName }
        call.forEachStringKey(of: index) { key in if !names.contains(key), !takesOthers { unknown.append(key) } }
        if let first = unknown.sorted().first {
            let hint = Suggestions.nearest(first, among: names).map { "did you mean '\($0)'? " } ?? ""
            throw LuaArgumentError("\(reader.function): unknown field '\(first)' (\(hint)expected one of: \(names.joined(separator: ", ")))")
        }
        for field in fields {
            if field.info.name == LuaFieldInfo.othersName {
                try field.read(&value, reader, index)
                continue
            }
            if field.info.name.isEmpty {
                do { try field.read(&value, reader, index) } catch let problem as LuaElementProblem {
                    throw LuaArgumentError("\(reader.function) #\(problem.index): \(problem.text)")
                }
                continue
            }
            try call.field(field.info.name, of: index) { i -> Void? in
                if call.isNil(at: i) {
                    if field.info.required, field.info.type == .decimal {
                        // the app's words: "Quantity is required."
                        throw LuaArgumentError("\(reader.function): \(NumberLabels.label(for: field.info.name, in: reader.function)) is required.")
                    }
                    if field.info.required { throw reader.fieldError(field.info.name, "is required") }
                    return nil
                }
                do { try field.read(&value, reader, i) } catch let problem as LuaFieldProblem {
                    if problem.isInvalidNumber { throw reader.invalidNumber(field.info.name, at: i) }
                    throw reader.fieldError(field.info.name, problem.text)
                }
                return ()
            }
        }
        return value
    }

    /// Reads consecutive arguments from `first` on, one per field.
    static func readPositional(_ reader: ArgumentReader, from first: Int32) throws -> Self {
        var value = Self()
        for (offset, field) in fields.enumerated() {
            let index = first + Int32(offset)
            if reader.call.isNil(at: index) {
                if field.info.required { throw LuaArgumentError("\(reader.function): argument \(offset + 1) (\(field.info.name)) is required") }
                continue
            }
            do { try field.read(&value, reader, index) } catch let problem as LuaFieldProblem {
                throw LuaArgumentError("\(reader.function): argument \(offset + 1) (\(field.info.name)): \(problem.text)")
            }
        }
        return value
    }
}

/// One declared field: what it is (`info`) and how its value reaches the struct.
public struct LuaField<Root> {
    public let info: LuaFieldInfo
    let read: (inout Root, ArgumentReader, Int32) throws -> Void

    /// A field that must be given. The property is optional (`var from: CalendarDate!`)
    /// only because the struct starts empty.
    public static func required<T: LuaReadable>(_ name: String, _ path: WritableKeyPath<Root, T?>, _ doc: String = "") -> LuaField {
        LuaField(info: LuaFieldInfo(name: name, type: T.luaType, required: true, doc: doc)) { root, reader, i in root[keyPath: path] = try T.read(reader, at: i) }
    }

    /// A field that may be left out: the property stays nil.
    public static func optional<T: LuaReadable>(_ name: String, _ path: WritableKeyPath<Root, T?>, _ doc: String = "") -> LuaField {
        LuaField(info: LuaFieldInfo(name: name, type: T.luaType, required: false, doc: doc)) { root, reader, i in root[keyPath: path] = try T.read(reader, at: i) }
    }

    /// A field that may be left out: the property keeps its default value.
    public static func optional<T: LuaReadable>(_ name: String, _ path: WritableKeyPath<Root, T>, _ doc: String = "") -> LuaField {
        LuaField(info: LuaFieldInfo(name: name, type: T.luaType, required: false, doc: doc)) { root, reader, i in root[keyPath: path] = try T.read(reader, at: i) }
    }

    /// A field the binding reads itself, for a value no `LuaReadable` type describes (a
    /// model given as a name or a function): declared here for the unknown-field check,
    /// the docs and the stubs.
    public static func declared(_ name: String, _ type: LuaType, required: Bool = false, _ doc: String = "") -> LuaField {
        LuaField(info: LuaFieldInfo(name: name, type: type, required: required, doc: doc)) { _, _, _ in }
    }

    /// Every other key of the table, each with a `T` value: `{stock = 60, bond = 40}`.
    public static func others<T: LuaReadable>(_ path: WritableKeyPath<Root, [String: T]>, _ doc: String = "") -> LuaField where Root: LuaDecodable {
        LuaField(info: LuaFieldInfo(name: LuaFieldInfo.othersName, type: T.luaType, required: false, doc: doc)) { root, reader, table in
            let call = reader.call
            var keys: [String] = []
            call.forEachStringKey(of: table) { if !Root.fieldNames.contains($0) { keys.append($0) } }
            for key in keys.sorted() {
                root[keyPath: path][key] = try call.field(key, of: table) { i in
                    do { return try T.read(reader, at: i) } catch let problem as LuaFieldProblem { throw reader.fieldError(key, problem.text) }
                }
            }
        }
    }

    /// The array part of the table: `{x, y, …}` (with `[T]` read element by element).
    public static func elements<T: LuaReadable>(_ path: WritableKeyPath<Root, [T]>, _ doc: String = "") -> LuaField {
        LuaField(info: LuaFieldInfo(name: "", type: .list(T.luaType), required: false, doc: doc)) { root, reader, i in
            root[keyPath: path] = try [T].readElements(reader, of: i)
        }
    }
}

/// A binding that takes no arguments.
public struct NoArguments: LuaDecodable {
    public static let fields: [LuaField<NoArguments>] = []
    public static let layout = LuaArgumentLayout.positional
    public init() {}
}
