import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// Derived rows carry the version of the rule that made them: rows of another version are
/// never read, and the next write transaction drops and rebuilds them.
@Suite("Derived data: rule versions")
struct DerivedRuleVersionTests: StoreRuleTesting {
    func versions(_ db: Database) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT table_name, version FROM derived_rule").map { ($0[0], $0[1]) })
    }

    @Test("a new store records this build's versions")
    func recorded() throws {
        try withStore { (s: StoreSession) throws in
            #expect(try versions(s.db) == ["position_snapshot": 1, "quantity_checkpoint": 2, "price_month": 2, "asset_extent": 1, "transaction_month": 1])
            #expect(try s.dataTableNames().contains("derived_rule") == false)
        }
    }

    @Test("rows of another rule are not read; a read computes without writing; the next write rebuilds them and records the version")
    func otherRule() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        var id: Int64 = 0
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            try s.begin()
            id = try asset(s, "A", .stock, quantity: "10", price: "10").id!
            _ = try s.recordPrice(PricePoint(assetID: id, date: d("2024-02-01"), price: 3))
            _ = try s.timeline(of: s.assets(), dates: [d("2024-03-01")])
            try s.commit()
        }
        // As a build with another rule would have left them: different rows, another version.
        try StoreSurgery.edit(path) { db in
            try db.execute(sql: "UPDATE position_snapshot SET quantity = '999'")
            try db.execute(sql: "UPDATE quantity_checkpoint SET levels = X'0200E707' WHERE month = '2024-01'")
            try db.execute(sql: "UPDATE derived_rule SET version = 0")
        }
        #expect(try AssetFlowStore.check(path: path).problems == [])
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            try s.beginReading()
            #expect(try s.position(ofAsset: id).quantity == 10)
            #expect(try s.allPositions()[id]?.quantity == 10)
            #expect(try s.value(of: s.assets(), at: d("2024-03-01")) == 30)
            try s.rollback()
            #expect(try versions(s.db) == ["position_snapshot": 0, "quantity_checkpoint": 0, "price_month": 0, "asset_extent": 0, "transaction_month": 0])
            try s.begin()
            try s.commit()
            #expect(try versions(s.db) == ["position_snapshot": 1, "quantity_checkpoint": 2, "price_month": 2, "asset_extent": 1, "transaction_month": 1])
            #expect(try String.fetchOne(s.db, sql: "SELECT quantity FROM position_snapshot") == "10")
            #expect(try QuantityCheckpoint.text(month: "2024-01", bytes: StoreSession.bytes(DatabaseValue.fetchOne(s.db, sql: "SELECT levels FROM quantity_checkpoint WHERE month = '2024-01'")!)) == "2:10")
        }
        #expect(try AssetFlowStore.check(path: path).problems == [])
    }
}
