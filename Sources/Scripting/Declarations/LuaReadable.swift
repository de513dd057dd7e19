import Core
import LuaBridge
import LuaDecimals
import Store

/// A Swift value a binding reads from a Lua value, with the Lua type it declares.
public protocol LuaReadable {
    static var luaType: LuaType { get }
    /// Reads the non-nil value at `index`. A wrong value throws `LuaFieldProblem` (the
    /// caller adds the function and field); other errors pass through as they are.
    static func read(_ reader: ArgumentReader, at index: Int32) throws -> Self
}

/// What is wrong with one value, before the function and field are named:
/// "a string expected, got number".
public struct LuaFieldProblem: Error, CustomStringConvertible {
    public let text: String
    /// Text that is no number, or a value of another type, where a decimal was expected:
    /// reported in the app's words ("Quantity must be a valid number.").
    public var isInvalidNumber = false
    public init(_ text: String, isInvalidNumber: Bool = false) {
        self.text = text
        self.isInvalidNumber = isInvalidNumber
    }
    public var description: String { text }
}

/// What is wrong with element `index` of a list.
struct LuaElementProblem: Error, CustomStringConvertible {
    let index: Int
    let text: String
    var description: String { "element \(index): \(text)" }
}

/// Reads the arguments of one call: the environment (to find assets by name), the stack and
/// the name errors start with.
public struct ArgumentReader {
    let environment: ScriptEnvironment
    public let call: LuaCall
    /// `af.create_asset`, `Asset:buy`: the prefix of every error.
    public let function: String

    /// `fn{key = 'text'}: Quantity must be a valid number.`: the app's sentence after the
    /// function, the field and the value received (its type when it is not text).
    func invalidNumber(_ key: String, at i: Int32) -> LuaArgumentError {
        let received = call.type(at: i) == LuaTypeCode.string ? "'\(call.string(at: i)!)'" : call.typeName(at: i)
        return LuaArgumentError("\(function){\(key) = \(received)}: \(NumberLabels.label(for: key, in: function)) must be a valid number.")
    }

    func fieldError(_ key: String, _ problem: String) -> LuaArgumentError {
        LuaArgumentError("\(function): field '\(key)'" + (problem.hasPrefix("is ") ? " " : ": ") + problem)
    }
}

extension ArgumentReader {
    /// The reader of the binding running now in `environment` (see `currentFunction`).
    init(_ environment: ScriptEnvironment, _ call: LuaCall) {
        self.init(environment: environment, call: call, function: environment.currentFunction)
    }
}

extension String: LuaReadable {
    public static var luaType: LuaType { .string }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> String {
        guard let s = reader.call.string(at: index) else { throw LuaFieldProblem("a string expected, got \(reader.call.typeName(at: index))") }
        return s
    }
}

extension Int64: LuaReadable {
    public static var luaType: LuaType { .integer }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Int64 {
        if let i = reader.call.integer(at: index) { return i }
        throw LuaFieldProblem("an integer expected, got \(reader.call.typeName(at: index))")
    }
}

extension Bool: LuaReadable {
    public static var luaType: LuaType { .boolean }
    /// Lua truth: anything but nil and false.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Bool { reader.call.boolean(at: index) }
}

extension ExactDecimal: LuaReadable {
    public static var luaType: LuaType { .decimal }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> ExactDecimal {
        do {
            guard let d = try reader.call.decimal(at: index) else { throw LuaFieldProblem("a decimal expected, got nil") }
            return d
        } catch let problem as LuaFieldProblem { throw problem } catch let error as DecimalParseError where error.reason == nil {
            throw LuaFieldProblem(error.description, isInvalidNumber: true)
        } catch let error as LuaArgumentError where reader.call.type(at: index) != LuaTypeCode.number {
            throw LuaFieldProblem(error.description, isInvalidNumber: true)  // a boolean, a table…
        } catch { throw LuaFieldProblem(String(describing: error)) }
    }
}

extension CalendarDate: LuaReadable {
    public static var luaType: LuaType { .date }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> CalendarDate {
        let text = try String.read(reader, at: index)
        do { return try CalendarDate.parse(text) } catch let error as DateParseError { throw LuaFieldProblem(error.description) }
    }
}

extension Asset: LuaReadable {
    public static var luaType: LuaType { .object("Asset") }
    /// An Asset object or an asset's name.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Asset {
        try reader.environment.asset(at: index, reader.call, function: reader.function)
    }
}

extension Portfolio: LuaReadable {
    public static var luaType: LuaType { .object("Portfolio") }
    /// A Portfolio object or a portfolio's name.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Portfolio {
        try reader.environment.portfolio(at: index, reader.call, function: reader.function)
    }
}

/// A string from a fixed list, read into a Swift enum: `every = "day"`.
public protocol LuaEnumeration: LuaReadable, CaseIterable, RawRepresentable where RawValue == String {}

extension LuaEnumeration {
    public static var luaType: LuaType { .oneOf(allCases.map(\.rawValue)) }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Self {
        let text = try String.read(reader, at: index)
        guard let value = Self(rawValue: text) else {
            let names = allCases.map { "\"\($0.rawValue)\"" }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw LuaFieldProblem("\(list) expected, got '\(text)'")
        }
        return value
    }
}

/// Every day or every month: the step of a timeline or a series.
public enum LuaStep: String, LuaEnumeration {
    case day, month
}

extension Array: LuaReadable where Element: LuaReadable {
    public static var luaType: LuaType { .list(Element.luaType) }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> [Element] {
        guard reader.call.type(at: index) == LuaTypeCode.table else { throw LuaFieldProblem("a list of \(Element.luaType.compact) expected, got \(reader.call.typeName(at: index))") }
        do { return try readElements(reader, of: index) } catch let problem as LuaElementProblem { throw LuaFieldProblem(problem.description) }
    }

    /// The array part of the table at `index`, element by element; a wrong element throws
    /// `LuaElementProblem`.
    static func readElements(_ reader: ArgumentReader, of index: Int32) throws -> [Element] {
        let call = reader.call
        let table = index < 0 ? call.argumentCount + index + 1 : index
        let count = call.rawLength(at: table)
        var result: [Element] = []
        for i in 1...Swift.max(1, count) where i <= count {
            call.pushElement(i, of: table)
            defer { call.pop() }
            do { result.append(try Element.read(reader, at: call.argumentCount)) } catch let problem as LuaFieldProblem {
                throw LuaElementProblem(index: i, text: problem.text)
            }
        }
        return result
    }
}

/// An object of one of AssetFlow's classes that lives only in the session (a report, a
/// plan), known by its id.
public protocol LuaObjectHandle: LuaReadable {
    static var className: String { get }
    /// How the method is called, for the error when the receiver is wrong: "r:text(…), with r from af.report.new{…}".
    static var callHint: String { get }
    init(id: Int64)
}

extension LuaObjectHandle {
    public static var luaType: LuaType { .object(className) }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Self {
        guard let id = reader.environment.lua.objectID(at: index, className: className) else {
            let method = reader.function.split(separator: ":").last.map(String.init) ?? ""
            throw LuaFieldProblem(callHint.replacingOccurrences(of: "METHOD", with: method))
        }
        return Self(id: id)
    }
}
