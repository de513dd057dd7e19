import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Money from the bindings (issue 22)")
struct MoneyBindingsTests {
    /// EUR main currency; a USD stock and EUR cash; 1 USD = 0.9 EUR.
    static let setup = """
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-01-02", rate = "0.9" }
        af.settings.main_currency = "EUR"
        local p = af.create_portfolio{ name = "Core" }
        local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD", portfolio = p, quantity = 10, cost_basis = "150", date = "2024-01-02" }
        a:record_price{ price = "176.1", date = "2024-03-01" }
        local cash = af.create_asset{ name = "Cash", type = "cash", currency = "EUR", portfolio = p, quantity = "30117.85", date = "2024-01-02" }

        """

    @Test("figures of money are money in their own currency; prices, quantities and rates stay decimals")
    func whichBindingsGiveMoney() throws {
        let out = try runLua(Self.setup + """
            local function kind(v) return af.type(v) == "money" and ("money " .. v.currency) or af.type(v) end
            print(kind(af.net_worth()), kind(af.net_worth("USD")), kind(p.total_value), kind(p:value_at("2024-03-01")))
            print(kind(a.current_value), kind(a.cost_basis), kind(a.unrealized_gain), kind(a.realized_gain), kind(a.income), kind(a:value_at("2024-03-01")))
            print(kind(a.current_price), kind(a.average_cost), kind(a.quantity), kind(a:transactions()[1].price), kind(a:transactions()[1].total))
            local g = af.gains()
            print(kind(g.value), kind(g.cost_basis), kind(g.income), kind(af.timeline{ from = "2024-03-01", to = "2024-03-01" }[1].value))
            local r = p:performance{ from = "2024-01-02", to = "2024-03-01" }
            print(kind(r.start_value), kind(r.end_value), kind(r.currency_effect), kind(r.twr), kind(af.allocation{}[1].value), kind(af.allocation{}[1].percent))
            print(kind((a:value_in("EUR", "2024-03-01"))), kind((af.convert(100, "USD", "EUR", "2024-03-01"))), kind(af.goal_progress().total))
            """, today: "2024-03-04")
        #expect(out == """
            money EUR\tmoney USD\tmoney EUR\tmoney EUR
            money USD\tmoney USD\tmoney USD\tmoney USD\tmoney USD\tmoney USD
            decimal\tdecimal\tdecimal\tdecimal\tmoney USD
            money EUR\tmoney EUR\tmoney EUR\tmoney EUR
            money EUR\tmoney EUR\tmoney EUR\tdecimal\tmoney EUR\tdecimal
            money EUR\tmoney EUR\tmoney EUR

            """, "\(out)")
    }

    @Test("the issue's figures print as money: 31,702.75 EUR, exact inside; mixing currencies needs a conversion")
    func printingAndConversion() throws {
        let out = try runLua(Self.setup + """
            local w = af.net_worth()
            print(w, w:exact(), w.amount, w.currency)
            print(pcall(function() return w + a.current_value end))
            print(w + a.current_value:convert("EUR", "2024-03-01"), (a.current_value:convert("EUR")):exact())
            print(af.money("19.99", "eur") * 3, af.money(5, "EUR"):format(2), af.money("2.675", "EUR"):round(), af.money("-2.5", "EUR"):abs())
            print(w > 1000, w:eq("31702.75"), af.eq(w, "31702.75"), af.money(1, "EUR"):tonumber())
            print(pcall(af.money, 1, "XYZ"))
            print(pcall(function() return af.money(1, "EUR"):eq(af.money(1, "USD")) end))
            """, today: "2024-03-04")
        let lines = out.split(separator: "\n").map(String.init)
        // 10 × 176.1 USD × 0.9 + 30117.85 EUR = 1584.9 + 30117.85.
        #expect(lines[0] == "31,702.75 EUR\t31702.75\t31702.75\tEUR")
        #expect(lines[1].hasPrefix("false\t") && lines[1].hasSuffix("cannot add 31,702.75 EUR and 1,761.00 USD: different currencies (EUR, USD); convert one first, e.g. m:convert(\"EUR\")"), "\(lines[1])")
        #expect(lines[2] == "33,287.65 EUR\t1584.9")
        #expect(lines[3] == "59.97 EUR\t5.00\t2.68 EUR\t2.50 EUR")
        #expect(lines[4] == "true\ttrue\ttrue\t1.0")
        #expect(lines[5].contains("Unsupported currency 'XYZ'."), "\(lines[5])")
        #expect(lines[6].contains("cannot compare 1.00 EUR and 1.00 USD: different currencies (EUR, USD)"), "\(lines[6])")
    }

    @Test("money given where a decimal is expected is its amount; help and af.type know the class")
    func moneyAsArgument() throws {
        let out = try runLua(Self.setup + """
            local r = p:performance{ from = "2024-01-02", to = "2024-03-01" }
            print(af.returns.growth{ begin_value = r.start_value, end_value = r.end_value } == r.growth)
            print(af.type(af.money(1, "EUR")), D(af.money("1.5", "EUR")), af.money(1, "USD") == a, a == af.money(1, "USD"))
            """, today: "2024-03-04")
        #expect(out == "true\nmoney\t1.5\tfalse\tfalse\n", "\(out)")  // money is never equal to an Asset
        let help = HelpText.text(for: "money")
        #expect(help.hasPrefix("money: An exact amount of money in a currency"), "\(help)")
        #expect(help.contains("amount") && help.contains("currency") && help.contains("money:convert"), "\(help)")
    }
}
