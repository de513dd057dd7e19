import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The one stored part of lots: a sale's choice (`lot_choice`). Lots themselves are computed.
@Suite("Lot choices in the store")
struct LotChoiceStoreTests: StoreRuleTesting {
    func choiceRows(_ s: StoreSession) throws -> Int { try Int.fetchOne(s.db, sql: "SELECT COUNT(*) FROM lot_choice") ?? -1 }

    func history(_ s: StoreSession) throws -> Asset {
        let a = try asset(s, "ACME", .stock, quantity: "5", price: "10", date: "2024-01-05")
        _ = try s.execute(Trade(.buy, asset: a.id!, quantity: 5, price: 20, date: d("2024-02-01")))
        return a
    }

    @Test("a sale with a choice stores it; specific uses it; FIFO and the running average ignore it")
    func stored() throws {
        try withStore { s in
            let a = try history(s)
            let sale = try s.execute(SellChosenLots(sell: Trade(.sell, asset: a.id!, quantity: 5, price: 30, date: d("2024-03-01")),
                                                    lots: [LotPick(acquired: d("2024-02-01"), quantity: 5)]))
            #expect(try s.lotHistory(ofAsset: a.id!).choices == [sale.id!: [LotPick(acquired: d("2024-02-01"), quantity: 5)]])
            #expect(try s.realizedGains(method: .specific).map(\.piece.gain) == [50])
            #expect(try s.realizedGains(method: .fifo).map(\.piece.gain) == [100])
            #expect(try s.position(ofAsset: a.id!).realizedGain == 75)
            #expect(try s.openLots(ofAsset: a.id!, method: .specific).map(\.lot.acquired) == [d("2024-01-05")])
        }
    }

    @Test("a refused choice leaves nothing behind: no sale, no choice")
    func refused() throws {
        try withStore { s in
            let a = try history(s)
            let before = try s.transactions(ofAsset: a.id!).count
            let problem = message {
                _ = try s.execute(SellChosenLots(sell: Trade(.sell, asset: a.id!, quantity: 5, price: 30, date: d("2024-01-20")),
                                                 lots: [LotPick(acquired: d("2024-02-01"), quantity: 5)]))
            }
            #expect(problem == "No open lot of 'ACME' was acquired on 2024-02-01 (open lots on 2024-01-20: 2024-01-05 × 5).")
            #expect(try s.transactions(ofAsset: a.id!).count == before)
            #expect(try choiceRows(s) == 0)
        }
    }

    @Test("an edit of the quantity drops the choice, an edit of the note keeps it; deleting the sale deletes it")
    func editsAndDeletes() throws {
        try withStore { s in
            let a = try history(s)
            let sale = try s.execute(SellChosenLots(sell: Trade(.sell, asset: a.id!, quantity: 5, price: 30, date: d("2024-03-01")),
                                                    lots: [LotPick(acquired: d("2024-02-01"), quantity: 5)]))
            _ = try s.execute(EditTransaction(id: sale.id!, note: "kept"))
            #expect(try choiceRows(s) == 1)
            _ = try s.execute(EditTransaction(id: sale.id!, quantity: 4))
            #expect(try choiceRows(s) == 0)
            #expect(try s.realizedGains(method: .specific).map(\.piece.acquired) == [d("2024-01-05")])  // the oldest, as FIFO
            let again = try s.execute(SellChosenLots(sell: Trade(.sell, asset: a.id!, quantity: 1, price: 30, date: d("2024-03-02")),
                                                     lots: [LotPick(acquired: d("2024-02-01"), quantity: 1)]))
            _ = try s.execute(DeleteTransaction(id: again.id!))
            #expect(try choiceRows(s) == 0)
        }
    }

    @Test("lots follow a linked transfer to another platform; reading lots writes nothing")
    func movesAndReads() throws {
        try withStore { s in
            let a = try history(s)
            let b = try s.createAsset(StoreSession.NewAsset(name: "ACME at B", type: .stock))
            var out = try s.record(Transaction(assetID: a.id!, type: .transferOut, date: d("2024-03-01"), quantity: 6, pricePerUnit: 15, currency: "USD"))
            var into = try s.record(Transaction(assetID: b.id!, type: .transferIn, date: d("2024-03-01"), quantity: 6, pricePerUnit: 15, currency: "USD"))
            try s.atomically { try SessionCommandStore(s).link(&out, &into) }
            let changes = try Int.fetchOne(s.db, sql: "SELECT total_changes()")
            let lots = try s.openLots(ofAsset: b.id!, method: .fifo)
            #expect(lots.map(\.lot.acquired) == [d("2024-01-05"), d("2024-02-01")])
            #expect(lots.map(\.lot.cost) == [50, 20])
            #expect(try s.openLots(ofAsset: a.id!, method: .fifo).map(\.lot.quantity) == [4])
            _ = try s.realizedGains(method: .hifo)
            #expect(try Int.fetchOne(s.db, sql: "SELECT total_changes()") == changes)
        }
    }
}
