import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// Persisted positions must always equal a replay of the history, whatever changed it.
@Suite("Position snapshots")
struct PositionSnapshotTests {
    let today = CalendarDate("2024-06-01")!

    func buy(_ s: StoreSession, _ id: Int64, _ q: ExactDecimal, _ p: ExactDecimal, _ d: String, _ type: TransactionType = .buy) throws -> Transaction {
        try s.record(Transaction(assetID: id, type: type, date: CalendarDate(d)!, quantity: q, pricePerUnit: p, currency: "USD"))
    }

    func replayed(_ s: StoreSession, _ id: Int64) throws -> Position { Position.of(try s.transactions(ofAsset: id)) }

    @Test("appended transactions keep the snapshot current; a reopened store reads it instead of the history")
    func appended() throws {
        let path = NSTemporaryDirectory() + "af-snap-\(UUID().uuidString).sqlite"
        defer { removeStoreFiles(path) }
        var assetID: Int64 = 0
        try AssetFlowStore(path: path).withSession(today: today) { s in
            assetID = try s.createAsset(StoreSession.NewAsset(name: "X", type: .stock)).id!
            _ = try buy(s, assetID, 10, 10, "2024-01-02")
            _ = try buy(s, assetID, 10, 12, "2024-02-01")
            _ = try buy(s, assetID, 5, 15, "2024-03-01", .sell)
            #expect(try s.storedSnapshot(ofAsset: assetID)?.position == replayed(s, assetID))
        }
        try AssetFlowStore(path: path).withSession(today: today) { s in
            let positions = try s.allPositions()
            #expect(positions[assetID] == Position(quantity: 15, costBasis: 165, realizedGain: 20))
            #expect(positions[assetID] == (try replayed(s, assetID)))
        }
    }

    @Test("a back-dated transaction's command writes the snapshot again before it ends; a raw SQL change removes it; the replay is right")
    func changedHistory() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            let id = try s.createAsset(StoreSession.NewAsset(name: "X", type: .stock)).id!
            _ = try buy(s, id, 10, 10, "2024-03-01")
            _ = try s.position(ofAsset: id)
            _ = try buy(s, id, 10, 30, "2024-01-01")  // back-dated: replayed once as the command ends
            #expect(try s.storedSnapshot(ofAsset: id)?.position == replayed(s, id))
            #expect(try s.allPositions()[id] == replayed(s, id))
            #expect(try s.storedSnapshot(ofAsset: id) != nil)

            try s.db.execute(sql: "UPDATE asset_transaction SET quantity = '4' WHERE asset_id = ? AND date = '2024-03-01'", arguments: [id])
            #expect(try s.storedSnapshot(ofAsset: id) == nil)
            s.invalidateAll()
            #expect(try s.position(ofAsset: id).quantity == 14)

            try s.db.execute(sql: "DELETE FROM asset_transaction WHERE asset_id = ? AND date = '2024-01-01'", arguments: [id])
            #expect(try s.storedSnapshot(ofAsset: id) == nil)
            s.invalidateAll()
            #expect(try s.allPositions()[id] == Position(quantity: 4, costBasis: 40, realizedGain: 0))
        }
    }

    @Test("a rolled-back write leaves no snapshot of it behind")
    func rollback() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            let id = try s.createAsset(StoreSession.NewAsset(name: "X", type: .stock)).id!
            _ = try buy(s, id, 10, 10, "2024-03-01")
            _ = try s.position(ofAsset: id)
            try s.begin()
            _ = try buy(s, id, 5, 10, "2024-04-01")
            try s.rollback()
            #expect(try s.storedSnapshot(ofAsset: id)?.position.quantity == 10)
            #expect(try s.allPositions()[id]?.quantity == 10)
        }
    }

    @Test("snapshots are derived data: not counted as changes, gone with their asset")
    func derived() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            var r = StoreSession.NewAsset(name: "X", type: .stock)
            r.quantity = 3; r.costBasis = 2; r.date = today
            let id = try s.createAsset(r).id!
            s.resetChangeCounter()
            _ = try s.allPositions()
            #expect(s.changes.isEmpty)
            try s.db.execute(sql: "DELETE FROM asset WHERE id = ?", arguments: [id])
            #expect(try Int.fetchOne(s.db, sql: "SELECT COUNT(*) FROM position_snapshot") == 0)
        }
    }
}
