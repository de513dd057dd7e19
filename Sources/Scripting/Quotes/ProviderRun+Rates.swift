import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// A rate provider's answer: `fetch_rates{ base, from, to, url, key }` returns a list of
/// `{ date = "YYYY-MM-DD", quote = "EUR", rate = "0.92" }` (1 base = rate quote), each rate
/// exact (text or a decimal, never a Lua float).
extension ProviderRun {
    /// One rate as the provider gave it: the code as written, checked later against the
    /// currencies AssetFlow knows (a feed lists metals and tokens too).
    struct ProvidedRate {
        var date: CalendarDate
        var quote: String
        /// Nil when the provider gave text that is not a number (refused for a known currency).
        var rate: ExactDecimal?
        var text: String
    }

    /// The rates of `base` from `from` to `to`, as returned; `address` is the address
    /// template (`request.url`). A failure's message is the provider's own text (a built-in
    /// one raises the app's messages); a refused request keeps its refusal.
    func fetchRates(base: String, from: CalendarDate, to: CalendarDate, address: String?, deadline: Date? = nil) throws -> [ProvidedRate] {
        var fields = [("base", base), ("from", from.description), ("to", to.description)]
        if let address { fields.append(("url", address)) }
        do {
            return try call("fetch_rates", fields: fields, deadline: deadline, describe: { $0 }) { try readRates($0, base: base) }
        } catch let failure as QuoteHTTP.Failure {
            throw QuoteHTTP.Failure(message: QuoteHTTP.redact(failure.message, secrets: http.secrets), kind: failure.kind)
        }
    }

    private func readRates(_ call: LuaCall, base: String) throws -> [ProvidedRate] {
        guard call.isTable(at: -1) else { throw failure("returned \(call.typeName(at: -1)), not a list of rates") }
        var rates: [ProvidedRate] = []
        let list = call.absoluteIndex(-1)
        for i in stride(from: 1, through: call.rawLength(at: list), by: 1) {
            call.pushElement(i, of: list)
            defer { call.pop() }
            rates.append(try readRate(call, element: i, base: base))
        }
        return rates
    }

    private func readRate(_ call: LuaCall, element i: Int, base: String) throws -> ProvidedRate {
        guard call.isTable(at: -1) else { throw failure("returned a list whose element \(i) is not a table { date, quote, rate }") }
        let date = call.field("date", of: -1) { call.type(at: $0) == LuaTypeCode.string ? call.string(at: $0) : nil }
        guard let text = date, let day = CalendarDate(text) else {
            throw failure("returned rate \(i) without a date YYYY-MM-DD (date = \(date ?? "nil"))")
        }
        let quote = call.field("quote", of: -1) { call.type(at: $0) == LuaTypeCode.string ? call.string(at: $0) : nil }
        guard let quote, !quote.isEmpty else { throw failure("returned rate \(i) (\(day)) without its quote currency") }
        if let stated = call.field("base", of: -1, { call.string(at: $0) }), stated.uppercased() != base {
            throw failure("returned a rate of \(stated) for \(day), asked for \(base)")
        }
        let value: (ExactDecimal?, String)? = try call.field("rate", of: -1) { index in
            if call.type(at: index) == LuaTypeCode.number, call.integer(at: index) == nil {
                throw failure("returned the \(quote.uppercased()) rate of \(day) as a Lua float: give it as text (\"0.92\") or a decimal, so no digit is lost")
            }
            let shown = call.string(at: index) ?? call.typeName(at: index)
            return ((try? call.decimal(at: index)), shown)
        }
        guard let value else { throw failure("returned no \(quote.uppercased()) rate for \(day)") }
        return ProvidedRate(date: day, quote: quote, rate: value.0, text: value.1)
    }
}
