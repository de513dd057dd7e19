import Core
import LuaBridge
import LuaDecimals

/// Reads a table of named arguments (`asset:buy{quantity = 10, price = "12"}`), with errors
/// that name the function and the field, and a complaint about unknown fields (a typo
/// must not be silently ignored). Bindings declare theirs as `LuaDecodable` structs; this
/// reader is left for the nested tables ReportReader walks (a figure, a table's options, a
/// chart), whose allowed keys come from the record types ReportBindings declares.
struct NamedArguments {
    let call: LuaCall
    let index: Int32
    let function: String

    init(_ call: LuaCall, at index: Int32, function: String, allowed: [String]) throws {
        guard call.type(at: index) == LuaTypeCode.table else {
            throw LuaArgumentError("\(function) expects a table of named fields {\(allowed.joined(separator: ", "))}, got \(call.typeName(at: index))")
        }
        self.call = call
        self.index = index
        self.function = function
        var unknown: [String] = []
        call.forEachStringKey(of: index) { key in if !allowed.contains(key) { unknown.append(key) } }
        if let first = unknown.sorted().first {
            throw LuaArgumentError("\(function): unknown field '\(first)' (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }

    func has(_ key: String) -> Bool { call.field(key, of: index) { call.isNil(at: $0) ? nil : true } ?? false }

    func string(_ key: String) throws -> String? {
        try call.field(key, of: index) { i in
            if call.isNil(at: i) { return nil }
            guard let s = call.string(at: i) else { throw fieldError(key, "a string expected, got \(call.typeName(at: i))") }
            return s
        }
    }

    func requiredString(_ key: String) throws -> String {
        guard let s = try string(key) else { throw fieldError(key, "is required") }
        return s
    }

    /// A decimal field. Text that is not a number, or a value of another type, gets the
    /// app's sentence for the field ("Quantity must be a valid number."), after the
    /// function, the field and the value received: `Asset:buy{quantity = '12abc'}: …`.
    /// `label` overrides the field's name in the sentence (`NumberLabels`).
    func decimal(_ key: String, label: String? = nil) throws -> ExactDecimal? {
        try call.field(key, of: index) { i in
            let invalid = "\(label ?? NumberLabels.label(for: key)) must be a valid number."
            do { return try call.decimal(at: i) } catch let error as DecimalParseError where error.reason == nil {
                throw numberError(key, at: i, invalid)
            } catch is LuaArgumentError where call.type(at: i) != LuaTypeCode.number /* a float out of range keeps its own message */ {
                throw numberError(key, at: i, invalid)
            } catch {
                throw numberError(key, at: i, String(describing: error))
            }
        }
    }

    /// A decimal field that must be there: "Quantity is required." otherwise.
    func requiredDecimal(_ key: String, label: String? = nil) throws -> ExactDecimal {
        guard let d = try decimal(key, label: label) else {
            throw LuaArgumentError("\(function): \(label ?? NumberLabels.label(for: key)) is required.")
        }
        return d
    }

    /// `fn{key = 'text'}: problem`, quoting the value received (its type when not text).
    private func numberError(_ key: String, at i: Int32, _ problem: String) -> LuaArgumentError {
        let received = call.type(at: i) == LuaTypeCode.string ? "'\(call.string(at: i)!)'" : call.typeName(at: i)
        return LuaArgumentError("\(function){\(key) = \(received)}: \(problem)")
    }

    func date(_ key: String) throws -> CalendarDate? {
        guard let text = try string(key) else { return nil }
        do { return try CalendarDate.parse(text) } catch let error as DateParseError { throw fieldError(key, error.description) }
    }

    /// Reads field `key` with `read` at its stack index.
    func value<T>(_ key: String, _ read: (Int32) throws -> T?) throws -> T? {
        try call.field(key, of: index) { i in call.isNil(at: i) ? nil : try read(i) }
    }

    func fieldError(_ key: String, _ problem: String) -> LuaArgumentError {
        LuaArgumentError("\(function): field '\(key)'" + (problem.hasPrefix("is ") ? " " : ": ") + problem)
    }
}
