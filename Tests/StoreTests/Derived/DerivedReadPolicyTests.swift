import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// A read never writes: derived rows a read finds missing are computed and kept in the
/// session's memory; they are written only inside a write transaction the user holds.
@Suite("Derived data: a read never writes")
struct DerivedReadPolicyTests: StoreRuleTesting {
    static let csv = """
        Date,Symbol,Type,Quantity,Price,Currency
        2024-01-02,ACME,buy,10,100,USD
        2024-02-01,ACME,buy,5,110,USD
        2024-03-01,ACME,sell,3,120,USD
        2024-01-05,BETA,buy,7,20,USD
        """

    func derivedRows(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM position_snapshot) + (SELECT count(*) FROM quantity_checkpoint)")!
    }

    /// Holds the write lock (BEGIN IMMEDIATE) on another connection, on another thread, until
    /// `release` is signalled; returns once it holds it, with what signals its end.
    func holdWriteLock(_ path: String, release: DispatchSemaphore) throws -> DispatchSemaphore {
        let queue = try DatabaseQueue(path: path)
        let locked = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? queue.inDatabase { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                release.wait()
                try db.execute(sql: "ROLLBACK")
            }
            try? queue.close()
            finished.signal()
        }
        locked.wait()
        return finished
    }

    @Test("an import writes the snapshots of the assets it touched before it commits")
    func importRewritesSnapshots() throws {
        try withStore { s in
            try s.begin()
            _ = try importCSV(s, .transactions, Self.csv)
            try s.commit()
            for a in try s.assets() {
                let replay = CachedPosition(try s.transactions(ofAsset: a.id!))
                #expect(try s.storedSnapshot(ofAsset: a.id!)?.position == replay.position)
                #expect(try s.storedSnapshot(ofAsset: a.id!)?.lastID == replay.lastID)
            }
        }
    }

    @Test("with every snapshot and checkpoint missing, a report's reads while another connection holds the write lock give every figure and write nothing")
    func readWhileLocked() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        let store = try AssetFlowStore(path: path, waitNotice: nil, waitLimit: 0.2)
        var expected: [Int64: Position] = [:]
        try store.withSession(today: Self.today) { s in
            try s.begin()
            _ = try importCSV(s, .transactions, Self.csv)
            _ = try s.timeline(of: s.assets(), dates: [d("2024-04-01")])
            try s.commit()
            for a in try s.assets() { expected[a.id!] = Position.of(try s.transactions(ofAsset: a.id!)) }
            try s.db.execute(sql: "DELETE FROM position_snapshot; DELETE FROM quantity_checkpoint")
        }
        let release = DispatchSemaphore(value: 0)
        let finished = try holdWriteLock(path, release: release)
        defer { release.signal(); finished.wait() }
        try store.withSession(today: Self.today) { s in
            try s.beginReading()
            #expect(try s.allPositions() == expected)
            let value = try s.value(of: s.assets(), at: d("2024-04-01"))
            #expect(value == ExactDecimal(12 * 120 + 7 * 20), "\(value.plainText)")  // at the trades' prices (prices from trades), computed, not an error
            for id in expected.keys { #expect(try s.position(ofAsset: id) == expected[id]) }
            #expect(try derivedRows(s.db) == 0)
            try s.rollback()
        }
    }

    @Test("a writer with no busy wait begins while a report's read transaction is open and has read every figure")
    func writerNotBlockedByReport() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        let store = try AssetFlowStore(path: path, waitNotice: nil)
        try store.withSession(today: Self.today) { s in
            _ = try importCSV(s, .transactions, Self.csv)
            try s.db.execute(sql: "DELETE FROM position_snapshot")
        }
        try store.withSession(today: Self.today) { s in
            try s.beginReading()
            _ = try s.allPositions()
            _ = try s.timeline(of: s.assets(), dates: [d("2024-02-15"), d("2024-04-01")])
            let other = try DatabaseQueue(path: path)  // busy mode: fail at once
            defer { try? other.close() }
            try other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "INSERT INTO portfolio(name) VALUES ('Written while a report ran')")
                try db.execute(sql: "COMMIT")
            }
            try s.rollback()
        }
    }

    @Test("outside any transaction a read computes and keeps the figure; the next write transaction writes the snapshot")
    func autocommitRead() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "10", price: "10")
            try s.db.execute(sql: "DELETE FROM position_snapshot")
            #expect(try s.position(ofAsset: a.id!).quantity == 10)
            #expect(try s.storedSnapshot(ofAsset: a.id!) == nil)
            try s.begin()
            s.invalidateAll()
            #expect(try s.position(ofAsset: a.id!).quantity == 10)
            try s.commit()
            #expect(try s.storedSnapshot(ofAsset: a.id!)?.position.quantity == 10)
        }
    }
}
