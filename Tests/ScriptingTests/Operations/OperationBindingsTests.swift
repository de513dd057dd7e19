import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Operations from Lua: split, dividend with tax, fee, deposit, convert, transfer with cost")
struct OperationBindingsTests {
    @Test("asset:split keeps the cost basis; the value timeline and performance follow the units")
    func split() throws {
        let printed = try runLua("""
            local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD", quantity = 10, cost_basis = "300", date = "2024-01-02" }
            a:split{ ratio = "3:1", date = "2024-03-01" }
            a:record_price{ price = "110", date = "2024-03-01" }
            print(a.quantity, a.cost_basis:exact(), a.average_cost, a.realized_gain:exact(), a.current_value:exact())
            print(a:value_at("2024-02-01"):exact(), a:value_at("2024-03-01"))
            local ok, err = pcall(function() a:split{ ratio = "3" } end)
            print(ok, err:match("Cannot read the split ratio") ~= nil)
            """)
        #expect(printed == "30\t3000\t100\t0\t3300\n3000\t3,300.00 USD\nfalse\ttrue\n")
    }

    @Test("af.dividend_with_tax, af.fee, af.deposit, af.withdraw, af.convert_cash; income gross, tax and net")
    func cashOperations() throws {
        let printed = try runLua("""
            local cash = af.create_asset{ name = "Cash", type = "cash", currency = "USD" }
            local eur = af.create_asset{ name = "Cash EUR", type = "cash", currency = "EUR" }
            local ko = af.create_asset{ name = "KO", type = "stock", currency = "USD", quantity = 10, cost_basis = "60", date = "2024-01-02" }
            af.deposit{ asset = cash, amount = 1000, date = "2024-01-02" }
            local d, t = af.dividend_with_tax{ asset = cash, source = ko, gross = "100", tax = "15", date = "2024-04-01" }
            af.fee{ asset = cash, amount = "2.5", note = "custody", date = "2024-04-02" }
            af.withdraw{ asset = cash, amount = 100, date = "2024-04-03" }
            af.convert_cash{ from = cash, to = eur, amount = 108.5, to_amount = 100, date = "2024-04-04" }
            print(cash.quantity, eur.quantity, cash.realized_gain:exact())
            print(ko.income:exact(), ko.withholding_tax:exact(), ko.net_income:exact(), d.quantity, t.quantity)
            print(ko.income, ko.withholding_tax, ko.net_income, cash.realized_gain)
            local x = af.create_asset{ name = "X", type = "stock", currency = "USD" }
            x:transfer_in_with_cost{ quantity = 3, cost_basis = "100", acquired = "2019-03-01", date = "2024-01-05" }
            print(x.quantity, x.cost_basis:exact())
            """)
        #expect(printed == "874\t100\t-17.5\n100\t15\t85\t100\t15\n100.00 USD\t15.00 USD\t85.00 USD\t-17.50 USD\n3\t100\n")
    }

    @Test("performance: a fee and a withheld tax are losses of the portfolio, not money taken out; income is the gross")
    func performance() throws {
        let printed = try runLua("""
            local p = af.create_portfolio{ name = "P" }
            local cash = af.create_asset{ name = "Cash", type = "cash", currency = "USD", portfolio = p }
            local ko = af.create_asset{ name = "KO", type = "stock", currency = "USD", portfolio = p }
            af.deposit{ asset = cash, amount = 1000, date = "2024-01-02" }
            af.dividend_with_tax{ asset = cash, source = ko, gross = "100", tax = "15", date = "2024-02-01" }
            af.fee{ asset = cash, amount = "5", date = "2024-03-01" }
            local r = p:performance{ from = "2024-01-01", to = "2024-04-01" }
            print(r.net_flows:exact(), r.income:exact(), r.end_value:exact(), r.realized_gain:exact(), r.twr)
            """)
        // Flows: the deposit only (1000); income 100 gross; value 1000 + 100 − 15 − 5 = 1080;
        // the tax and the fee realized as −20; the return 8 %.
        #expect(printed == "1000\t100\t1080\t-20\t0.08\n")
    }
}
