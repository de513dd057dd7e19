import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// A provider loaded in a sandboxed Lua state of its own, over a scratch in-memory store (a
/// provider never sees the user's store): its `af` holds only `af.http.get` (through
/// `QuoteHTTP`, to the hosts allowed) and `af.csv`.
public final class ProviderRun {
    public let provider: QuoteProvider
    public let http: QuoteHTTP
    /// Its API key (`request.key`), never shown in a message.
    public let key: String?
    let environment: ScriptEnvironment
    /// Seconds and bytes a provider's Lua may use per call of `fetch`.
    public static let timeLimit: Double = 120
    public static let memoryLimit = 128 << 20

    /// Loads `provider` over `scratch` (a session of an in-memory store) with `allowed`
    /// the hosts the user allowed and `key` its API key.
    public init(provider: QuoteProvider, allowed: [String], scratch: StoreSession, http: QuoteHTTP? = nil, key: String? = nil,
                deadline: Date? = nil, subject: String? = nil) throws {
        self.provider = provider
        self.key = key
        self.http = http ?? QuoteHTTP(allowance: HostAllowance(provider: provider.name, declared: [], allowed: []))
        self.http.allowance = HostAllowance(provider: provider.name, declared: provider.declaredHosts, allowed: allowed, subject: subject)
        self.http.secrets = key.map { [$0] } ?? []
        environment = try ScriptEnvironment(session: scratch)
        let secrets = self.http.secrets
        environment.output = { FileHandle.standardOutput.write(Data(QuoteHTTP.redact($0, secrets: secrets).utf8)) }  // a print never shows the key
        environment.lua.setLimits(timeoutSeconds: Self.seconds(until: deadline), memoryBytes: Self.memoryLimit)
        try installAf()
        do {
            try environment.lua.execute(provider.source, name: "@\(provider.name).lua")
        } catch {
            throw failure("could not be loaded: \(error)")
        }
    }

    deinit { environment.close() }

    /// The provider's time limit: its own, or less when the script that asked has less left.
    static func seconds(until deadline: Date?) -> Double {
        deadline.map { min(timeLimit, max(0.001, $0.timeIntervalSinceNow)) } ?? timeLimit
    }

    /// The prices `fetch{ symbol, from, to, currency, key }` returns, checked: a date, an
    /// exact price (a string, decimal or integer: never a float) and a currency each. With
    /// `deadline` (the time limit of the script that asked), neither the provider's Lua nor
    /// its requests go past it.
    public func fetch(symbol: String, from: CalendarDate, to: CalendarDate, currency: String, deadline: Date? = nil) throws -> [FetchedPrice] {
        do {
            return try unredactedFetch(symbol: symbol, from: from, to: to, currency: currency, deadline: deadline)
        } catch let failure as QuoteHTTP.Failure {
            throw QuoteHTTP.Failure(message: QuoteHTTP.redact(failure.message, secrets: http.secrets))
        }
    }

    private func unredactedFetch(symbol: String, from: CalendarDate, to: CalendarDate, currency: String, deadline: Date?) throws -> [FetchedPrice] {
        let fields = [("symbol", symbol), ("from", from.description), ("to", to.description), ("currency", currency)]
        return try call("fetch", fields: fields, deadline: deadline) { try readPrices($0) }
    }

    /// Calls the provider's global `function` with one request table of `fields` (and `key`,
    /// when it has one) and reads its result with `read`, within the limits; a failure names
    /// the provider (a refused request keeps its own message), or is what `describe` makes of
    /// the error's text.
    func call<T>(_ function: String, fields: [(String, String)], deadline: Date?, describe: ((String) -> String)? = nil,
                 read: (LuaCall) throws -> T) throws -> T {
        let lua = environment.lua
        let call = LuaCall(lua.L)
        let base = call.argumentCount
        defer { call.setTop(base) }
        lua.setLimits(timeoutSeconds: Self.seconds(until: deadline), memoryBytes: Self.memoryLimit)
        http.deadline = deadline
        do {
            try lua.execute("""
                local name = ...
                if type(_ENV[name]) ~= "function" then error("it defines no function " .. name .. "(request)", 0) end
                return _ENV[name](select(2, ...))
                """, name: "=\(function)", results: 1) {
                call.pushString(function)
                call.newTable()
                for (key, value) in fields {
                    call.pushString(value)
                    call.setField(key, of: -2)
                }
                if let key = self.key {
                    call.pushString(key)
                    call.setField("key", of: -2)
                }
                return 2
            }
        } catch {
            let text = Self.text(of: error)
            // A refused request already names the provider: its message without Lua's position.
            if let start = text.range(of: "\(http.allowance.subject) may not reach") {
                throw QuoteHTTP.Failure(message: String(text[start.lowerBound...]), kind: .refused)
            }
            if let describe { throw QuoteHTTP.Failure(message: describe(text)) }
            throw failure("failed: \(text)")
        }
        return try read(call)
    }

    private func readPrices(_ call: LuaCall) throws -> [FetchedPrice] {
        guard call.isTable(at: -1) else { throw failure("returned \(call.typeName(at: -1)), not a list of prices") }
        var prices: [FetchedPrice] = []
        let list = call.absoluteIndex(-1)
        for i in stride(from: 1, through: call.rawLength(at: list), by: 1) {
            call.pushElement(i, of: list)
            defer { call.pop() }
            prices.append(try readPrice(call, element: i))
        }
        return prices
    }

    private func readPrice(_ call: LuaCall, element i: Int) throws -> FetchedPrice {
        guard call.isTable(at: -1) else { throw failure("returned a list whose element \(i) is not a table { date, price, currency }") }
        let date = call.field("date", of: -1) { call.type(at: $0) == LuaTypeCode.string ? call.string(at: $0) : nil }
        guard let text = date, let day = CalendarDate(text) else {
            throw failure("returned price \(i) without a date YYYY-MM-DD (date = \(date ?? "nil"))")
        }
        let price: ExactDecimal? = try call.field("price", of: -1) { index in
            if call.type(at: index) == LuaTypeCode.number, call.integer(at: index) == nil {
                throw failure("returned the price of \(day) as a Lua float: give it as text (\"12.34\") or a decimal, so no digit is lost")
            }
            do { return try call.decimal(at: index) } catch { throw failure("returned the price of \(day) as '\(call.string(at: index) ?? call.typeName(at: index))', not a number: \(error)") }
        }
        guard let price else { throw failure("returned no price for \(day)") }
        let code = call.field("currency", of: -1) { call.string(at: $0) }
        guard let code else { throw failure("returned the price of \(day) without its currency") }
        do {
            return FetchedPrice(date: day, price: price, currency: try Currency.normalize(code))
        } catch {
            throw failure("returned the price of \(day) in '\(code)': \(error)")
        }
    }

    func failure(_ text: String) -> QuoteHTTP.Failure {
        QuoteHTTP.Failure(message: "Provider '\(provider.name)' \(text)")
    }

    static func text(of error: Error) -> String {
        // The traceback is for script authors at a REPL; a fetch report needs the message.
        let message: String
        if case LuaError.runtime(let text) = error { message = text } else { message = "\(error)" }
        return message.components(separatedBy: "\nstack traceback:").first ?? message
    }
}
