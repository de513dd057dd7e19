import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store
import LuaBridge

@Suite("Prices from trades: a buy's or sell's price values the asset on a day without a recorded price")
struct PricesFromTradesTests {
    @Test("value on the day of a buy, the recorded price winning its day, a later sell's price, the setting, a delete")
    func everyDoor() throws {
        let out = try runLua("""
            local a = af.create_asset{ name = "AAPL", type = "stock", currency = "USD" }
            a:buy{ quantity = 10, price = "222.01", date = "2024-11-05" }
            print(a:value_at("2024-11-05"):exact(), a.current_price, a.current_value:exact())
            a:record_price{ price = 230, date = "2024-11-05" }
            print(a:value_at("2024-11-05"):exact(), a.current_price)
            local sell = a:sell{ quantity = 2, price = 240, date = "2024-11-06" }
            print(a.current_price, a:value_at("2024-11-06"):exact(), af.net_worth():exact())
            print(af.timeline{ from = "2024-11-04", to = "2024-11-06", every = "day" }[2].value:exact())
            af.settings.prices_from_trades = false
            print(af.settings.prices_from_trades, a.current_price, af.net_worth():exact())
            af.settings.prices_from_trades = true
            sell:delete()
            print(a.current_price, a.current_price_date)
            """, today: "2024-11-07")
        #expect(out == """
            2220.1\t222.01\t2220.1
            2300\t230
            240\t1920\t1920
            2300
            false\t230\t1840
            230\t2024-11-05

            """, "\(out)")
    }

    @Test("an asset held without any price is named in the net worth's second result and in the overview")
    func unpriced() throws {
        let path = NSTemporaryDirectory() + "af-unpriced-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try AssetFlowStore(path: path)
        let out = try runLua("""
            local a = af.create_asset{ name = "Gift Shares", type = "stock", currency = "USD" }
            a:transfer_in{ quantity = 5, price = 0, date = "2024-01-02" }
            local b = af.create_asset{ name = "Paid", type = "stock", currency = "USD" }
            b:buy{ quantity = 1, price = 10, date = "2024-01-02" }
            local total, notes = af.net_worth()
            print(total:exact(), #notes, notes[1])
            """, store: store, today: "2024-02-01")
        #expect(out == "10\t1\tvalued at 0: no price for Gift Shares\n")
        for name in ["overview", "holdings", "performance", "rebalancing"] {
            let text = try renderBuiltIn(name, .markdown, store: store)
            #expect(text.contains("valued at 0: no price for Gift Shares"), "\(name): \(text)")
        }
    }

    @Test("the performance ledger, the timeline and the latest price use the same market prices (100 trades, no record)")
    func sameRuleEverywhere() throws {
        let out = try runLua("""
            local a = af.create_asset{ name = "X", type = "stock", currency = "USD" }
            for i = 1, 100 do a:buy{ quantity = 1, price = 100 + i, date = string.format("2024-01-%02d", (i - 1) % 28 + 1) } end
            -- 2024-01-28 has the trades i = 28, 56 and 84: the last one's price, 184, is the day's
            local tl = af.timeline{ from = "2024-01-27", to = "2024-01-28", every = "day" }
            local r = a:performance{ from = "2024-01-01", to = "2024-01-28" }
            print(a.current_price, tl[#tl].value:exact(), r.end_value:exact(), a:value_at("2024-01-28"):exact())
            """, today: "2024-01-28")
        #expect(out == "184\t18400\t18400\t18400\n", "\(out)")
    }

    @Test("a transaction shows its source; af.settings prints its keys and values; help's example works")
    func sourceAndSettings() throws {
        let out = try runLua("""
            local cash = af.create_asset{ name = "Cash", type = "cash", currency = "USD", quantity = 100, date = "2024-01-02" }
            local acme = af.create_asset{ name = "ACME", type = "stock", currency = "USD" }
            acme:buy{ quantity = 1, price = 10, date = "2024-01-02" }
            local d = af.dividend{ asset = cash, source = acme, amount = "1.50", date = "2024-01-03" }
            print(d.source.name, cash:transactions()[1].source)
            af.settings.financial_goal = 250000; print(af.settings.financial_goal)
            print(af.settings)
            """, today: "2024-02-01")
        #expect(out.hasPrefix("ACME\tnil\n250000\naf.settings {\n  main_currency = \"USD\"\n"), "\(out)")
        #expect(out.contains("  financial_goal = 250000\n") && out.contains("  prices_from_trades = true\n") && out.contains("  long_term_days = 365\n}"), "\(out)")
    }

    @Test("af.asset of a missing name stays nil; using it is an error naming it and the closest names")
    func missingName() throws {
        let store = try AssetFlowStore(path: nil)
        try store.withSession(today: CalendarDate("2024-02-01")!) { session in
            let env = try ScriptEnvironment(session: session)
            var printed = ""
            env.output = { printed += $0 }
            try env.lua.execute("""
                af.create_asset{ name = "KO", type = "stock" }; af.create_asset{ name = "KOF", type = "stock" }
                af.create_asset{ name = "Apple", type = "stock" }
                print(af.asset("KOO") == nil)
                """, name: "=test")
            #expect(printed == "true\n")
            do {
                try env.lua.execute(#"af.asset("KOO"):sell{ quantity = 1 }"#, name: "=test")
                Issue.record("no error")
            } catch let error as LuaError {
                let text = Suggestions.annotate(error.description, missing: env.lastMissingName)
                #expect(text.contains(#"attempt to index a nil value (af.asset("KOO") is nil: no asset named 'KOO' (closest: KO, KOF))"#), "\(text)")
            }
        }
    }
}
