import Foundation
import Testing
@testable import Core

@Suite("Exchange rate and main currency commands")
struct CurrencyCommandTests {
    private func rate(_ base: String, _ quote: String, _ date: String, _ value: String) -> ExchangeRate {
        ExchangeRate(base: base, quote: quote, date: ymd(date), rate: try! ExactDecimal.parse(value))
    }

    @Test("SetRate: codes normalized, a later rate of the same pair and day replaces the first")
    func setRate() throws {
        let s = MemoryCommandStore()
        let stored = try s.run(SetRate(rate("eur", "usd", "2024-06-01", "1.1")))
        #expect(stored.base == "EUR" && stored.quote == "USD")
        _ = try s.run(SetRate(rate("EUR", "USD", "2024-06-01", "1.2")))
        #expect(s.rates.count == 1 && s.rates[0].rate.plainText == "1.2")
    }

    @Test("SetRates: zero, the same currency twice, an unknown code and a future date are refused")
    func rateRules() throws {
        let s = MemoryCommandStore()
        #expect(violation { try s.run(SetRate(rate("EUR", "USD", "2024-06-01", "0"))) }?.description
                == "An exchange rate must be greater than zero (EUR/USD on 2024-06-01: 0).")
        #expect(violation { try s.run(SetRate(rate("EUR", "eur", "2024-06-01", "1"))) }?.description
                == "An exchange rate needs two different currencies, not EUR and EUR.")
        #expect(throws: (any Error).self) { try s.run(SetRate(rate("XXQ", "USD", "2024-06-01", "1"))) }
        #expect(violation { try s.run(SetRate(rate("EUR", "USD", "2024-07-01", "1"))) } != nil)
        #expect(s.rates.isEmpty)
    }

    @Test("SetMainCurrency: converts the goal at today's rate, rounded to a whole number")
    func mainCurrencyConvertsGoal() throws {
        let s = MemoryCommandStore()
        s.settings[SetFinancialGoal.settingKey] = "1000"
        s.rates = [rate("USD", "EUR", "2024-06-01", "0.91234")]
        let goal = try s.run(SetMainCurrency(code: "eur"))
        #expect(goal?.oldGoal == 1000 && goal?.newGoal == 912)
        #expect(s.settings[SetMainCurrency.settingKey] == "EUR")
        #expect(s.settings[SetFinancialGoal.settingKey] == "912")
        #expect(try s.run(SetMainCurrency(code: "EUR")) == nil)
    }

    @Test("SetMainCurrency: without a rate for the goal the change is refused; without a goal no rate is needed")
    func mainCurrencyNeedsRate() throws {
        let s = MemoryCommandStore()
        #expect(try s.run(SetMainCurrency(code: "JPY")) == nil)
        #expect(s.settings[SetMainCurrency.settingKey] == "JPY")
        s.settings[SetFinancialGoal.settingKey] = "1000"
        #expect(throws: (any Error).self) { try s.run(SetMainCurrency(code: "CHF")) }
        #expect(s.settings[SetMainCurrency.settingKey] == "JPY")
        #expect(SetMainCurrency.currency(from: nil) == "USD")
        #expect(SetMainCurrency.currency(from: "nope") == "USD")
    }
}
