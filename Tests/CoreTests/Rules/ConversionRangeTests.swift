import Foundation
import Testing
@testable import Core

/// Issue 23's overflow item in Core: the bounds that keep every conversion and every total
/// of converted values inside the decimal range (`ConversionRange`).
@Suite("ConversionRange")
struct ConversionRangeTests {
    let day = CalendarDate("2024-03-01")!

    func rate(_ base: String, _ quote: String, _ value: String) -> ExchangeRate {
        ExchangeRate(base: base, quote: quote, date: day, rate: try! .parse(value))
    }

    func refusal(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? RuleViolation)?.message ?? "\(error)" }
    }

    @Test("a rate at 10^12 or 10^-12 and beyond is refused with the rule's message; realistic rates pass")
    func rates() throws {
        #expect(refusal { _ = try rate("EUR", "USD", "1000000000000").validated() }
            == ConversionRange.rateMessage + ": EUR/USD on 2024-03-01 is 1000000000000.")
        #expect(refusal { _ = try rate("USD", "EUR", "0.000000000001").validated() }?.hasPrefix(ConversionRange.rateMessage) == true)
        for (base, quote, value) in [("BTC", "VND", "2500000000"), ("IDR", "USD", "0.00006"), ("USD", "IDR", "16000"),
                                     ("EUR", "USD", "999999999999.999"), ("USD", "EUR", "0.0000000000011")] {
            #expect(refusal { _ = try rate(base, quote, value).validated() } == nil, "\(base)/\(quote) \(value)")
        }
    }

    @Test("a currency whose rates span 10^12 is refused: a cross rate through it would leave the range")
    func spread() {
        func check(_ bl: String?, _ bh: String?, _ ql: String?, _ qh: String?) -> String? {
            let e = ConversionRange.Extremes(baseLowest: bl.map { try! .parse($0) }, baseHighest: bh.map { try! .parse($0) },
                                             quoteLowest: ql.map { try! .parse($0) }, quoteHighest: qh.map { try! .parse($0) })
            return refusal { try ConversionRange.checkSpread("USD", e) }
        }
        // USD/JPY 10^11 and EUR/USD 10^11: 1 EUR = 10^22 JPY through USD.
        #expect(check("100000000000", "100000000000", "100000000000", "100000000000") == ConversionRange.spreadMessage + " (USD).")
        #expect(check("0.000001", "1000000", nil, nil) != nil)          // USD→A 10^-6, USD→B 10^6
        #expect(check(nil, nil, "0.000001", "1000000") != nil)
        #expect(check("0.0000001", nil, "0.0000001", nil) != nil)       // USD→A 10^-7, B/USD 10^-7 (USD→B 10^7)
        #expect(check("0.001", nil, "0.001", nil) == nil)               // a spread of 10^6 is fine
        // Realistic: USD→VND 25,000, USD→IDR 16,000, BTC/USD 100,000 (USD→BTC 10^-5), IDR/USD 0.00006.
        #expect(check("16000", "25000", "0.00006", "100000") == nil)
    }

    @Test("a position worth 10^21 or more in its own currency is refused; a 10^12 JPY position passes")
    func values() {
        #expect(refusal { try ConversionRange.checkValue(held: 900_000_000_000_000_000, price: 900_000_000_000_000_000, asset: "BIG") }
            == ConversionRange.valueMessage + ": BIG would be worth 900000000000000000 × 900000000000000000.")
        #expect(refusal { try ConversionRange.checkValue(held: 1_000_000_000_000, price: 1, asset: "JPY cash") } == nil)
        #expect(refusal { try ConversionRange.checkValue(held: 999_999_999_999_999_999, price: 1000, asset: "A") } == nil)
        #expect(refusal { try ConversionRange.checkValue(held: -1_000_000_000_000_000_000, price: 1000, asset: "A") } != nil)
    }

    @Test("the bounds are sound: the largest value at the largest factor, summed 300,000 times, stays in range")
    func sound() throws {
        // Under the rules a conversion's numerator is one rate (or 1, or a cross product that
        // the spread bounds by 10^12) and its result at most 10^12 times the value.
        let value = ConversionRange.valueLimit - ExactDecimal(units: 1, scale: 18, isNegative: false)!
        let nearly = ConversionRange.rateLimit - ExactDecimal(units: 1, scale: 6, isNegative: false)!
        let tiny = ConversionRange.smallestRate + ExactDecimal(units: 1, scale: 24, isNegative: false)!
        for (numerator, denominator) in [(nearly, ExactDecimal.one), (.one, tiny), (.one, tiny * tiny * nearly), (nearly, tiny * nearly)] {
            let rate = AppliedRate(from: "EUR", to: "USD", requestedDate: day, rateDate: day, numerator: numerator, denominator: denominator)
            let converted = try value.multiplied(by: numerator).divided(by: denominator)
            #expect(!rate.convert(value).isOutOfRange && converted < ExactDecimal(units: 1_000_000_000_000_000_000_000_000_000_000_000, scale: 0, isNegative: false)!)
            #expect(throws: Never.self) { _ = try converted.multiplied(by: 300_000) }
        }
    }
}
