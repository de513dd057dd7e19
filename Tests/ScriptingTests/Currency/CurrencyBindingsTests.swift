import Testing
@testable import Scripting

@Suite("Currency bindings")
struct CurrencyBindingsTests {
    @Test("af.set_rate, af.rates, af.convert (fallback, inverse, cross), af.currencies, the main currency")
    func bindings() throws {
        let out = try runLua("""
        af.set_rate{ base = "usd", quote = "eur", date = "2024-03-01", rate = "0.8" }
        af.set_rate{ base = "USD", quote = "JPY", date = "2024-03-01", rate = 150 }
        local rs = af.rates{ quote = "EUR" }
        assert(#rs == 1 and rs[1].base == "USD" and af.eq(rs[1].rate, "0.8") and rs[1].source == "manual")
        local usd, how = af.convert(100, "EUR", "USD", "2024-03-03")
        print(usd:exact(), how.rate, how.rate_date, how.fallback, how.via)
        local jpy, how2 = af.convert(100, "EUR", "JPY", "2024-03-01")
        print(jpy:exact(), how2.via, how2.fallback)
        local ok, err = pcall(af.convert, 1, "GBP", "USD", "2024-03-01")
        print(err)
        ok, err = pcall(af.convert, 1, "XYZ", "USD", "2024-03-01")
        print(err)
        local n = 0
        for _, c in ipairs(af.currencies()) do if c.code == "BTC" then assert(c.minor_units == 8 and c.crypto) end n = n + 1 end
        assert(n > 150)
        print(af.main_currency(), af.settings.main_currency)
        af.set_financial_goal(1000)
        local g = af.set_main_currency("eur")
        print(af.main_currency(), g.old_goal, g.new_goal, af.financial_goal())
        af.settings.main_currency = "USD"
        print(af.main_currency(), af.financial_goal())
        ok, err = pcall(af.set_main_currency, "GBP")
        print(err, af.main_currency())
        """, today: "2024-03-05")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "125\t1.25\t2024-03-01\ttrue\tnil")
        #expect(lines[1] == "18750\tUSD\tfalse")
        #expect(lines[2].hasSuffix("No exchange rate from GBP to USD on or before 2024-03-01. Add one with af.set_rate{ base = \"GBP\", quote = \"USD\", date = \"2024-03-01\", rate = … } or fetch rates with `assetflow rates fetch --from 2024-03-01 --to 2024-03-01`."))
        #expect(lines[3].hasSuffix("Unsupported currency 'XYZ'."))
        #expect(lines[4] == "USD\tUSD")
        // 1000 USD at 0.8 (2024-03-01, the latest before today) = 800 EUR.
        #expect(lines[5] == "EUR\t1000\t800\t800")
        #expect(lines[6] == "USD\t1000")
        #expect(lines[7].hasSuffix("No exchange rate from USD to GBP on or before 2024-03-05. Add one with af.set_rate{ base = \"USD\", quote = \"GBP\", date = \"2024-03-05\", rate = … } or fetch rates with `assetflow rates fetch --from 2024-03-05 --to 2024-03-05`.\tUSD"))
    }

    @Test("asset:value_in converts its value on a date; an unknown currency is refused when the asset is created")
    func valueIn() throws {
        let out = try runLua("""
        local etf = af.create_asset{ name = "World ETF", type = "etf", currency = "eur", quantity = 10, cost_basis = 100, date = "2024-03-01" }
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-01", rate = "0.8" }
        local v, how = etf:value_in("USD", "2024-03-02")
        print(etf.currency, v:exact(), how.fallback, v)
        local ok, err = pcall(af.create_asset, { name = "Q", type = "stock", currency = "QQQ" })
        print(err)
        """, today: "2024-03-05")
        #expect(out.contains("EUR\t1250\ttrue\t1,250.00 USD"))
        #expect(out.contains("Unsupported currency 'QQQ'."))
    }
}
