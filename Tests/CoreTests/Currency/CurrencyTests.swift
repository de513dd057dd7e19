import Testing
@testable import Core

@Suite("Currencies")
struct CurrencyTests {
    @Test("The shipped list: ISO codes with names and minor units, crypto codes, no fund or testing codes")
    func list() throws {
        #expect(try Currency.lookup("USD") == Currency(code: "USD", name: "US Dollar", minorUnits: 2))
        #expect(try Currency.lookup("JPY").minorUnits == 0)
        #expect(try Currency.lookup("KWD").minorUnits == 3)
        #expect(try Currency.lookup("BTC").minorUnits == 8)
        #expect(try Currency.lookup("ETH").minorUnits == 18)
        #expect(try Currency.lookup("btc").isCrypto)
        for code in ["XTS", "XXX", "USN", "BOV", "CLF"] { #expect(!Currency.isKnown(code), "\(code)") }
        #expect(Set(Currency.all.map(\.code)).count == Currency.all.count)
        #expect(Currency.all.count > 150)
    }

    @Test("Lookup ignores case and spaces; an unknown code is refused with the app's sentence")
    func lookup() throws {
        #expect(try Currency.normalize(" eur ") == "EUR")
        #expect(throws: RuleViolation("Unsupported currency 'XYZ'.")) { try Currency.lookup("XYZ") }
        #expect(throws: RuleViolation("Unsupported currency 'QQQ'.")) { try AssetRules.validateCurrency("QQQ") }
        #expect(throws: RuleViolation("Unsupported currency 'EURO'.")) { try AssetRules.validateCurrency("EURO") }
    }

    @Test("Display rounds to the currency's minor units")
    func display() throws {
        #expect(try Currency.lookup("JPY").displayText(ExactDecimal.parse("1234.5")) == "1235")
        #expect(try Currency.lookup("USD").displayText(ExactDecimal.parse("2.005")) == "2.01")
        #expect(try Currency.lookup("BTC").displayText(ExactDecimal.parse("0.5")) == "0.50000000")
    }

    @Test("An exchange rate needs known, different codes and a rate above zero")
    func validation() throws {
        let d = CalendarDate("2024-03-01")!
        #expect(try ExchangeRate(base: "usd", quote: "eur", date: d, rate: 1).validated().base == "USD")
        #expect(throws: RuleViolation("Unsupported currency 'ABC'.")) { try ExchangeRate(base: "ABC", quote: "EUR", date: d, rate: 1).validated() }
        #expect(throws: RuleViolation("An exchange rate needs two different currencies, not EUR and EUR.")) {
            try ExchangeRate(base: "EUR", quote: "eur", date: d, rate: 1).validated()
        }
        #expect(throws: RuleViolation("An exchange rate must be greater than zero (USD/EUR on 2024-03-01: 0).")) {
            try ExchangeRate(base: "USD", quote: "EUR", date: d, rate: 0).validated()
        }
    }
}
