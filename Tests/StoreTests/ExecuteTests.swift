import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// `StoreSession.execute`: any command, all or nothing, cheap in a loop.
@Suite("Running commands through the Store")
struct ExecuteTests: StoreRuleTesting {
    /// The store file and its companions (journal, WAL), byte for byte.
    func bytes(_ path: String) -> [Data?] {
        ["", "-journal", "-wal"].map { FileManager.default.contents(atPath: path + $0) }
    }

    /// Every row of every table, the position snapshots included.
    func dump(_ s: StoreSession) throws -> String {
        let tables = try String.fetchAll(s.db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        return try tables.map { t in
            try Row.fetchAll(s.db, sql: "SELECT * FROM \"\(t)\" ORDER BY 1").map { "\(t): \($0)" }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    func trade(_ id: Int64, _ name: String, _ side: RebalanceAction, _ quantity: ExactDecimal, _ price: ExactDecimal) -> PlannedTrade {
        PlannedTrade(assetID: id, asset: name, group: name, side: side, amount: quantity * price, quantity: quantity, price: price, isCash: false)
    }

    @Test("commands that fail after their first write leave the store file byte-identical and the figures right")
    func failingCommandChangesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("af-execute-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        let store = try AssetFlowStore(path: path)
        var btc: Int64 = 0, cash: Int64 = 0
        try store.withSession(today: Self.today) { s in
            btc = try asset(s, "BTC", .crypto, quantity: 1, price: 60000).id!
            cash = try asset(s, "Cash", .cash, quantity: 100, price: 1).id!
            let etf = try asset(s, "ETF", .etf, quantity: 1, price: 50).id!
            _ = try s.execute(CreateSavingPlan(RegularSavingPlan(name: "ETF", assetID: etf, sourceAssetID: cash, amount: 60, frequency: .monthly,
                                                                 startDate: d("2024-04-15"), executionMethod: .automatic)))
        }
        let before = bytes(path)
        try store.withSession(today: Self.today) { s in
            let rows = try dump(s)
            _ = try s.position(ofAsset: btc)  // cached: the failures must not leave it stale
            // The sell is recorded, then the buy is refused.
            #expect(message { try s.execute(Swap(from: btc, to: cash, quantity: 1, toQuantity: 0)) } == "Amount must be greater than zero.")
            // The first trade is recorded, then the second is refused.
            let plan = TradePlan(strategy: "test", trades: [trade(btc, "BTC", .sell, 1, 60000), trade(cash, "Cash", .sell, 1000, 1)],
                                 groups: [], before: [], after: [], summary: [], newMoney: 0, problems: [], targetsWarning: nil)
            #expect(message { try s.execute(ApplyRebalancePlan(plan)) }?.hasSuffix("Cannot sell more than current holdings (100). Nothing was recorded.") == true)
            // April's occurrence is recorded, then May's finds 40 left of the 60 it needs.
            #expect(message { try s.execute(RunSavingPlans()) } == "The source asset balance (40) is not enough to cover the plan amount (60).")
            #expect(try dump(s) == rows)
            #expect(try s.position(ofAsset: btc).quantity == 1)
            #expect(try s.position(ofAsset: cash).quantity == 100)
        }
        #expect(bytes(path) == before)
    }

    @Test("inside a script's transaction a failing command undoes only itself")
    func savepointInsideTransaction() throws {
        try withStore { s in
            let acme = try asset(s, "ACME", .stock, quantity: 10, price: 10)
            let cash = try asset(s, "Cash", .cash, quantity: 100, price: 1)
            try s.begin()
            let buy = try s.execute(Trade(.buy, asset: acme.id!, quantity: 1, date: d("2024-03-01")))
            #expect(throws: RuleViolation.self) { try s.execute(Swap(from: acme.id!, to: cash.id!, quantity: 1, toQuantity: -1)) }
            try s.commit()
            #expect(try s.transactions(ofAsset: acme.id!).map(\.id) == [s.transactions(ofAsset: acme.id!)[0].id, buy.id])
            #expect(try s.transactions(ofAsset: cash.id!).count == 1)
            #expect(try s.position(ofAsset: acme.id!).quantity == 11)
        }
    }

    @Test("UpdatePortfolio renames in place and counts one change")
    func updatePortfolio() throws {
        try withStore { s in
            let p = try s.execute(CreatePortfolio(name: "Core"))
            s.resetChangeCounter()
            try s.execute(UpdatePortfolio(id: p.id!, name: "Core holdings", description: "long term"))
            #expect(try s.portfolio(id: p.id!) == Portfolio(id: p.id, name: "Core holdings", description: "long term"))
            #expect(s.changes.summary == ["portfolio: 0 added, 1 changed, 0 deleted"])
        }
    }

    @Test("in a loop, each later-dated command extends the cached position and its snapshot; no replay")
    func loopExtendsCache() throws {
        try withStore { s in
            let acme = try asset(s, "ACME", .stock, quantity: 1, price: 10)
            _ = try s.position(ofAsset: acme.id!)
            var last: Transaction?
            for i in 1...50 {
                last = try s.execute(Trade(.buy, asset: acme.id!, quantity: 1, price: ExactDecimal(10 + i % 3), date: CalendarDate(dayNumber: d("2024-01-02").dayNumber + i)))
                #expect(s.positionCache[acme.id!]?.lastID == last?.id)  // extended, never dropped
            }
            let replay = Position.of(try s.transactions(ofAsset: acme.id!))
            #expect(try s.storedSnapshot(ofAsset: acme.id!)?.position == replay)
            #expect(try s.position(ofAsset: acme.id!) == replay)
            #expect(replay.quantity == 51)
        }
    }
}
