import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The profile operation `swap`: units of one asset given, units of another received, one
/// linked pair through the Core `Swap` command, both halves or neither; at a value when the
/// row gives one, at cost when it does not.
@Suite("Profiles: the swap operation")
struct ProfileSwapTests {
    /// A made-up exchange: each row a deposit, a buy or a swap (Give for Get).
    static let profile = #"""
    return {
      name = "swapper", title = "Swapper", platform = "Swapper", currency = "EUR",
      headers = { "Date", "Kind", "Give", "Qty", "Get", "Got" },
      decimal = "point",
      row = function(r)
        local k = r["Kind"]
        if k == "deposit" then return { { kind = "deposit", date = r["Date"], amount = r["Value"] } } end
        if k == "buy" then
          return { { kind = "buy", date = r["Date"], asset = r["Get"], asset_type = "crypto", quantity = r["Got"], amount = r["Value"] } }
        end
        if k == "swap" then
          local op = { kind = "swap", date = r["Date"], asset = r["Give"], asset_type = "crypto", quantity = r["Qty"], to_asset = r["Get"],
                       to_quantity = r["Got"] }
          if r["Value"] ~= "" then op.amount = r["Value"] end
          if r["Price"] ~= "" then op.price = r["Price"] end
          if r["Fee"] ~= "" then op.fees = r["Fee"] end
          return { op }
        end
        error("unknown kind '" .. tostring(k) .. "'")
      end,
    }
    """#

    static let file = """
    Date,Kind,Give,Qty,Get,Got,Value,Price,Fee
    2024-01-02,deposit,,,,,6000,,
    2024-01-03,buy,,,BTC,0.1,4000,,
    2024-02-01,swap,BTC,0.05,ETH,1,2500,,
    2024-03-01,swap,ETH,0.5,SOL,10,,,
    2024-03-02,swap,BTC,0.01,ETH,0.3,,45000,5
    2024-03-03,swap,BTC,0.01,DOT,7,1000,,

    """

    func importing(_ t: ProfileTestStore, _ text: String) throws -> [String]? {
        let path = try temporaryFile("swapper.lua", Self.profile)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try t.importing(Data(text.utf8)) { $0.profile = path }
    }

    @Test("at a value: a sale realizing it and a purchase costing it; without one: at cost, nothing realized; as by hand")
    func swaps() throws {
        let t = try ProfileTestStore()
        let lines = try #require(try importing(t, Self.file))
        #expect(lines.contains("6 rows imported as 11 transactions."), "\(lines)")
        // BTC: 0.1 for 4000; 0.05 sold for 2500 (realized 500), 0.01 at 45000 less a fee of 5
        // (realized 450 − 5 − 400 = 45), 0.01 for 1000 (realized 600): 0.03 for 1200.
        expectPosition(try t.position("BTC"), quantity: D("0.03"), cost: 1200, realized: 1145)
        // ETH: 1 bought with BTC for 2500; half given for SOL at cost (1250); 0.3 bought for
        // 450 − 5 = 445: 0.8 for 1695.
        expectPosition(try t.position("ETH"), quantity: D("0.8"), cost: 1695, realized: 0)
        // SOL: 10 for ETH's 1250; DOT: 7 for 1000 (the price 142.85714285 and the rest in its fees).
        expectPosition(try t.position("SOL"), quantity: 10, cost: 1250, realized: 0)
        expectPosition(try t.position("DOT"), quantity: 7, cost: 1000, realized: 0)
        #expect(try t.asset("SOL")?.currency == "EUR")
        // Cash: 6000 − 4000; no swap moves it.
        expectPosition(try t.position("Swapper EUR"), quantity: 2000, cost: 2000, realized: 0)
        try t.session { s in  // each sale of BTC is one half of a swap: linked to a purchase of another asset
            let btc = try #require(try s.asset(named: "BTC"))
            let sales = try s.transactions(ofAsset: btc.id!).filter { $0.type == .sell }
            #expect(sales.count == 3)
            for sale in sales {
                let other = try #require(try sale.relatedTransactionID.flatMap { try s.transaction(id: $0) })
                #expect(other.type == .buy && other.relatedTransactionID == sale.id && other.assetID != btc.id)
            }
        }
        try expectSwapsLinked(t, ["ETH"])
        // Re-importing adds nothing; a refused import (one row it cannot read) leaves the store as it was.
        let before = try t.transactionCount()
        let again = try #require(try importing(t, Self.file))
        #expect(again.contains("No rows were imported."), "\(again)")
        #expect(throws: (any Error).self) { try importing(t, Self.file + "2024-04-01,mystery,,,,,,,\n") }
        #expect(try t.transactionCount() == before)
    }

    @Test("a swap giving more than is held is refused with the shortfall, and the store is left as it was")
    func givingMoreThanHeld() throws {
        let t = try ProfileTestStore()
        let text = "Date,Kind,Give,Qty,Get,Got,Value,Price,Fee\n2024-01-02,deposit,,,,,100,,\n2024-02-01,swap,BTC,0.05,ETH,1,,,\n"
        do {
            _ = try importing(t, text)
            Issue.record("imported")
        } catch {
            #expect("\(error)".contains("BTC: 0.05 missing on 2024-02-01"), "\(error)")
        }
        #expect(try t.transactionCount() == 0)
        #expect(try t.assetNames().isEmpty)
    }

    @Test("a swap without its received side, or at cost with fees in money, is an error at its line; nothing is written")
    func incomplete() throws {
        let t = try ProfileTestStore()
        let head = "Date,Kind,Give,Qty,Get,Got,Value,Price,Fee\n2024-01-02,deposit,,,,,6000,,\n2024-01-03,buy,,,BTC,0.1,4000,,\n"
        for (row, message) in [("2024-02-01,swap,BTC,0.05,,,,,", ProfileWriter.swapNeedsMessage),
                               ("2024-02-01,swap,BTC,0.05,ETH,1,,,3", ProfileWriter.swapFeesMessage)] {
            do {
                _ = try importing(t, head + row + "\n")
                Issue.record("imported \(row)")
            } catch {
                #expect("\(error)".contains("line 4: \(message)"), "\(error)")
            }
            #expect(try t.transactionCount() == 0)
        }
    }
}
