import Foundation
import Testing
@testable import Core

private func d(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func x(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

@Suite("Conversion rule")
struct RateTableTests {
    /// 1 USD = 0.8 EUR on Friday 2024-03-01, 0.75 on Tuesday 03-05 (nothing on the weekend);
    /// 1 USD = 150 JPY on 03-01 only.
    let table = RateTable([
        ExchangeRate(base: "USD", quote: "EUR", date: d("2024-03-01"), rate: x("0.8")),
        ExchangeRate(base: "USD", quote: "EUR", date: d("2024-03-05"), rate: x("0.75")),
        ExchangeRate(base: "USD", quote: "JPY", date: d("2024-03-01"), rate: x("150")),
    ])

    @Test("A rate on the day is used as it is; the same currency converts at 1 without any rate")
    func sameDay() throws {
        let r = try table.convert(100, from: "USD", to: "EUR", on: d("2024-03-01"))
        #expect(r.amount == 80 && r.rate.rateDate == d("2024-03-01") && !r.rate.isFallback)
        #expect(try RateTable().convert(5, from: "eur", to: "EUR", on: d("2000-01-01")).amount == 5)
    }

    @Test("A weekend value falls back to the latest earlier rate, and says so")
    func fallback() throws {
        let r = try table.convert(100, from: "USD", to: "EUR", on: d("2024-03-03"))
        #expect(r.amount == 80)
        #expect(r.rate.isFallback && r.rate.rateDate == d("2024-03-01") && r.rate.requestedDate == d("2024-03-03"))
        #expect(r.rate.explanation == "USD→EUR 0.8 (2024-03-01, latest before 2024-03-03)")
        #expect(try table.convert(100, from: "USD", to: "EUR", on: d("2024-03-09")).amount == 75)
    }

    @Test("An inverse rate divides exactly: 100 EUR at 1 USD = 0.8 EUR is 125 USD")
    func inverse() throws {
        let r = try table.convert(100, from: "EUR", to: "USD", on: d("2024-03-02"))
        #expect(r.amount == 125 && r.rate.rate == x("1.25") && r.rate.via == nil)
        // 0.75 has no exact inverse in few digits; the conversion divides once at the end.
        #expect(try table.convert(3, from: "EUR", to: "USD", on: d("2024-03-05")).amount == 4)
    }

    @Test("A cross rate goes through the common base: EUR→JPY = 150 ÷ 0.8 on 2024-03-01")
    func cross() throws {
        let r = try table.convert(100, from: "EUR", to: "JPY", on: d("2024-03-01"))
        #expect(r.amount == x("18750") && r.rate.via == "USD" && !r.rate.isFallback)
        // On 03-05 the EUR leg is fresh but the JPY leg is from 03-01: the older leg dates it.
        let later = try table.convert(100, from: "EUR", to: "JPY", on: d("2024-03-05"))
        #expect(later.amount == 20000 && later.rate.rateDate == d("2024-03-01") && later.rate.isFallback)
    }

    @Test("No rate on or before the date is an error naming the pair and the date and how to add one")
    func missing() throws {
        #expect(throws: MissingRateError(from: "EUR", to: "USD", date: d("2024-02-29")).violation) {
            try table.convert(1, from: "EUR", to: "USD", on: d("2024-02-29"))
        }
        let message = MissingRateError(from: "GBP", to: "USD", date: d("2024-03-01")).description
        #expect(message == "No exchange rate from GBP to USD on or before 2024-03-01. Add one with af.set_rate{ base = \"GBP\", quote = \"USD\", date = \"2024-03-01\", rate = … } or fetch rates with `assetflow rates fetch --from 2024-03-01 --to 2024-03-01`.")
        #expect(throws: RuleViolation("Unsupported currency 'XYZ'.")) { try table.convert(1, from: "XYZ", to: "USD", on: d("2024-03-01")) }
    }

    @Test("A sum converts each amount on its own date; a zero needs no rate; fallbacks are listed")
    func sum() throws {
        var sum = ConvertedSum(currency: "USD", rates: table)
        try sum.add(100, "EUR", on: d("2024-03-02"))
        try sum.add(15000, "JPY", on: d("2024-03-01"))
        try sum.add(1, "USD", on: d("2024-03-01"))
        try sum.add(0, "GBP", on: d("2024-03-01"))
        #expect(sum.total == 226)
        #expect(sum.fallbacks.map(\.from) == ["EUR"])
        #expect(throws: MissingRateError(from: "GBP", to: "USD", date: d("2024-03-01")).violation) { try sum.add(1, "GBP", on: d("2024-03-01")) }
    }

    @Test("Rates from CSV: header, quoted fields, an optional source; a bad line names itself")
    func csv() throws {
        let rates = try RateCSV.parse("date,base,quote,rate,source\n2024-03-01,usd,eur,0.92\n\n\"2024-03-04\",USD,JPY,\"150.5\",ecb\n")
        #expect(rates.map(\.quote) == ["EUR", "JPY"] && rates.map(\.source) == ["import", "ecb"] && rates[1].rate == x("150.5"))
        #expect(throws: RuleViolation("rates.csv line 2: Unsupported currency 'XYZ'.")) { try RateCSV.parse("date,base,quote,rate\n2024-03-01,USD,XYZ,1\n") }
        #expect(throws: RuleViolation("rates.csv line 2: '0,92' looks like a decimal comma; write the rate with a point (0.92).")) { try RateCSV.parse("date,base,quote,rate\n2024-03-01,USD,EUR,0,92\n") }
        #expect(throws: RuleViolation("rates.csv line 2: '0.9x' is not a valid decimal number.")) { try RateCSV.parse("date,base,quote,rate\n2024-03-01,USD,EUR,0.9x\n") }
        #expect(throws: RuleViolation("rates.csv line 1: the header must be date,base,quote,rate (optionally ,source), or Date and a currency code per column (the ECB's history), not '2024-03-01,USD,EUR,1'.")) { try RateCSV.parse("2024-03-01,USD,EUR,1\n") }
    }
}
