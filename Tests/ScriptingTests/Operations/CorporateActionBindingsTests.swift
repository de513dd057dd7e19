import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Moves between platforms, spin-offs, mergers, swaps that are moves and stock dividends
/// from Lua and from an import profile, each against a hand calculation.
@Suite("Corporate actions from Lua and from import profiles")
struct CorporateActionBindingsTests {
    @Test("a:move, a:spin_off, a:merge, af.swap{ move = true }, a:stock_dividend: the cost goes along and the lots keep their dates")
    func bindings() throws {
        let printed = try runLua("""
            local a = af.create_asset{ name = "AAPL (DEGIRO)", type = "stock", currency = "USD", quantity = 10, cost_basis = "100", date = "2023-01-05" }
            a:buy{ quantity = 10, price = "120", date = "2024-01-10" }
            local b = af.create_asset{ name = "AAPL (Schwab)", type = "stock", currency = "USD" }
            local out, into = a:move{ to = "AAPL (Schwab)", quantity = 15, date = "2024-03-01" }
            print(out.type, into.type, a.cost_basis, b.cost_basis)
            assert(a.cost_basis.amount == af.D"550" and b.cost_basis.amount == af.D"1650", "exact cost bases")
            for _, l in ipairs(b:lots{ method = "fifo", date = "2024-03-02" }) do print(l.acquired, l.quantity, l.cost) end
            local ok, err = pcall(function() a:move{ to = a, quantity = 1 } end)
            print(ok, err:find("Cannot move units of an asset to itself.", 1, true) ~= nil)

            local mmm = af.create_asset{ name = "MMM", type = "stock", currency = "USD", quantity = 100, cost_basis = "50", date = "2023-01-05" }
            local solv = af.create_asset{ name = "SOLV", type = "stock", currency = "USD" }
            mmm:spin_off{ new_asset = solv, quantity = 25, cost_fraction = "0.2", date = "2024-04-01" }
            print(mmm.quantity, mmm.cost_basis, solv.quantity, solv.cost_basis)
            local newco = af.create_asset{ name = "NewCo", type = "stock", currency = "USD" }
            solv:merge{ new_asset = newco, ratio = "3:2", date = "2024-05-01" }
            print(solv.quantity, newco.quantity, newco.cost_basis)
            local vwra = af.create_asset{ name = "VWRA", type = "stock", currency = "USD" }
            af.swap{ from = newco, to = vwra, quantity = "37.5", to_quantity = 15, move = true, date = "2024-05-02" }
            print(newco.quantity, vwra.quantity, vwra.cost_basis, vwra.realized_gain)
            vwra:stock_dividend{ quantity = 5, date = "2024-05-03" }
            print(vwra.quantity, vwra.cost_basis)
            for _, l in ipairs(vwra:lots{ method = "fifo" }) do print(l.acquired, l.quantity, l.cost) end
            """)
        // a: 10 @ 100 + 10 @ 120 = 2200; 15 leave at 2200 × 15 ÷ 20 = 1650, 550 stays.
        // MMM 5000: 20 % (1000) to 25 SOLV; SOLV 3:2 → 37.5 NewCo at 1000; NewCo → 15 VWRA at 1000; +5 at no cost.
        #expect(printed == """
            transfer_out\ttransfer_in\t550.00 USD\t1,650.00 USD
            2023-01-05\t10\t1000
            2024-01-10\t5\t600
            false\ttrue
            100\t4,000.00 USD\t25\t1,000.00 USD
            0\t37.5\t1,000.00 USD
            0\t15\t1,000.00 USD\t0.00 USD
            20\t1,000.00 USD
            2023-01-05\t15\t1000
            2024-05-03\t5\t0

            """)
    }

    @Test("a profile's spin_off and merger operations: the new assets are created, the cost basis moves")
    func profileOperations() throws {
        let lua = """
            return {
              name = "corp", title = "Corp", platform = "Corp", currency = "USD",
              headers = { "Date", "Action", "Symbol", "Quantity", "Price", "New", "Detail" },
              row = function(r)
                local a = r["Action"]
                if a == "BUY" then
                  return { { kind = "buy", date = r["Date"], asset = r["Symbol"], quantity = r["Quantity"], price = r["Price"], cash = false } }
                elseif a == "SPINOFF" then
                  return { { kind = "spin_off", date = r["Date"], asset = r["Symbol"], new_asset = r["New"], quantity = r["Quantity"], cost_fraction = r["Detail"] } }
                elseif a == "SELL" then
                  return { { kind = "sell", date = r["Date"], asset = r["Symbol"], quantity = r["Quantity"], price = r["Price"], cash = false } }
                elseif a == "MERGER" then
                  return { { kind = "merger", date = r["Date"], asset = r["Symbol"], new_asset = r["New"], ratio = r["Detail"] } }
                end
                error("unknown action " .. a)
              end,
            }
            """
        let csv = """
            Date,Action,Symbol,Quantity,Price,New,Detail
            2023-01-05,BUY,MMM,100,50,,
            2024-04-01,SPINOFF,MMM,25,,SOLV,0.2
            2024-05-01,MERGER,SOLV,,,NewCo,3:2
            2024-06-03,SELL,NewCo,10,50,,

            """
        let profile = try temporaryFile("corp.lua", lua)
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let t = try ProfileTestStore()
        try t.importing(Data(csv.utf8)) { $0.profile = profile }
        // MMM 5000 − 20 % = 4000; SOLV 25 at 1000, merged 3:2 into 37.5 NewCo at 1000; 10 sold @ 50:
        // 500 − 1000 × 10 ÷ 37.5 (the merger's units count before the sale: no opening position is asked for).
        let removed: ExactDecimal = ExactDecimal(1000) * 10 / ExactDecimal(string: "37.5")!
        expectPosition(try t.position("MMM"), quantity: 100, cost: 4000, realized: 0)
        expectPosition(try t.position("SOLV"), quantity: 0, cost: 0, realized: 0)
        expectPosition(try t.position("NewCo"), quantity: ExactDecimal(string: "27.5")!, cost: 1000 - removed, realized: 500 - removed)
        let lots = try t.session { s in try s.openLots(ofAsset: try s.asset(named: "NewCo")!.id!, method: .fifo) }
        #expect(lots.map(\.lot.acquired) == [CalendarDate("2023-01-05")!])
    }
}
