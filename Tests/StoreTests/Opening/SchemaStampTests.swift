import Foundation
import GRDB
import Testing
@testable import Store

@Suite("Opening compares the schema only when it may have changed (the schema stamp)")
struct SchemaStampTests {
    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test("the stamp's table is found as GRDB's tableExists finds it: any letter case, main or temporary schema")
    func tableLookup() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in
            #expect(try SchemaStamp.tableExists(db) == false)
            try db.execute(sql: "CREATE TEMP TABLE SCHEMA_STAMP (id INTEGER)")
            #expect(try SchemaStamp.tableExists(db) == db.tableExists(SchemaStamp.table))
            #expect(try SchemaStamp.tableExists(db))
            try db.execute(sql: "DROP TABLE temp.SCHEMA_STAMP")
            try db.execute(sql: "CREATE VIEW schema_stamp AS SELECT 1 AS id")
            #expect(try SchemaStamp.tableExists(db) == db.tableExists(SchemaStamp.table))
            try db.execute(sql: "DROP VIEW schema_stamp; CREATE TABLE Schema_Stamp (id INTEGER)")
            #expect(try SchemaStamp.tableExists(db))
            #expect(try db.tableExists(SchemaStamp.table))
        }
    }

    @Test("a new store is compared once; reopening it compares nothing and writes nothing")
    func reopenSkipsComparison() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen)
        let before = try StoreSurgery.bytes(path)
        for _ in 0..<3 { #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen == false) }
        #expect(try StoreSurgery.bytes(path) == before)
    }

    @Test("a schema altered behind AssetFlow's back after the stamp is compared again and refused, unchanged")
    func alteredAfterStamp() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path)
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen == false)
        try StoreSurgery.edit(path) { try $0.execute(sql: "DROP INDEX transaction_asset_date") }
        let before = try StoreSurgery.bytes(path)
        let error = message { _ = try AssetFlowStore(path: path) }
        #expect(error?.contains("index transaction_asset_date is missing") == true)
        #expect(try StoreSurgery.bytes(path) == before)
        // The stamp still names the old schema cookie: every later open compares and refuses too.
        #expect(message { _ = try AssetFlowStore(path: path) }?.contains("index transaction_asset_date is missing") == true)
    }

    @Test("a stamp of another build, or a missing one, means a full comparison, then a new stamp")
    func otherBuild() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path)
        try StoreSurgery.edit(path) { try $0.execute(sql: "UPDATE schema_stamp SET fingerprint = 'rules 0, 3 migrations, 0'") }
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen)
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen == false)
        try StoreSurgery.edit(path) { try $0.execute(sql: "DELETE FROM schema_stamp") }
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen)
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen == false)
    }

    @Test("a schema change that keeps the schema valid (an extra index) is compared once, then stamped again")
    func toleratedChange() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path)
        try StoreSurgery.edit(path) { try $0.execute(sql: "CREATE INDEX mine ON asset(currency)") }
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen)
        #expect(try AssetFlowStore(path: path).comparedSchemaAtOpen == false)
    }

    @Test("a read-only store with a current stamp is not compared; with a stale one it is, and nothing is written")
    func readOnly() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path)
        #expect(try AssetFlowStore(path: path, readOnly: "a test").comparedSchemaAtOpen == false)
        try StoreSurgery.edit(path) { try $0.execute(sql: "CREATE INDEX mine ON asset(currency)") }
        let before = try StoreSurgery.bytes(path)
        #expect(try AssetFlowStore(path: path, readOnly: "a test").comparedSchemaAtOpen)
        #expect(try AssetFlowStore(path: path, readOnly: "a test").comparedSchemaAtOpen)
        #expect(try StoreSurgery.bytes(path) == before)
    }

    @Test("the fingerprint names this build's migrations; the stamp is not data (not exported, not backed up)")
    func fingerprintAndExport() throws {
        #expect(SchemaStamp.fingerprint.hasPrefix("rules \(SchemaStamp.ruleVersion), \(Migrations.schemaVersion) migrations, "))
        let store = try AssetFlowStore(path: nil)
        #expect(try store.withSession { try $0.dataTableNames() }.contains("schema_stamp") == false)
    }
}
