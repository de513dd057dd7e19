import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// Lots and figures through the store after a move between platforms, a spin-off and a
/// stock dividend; the migration that gives stock dividends their own type.
@Suite("Lots through moves, spin-offs and stock dividends in the store")
struct LotMoveStoreTests: StoreRuleTesting {
    func empty(_ s: StoreSession, _ name: String, portfolio: Int64? = nil) throws -> Asset {
        var r = StoreSession.NewAsset(name: name, type: .stock)
        r.currency = "USD"
        r.portfolioID = portfolio
        return try s.createAsset(r)
    }

    @Test("a move: the other platform's lots keep their dates and costs; its average took the moved cost; the check finds nothing")
    func move() throws {
        try withStore { s in
            let p = try s.createPortfolio(name: "Stocks")
            let a = try asset(s, "ACME (A)", .stock, quantity: "10", price: "100", date: "2023-01-05", portfolio: p.id)
            let b = try empty(s, "ACME (B)", portfolio: p.id)
            _ = try s.execute(Trade(.buy, asset: a.id!, quantity: 10, price: 120, date: d("2024-01-10")))
            let pair = try s.execute(MoveUnits(from: a.id!, to: b.id!, quantity: 15, date: d("2024-03-01")))
            #expect(try s.requireTransaction(id: pair.out.id!).relatedTransactionID == pair.in.id)
            // FIFO on B: 10 of 2023-01-05 (1000) and 5 of 2024-01-10 (600); B's running average: 2200 × 15 ÷ 20 = 1650.
            let lots = try s.openLots(ofAsset: b.id!, method: .fifo, on: d("2024-03-02"))
            #expect(lots.map { "\($0.lot.acquired) \($0.lot.quantity.normalized) \($0.lot.cost.normalized)" } == ["2023-01-05 10 1000", "2024-01-10 5 600"])
            #expect(try s.position(ofAsset: b.id!).costBasis == 1650 && s.position(ofAsset: a.id!).costBasis == 550)
            // 15 sold @ 130 on B: FIFO 1300 − 1000 (long) and 650 − 600 (short); average 1950 − 1650 = 300, as B's realized gain.
            _ = try s.execute(Trade(.sell, asset: b.id!, quantity: 15, price: 130, date: d("2024-04-01")))
            let fifo = try s.realizedGains(method: .fifo)
            #expect(fifo.map(\.piece.gain) == [300, 50] && fifo.map(\.term) == [.long, .short])
            #expect(try s.realizedGains(method: .average).reduce(0) { $0 + $1.piece.gain } == 300)
            #expect(try s.position(ofAsset: b.id!).realizedGain == 300 && s.position(ofAsset: a.id!).realizedGain == 0)
            #expect(try s.derivedMismatches().mismatches.isEmpty)
            // Inside the portfolio the move is no flow: only the buy of 2024-01-10 came in.
            let r = try s.performance(.portfolio(p.id!), from: d("2024-01-02"), to: d("2024-03-31"))
            #expect(r.netFlows == 1200)
        }
    }

    @Test("a spin-off and a stock dividend: the new asset's lots take the parent's dates; the dividend is a lot at 0")
    func spinOffAndStockDividend() throws {
        try withStore { s in
            let parent = try asset(s, "MMM", .stock, quantity: "100", price: "50", date: "2023-01-05")
            let child = try empty(s, "SOLV")
            _ = try s.execute(SpinOff(parent: parent.id!, child: child.id!, units: 25, costFraction: x("0.2"), date: d("2024-04-01")))
            _ = try s.execute(StockDividend(asset: child.id!, units: 5, date: d("2024-05-01")))
            let lots = try s.openLots(ofAsset: child.id!, method: .fifo, on: d("2024-05-02"))
            #expect(lots.map { "\($0.lot.acquired) \($0.lot.quantity.normalized) \($0.lot.cost.normalized)" } == ["2023-01-05 25 1000", "2024-05-01 5 0"])
            #expect(try s.openLots(ofAsset: parent.id!, method: .fifo, on: d("2024-05-02")).map(\.lot.cost) == [4000])
            #expect(try s.position(ofAsset: parent.id!).costBasis == 4000 && s.position(ofAsset: child.id!).costBasis == 1000)
            #expect(try s.position(ofAsset: child.id!).quantity == 30)
            #expect(try s.derivedMismatches().mismatches.isEmpty)
        }
    }

    @Test("the migration: a split whose note is \"Stock dividend\" becomes a stock dividend; other splits stay")
    func migration() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let old = try DatabaseQueue(path: path)
        let mine = Migrations.identifiers.firstIndex(of: "Stock dividends get their own type")!
        try Migrations.migrator.migrate(old, upTo: Migrations.identifiers[mine - 1])
        try old.write { db in
            try db.execute(sql: "INSERT INTO asset(id, name, type, currency) VALUES (1, 'ACME', 'stock', 'USD')")
            try db.execute(sql: """
                INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency, note) VALUES
                (1, 'buy', '2024-01-02', '10', '10', '100', 'USD', ''),
                (1, 'split', '2024-02-01', '1', '0', '0', 'USD', 'Stock dividend'),
                (1, 'split', '2024-03-01', '11', '0', '0', 'USD', 'Split 2:1')
                """)
        }
        try old.close()
        let store = try AssetFlowStore(path: path)
        let types = try store.withSession { try $0.transactions(ofAsset: 1).map(\.type) }
        #expect(types == [.buy, .stockDividend, .split])
        let lots = try store.withSession { try $0.openLots(ofAsset: 1, method: .fifo, on: CalendarDate("2024-03-02")!) }
        // The dividend's unit is a lot at 0 that the split doubles, beside the bought lot: 20 @ 100, 2 @ 0.
        #expect(lots.map { "\($0.lot.acquired) \($0.lot.quantity.normalized) \($0.lot.cost.normalized)" } == ["2024-01-02 20 100", "2024-02-01 2 0"])
    }
}
