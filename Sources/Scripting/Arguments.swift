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

    func decimal(_ key: String) throws -> ExactDecimal? {
        try call.field(key, of: index) { i in
            do { return try call.decimal(at: i) } catch { throw fieldError(key, String(describing: error)) }
        }
    }

    func requiredDecimal(_ key: String) throws -> ExactDecimal {
        guard let d = try decimal(key) else { throw fieldError(key, "is required") }
        return d
    }

    func date(_ key: String) throws -> CalendarDate? {
        guard let text = try string(key) else { return nil }
        guard let date = CalendarDate(text) else { throw fieldError(key, "'\(text)' is not a date in the form YYYY-MM-DD") }
        return date
    }

    /// Reads field `key` with `read` at its stack index.
    func value<T>(_ key: String, _ read: (Int32) throws -> T?) throws -> T? {
        try call.field(key, of: index) { i in call.isNil(at: i) ? nil : try read(i) }
    }

    func fieldError(_ key: String, _ problem: String) -> LuaArgumentError {
        LuaArgumentError("\(function): field '\(key)'" + (problem.hasPrefix("is ") ? " " : ": ") + problem)
    }
}
