import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Random histories written through every door (a Lua script, an import, an edit, a
/// delete, a restore, raw SQL), with random reads in between (in a read transaction, a
/// write transaction or none): after each step every derived row equals a replay of its
/// asset's history or is absent, and every figure the session gives equals the replay.
@Suite("Derived data: random histories through every door")
struct DerivedDataPropertyTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func date() -> String { CalendarDate("2024-01-03")!.adding(days: int(350)).description }
    }

    static let names = ["AAA", "BBB", "CCC"]
    static let today = CalendarDate("2024-12-31")!

    @Test("after each step every derived row equals a replay or is absent, and every figure read equals the replay", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomHistories(seed: UInt64) throws {
        var random = Random(state: seed)
        let store = try AssetFlowStore(path: nil)
        try store.withSession(today: Self.today) { s in
            try lua(s, Self.names.map { "af.create_asset{ name = '\($0)', type = 'stock', currency = 'USD', quantity = 100, cost_basis = '10', date = '2024-01-02' }" }.joined(separator: "\n"))
        }
        var steps: [String] = []
        var compared = (snapshots: 0, checkpoints: 0, priceMonths: 0)
        for _ in 0..<8 {
            try store.withSession(today: Self.today) { s in
                for _ in 0..<6 {
                    steps.append(try write(s, &random))
                    try read(s, &random)
                    try verify(s, after: steps)
                    compared.snapshots += try s.dump(table: "position_snapshot").rows.count
                    compared.checkpoints += try s.dump(table: "quantity_checkpoint").rows.count
                    compared.priceMonths += try s.dump(table: "price_month").rows.count
                }
            }
            if random.int(3) == 0 {
                let archive = try store.withSession(today: Self.today) { try $0.backupArchive(appVersion: "test") }
                try store.restore(try BackupRestore.validate(archive))
                steps.append("restore")
                try store.withSession(today: Self.today) { s in try verify(s, after: steps) }
            }
        }
        // The comparison was not vacuous: rows were there to compare.
        #expect(compared.snapshots > 0 && compared.checkpoints > 0 && compared.priceMonths > 0)
    }

    /// Runs Lua code as `assetflow run` does: one write transaction.
    func lua(_ s: StoreSession, _ source: String) throws {
        let env = try ScriptEnvironment(session: s)
        env.output = { _ in }
        try s.begin()
        do {
            try env.lua.execute(source, name: "=test")
            try s.commit()
        } catch {
            try s.rollback()
            throw error
        }
    }

    /// One random write through a random door; returns what it was.
    func write(_ s: StoreSession, _ random: inout Random) throws -> String {
        let name = Self.names[random.int(3)], date = random.date(), quantity = 1 + random.int(30)
        let asset = try s.asset(named: name)!.id!
        let ids = try s.transactions(ofAsset: asset).compactMap(\.id)
        let pick = ids.isEmpty ? -1 : ids[random.int(ids.count)]
        switch random.int(8) {
        case 0:
            let kind = random.int(2) == 0 ? "buy" : "sell"
            try lua(s, "pcall(function() af.asset('\(name)'):\(kind){ quantity = \(quantity), price = '\(10 + random.int(9))', date = '\(date)' } end)")
            return "lua \(kind) \(name) \(quantity) \(date)"
        case 1:
            var rows = "Date,Asset,Type,Quantity,Price\n"
            for _ in 0...random.int(3) { rows += "\(random.date()),\(Self.names[random.int(3)]),buy,\(1 + random.int(9)),\(10 + random.int(5))\n" }
            let inTransaction = random.int(2) == 0
            if inTransaction { try s.begin() }
            _ = try s.importCSV(ImportRequest(options: ImportOptions(kind: .transactions), data: Data(rows.utf8)))
            if inTransaction { try s.commit() }
            return "import \(rows.split(separator: "\n").count - 1) rows"
        case 2:
            if let original = try? s.requireTransaction(id: pick) {
                var edited = original
                edited.quantity = ExactDecimal(quantity)
                edited.date = CalendarDate(date)!
                _ = try? s.execute(EditTransaction(from: original, to: edited))
            }
            return "edit \(pick)"
        case 3:
            _ = try? s.execute(DeleteTransaction(id: pick))
            return "delete \(pick)"
        case 4:
            let sql = [
                "UPDATE asset_transaction SET quantity = '\(quantity)' WHERE id = \(pick)",
                "UPDATE asset_transaction SET date = '\(date)' WHERE id = \(pick)",
                "DELETE FROM asset_transaction WHERE id = \(pick)",
                "INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency) VALUES (\(asset), 'buy', '\(date)', '\(quantity)', '10', '\(quantity * 10)', 'USD')",
            ][random.int(4)]
            try s.db.execute(sql: sql)
            return "sql \(sql)"
        case 5:
            // Prices through SQL: the monthly price series must follow them too.
            let pickPrice = try Int64.fetchOne(s.db, sql: "SELECT id FROM price_history WHERE asset_id = \(asset) ORDER BY id LIMIT 1 OFFSET \(random.int(40))") ?? -1
            let sql = [
                "UPDATE price_history SET price = '\(quantity).25' WHERE id = \(pickPrice)",
                "UPDATE price_history SET date = '\(date)' WHERE id = \(pickPrice) AND NOT EXISTS (SELECT 1 FROM price_history WHERE asset_id = \(asset) AND date = '\(date)')",
                "DELETE FROM price_history WHERE id = \(pickPrice)",
                "INSERT OR REPLACE INTO price_history(asset_id, date, price) VALUES (\(asset), '\(date)', '\(quantity).5')",
                "UPDATE asset_transaction SET price = '\(quantity).75' WHERE id = \(pick)",
            ][random.int(5)]
            try s.db.execute(sql: sql)
            return "sql \(sql)"
        case 6:
            var rows = "Date,Asset,Price\n"
            for _ in 0...random.int(3) { rows += "\(random.date()),\(Self.names[random.int(3)]),\(10 + random.int(5)).\(random.int(100))\n" }
            let inTransaction = random.int(2) == 0
            if inTransaction { try s.begin() }
            _ = try? s.importCSV(ImportRequest(options: ImportOptions(kind: .prices), data: Data(rows.utf8)))
            if inTransaction { try s.commit() }
            return "import prices \(rows.split(separator: "\n").count - 1) rows"
        default:
            try s.recordPrice(PricePoint(assetID: asset, date: CalendarDate(date)!, price: ExactDecimal(5 + random.int(20))))
            return "price \(name) \(date)"
        }
    }

    /// Random reads: positions, all positions, a timeline; in a read transaction (a
    /// report), a write transaction (a script), or none.
    func read(_ s: StoreSession, _ random: inout Random) throws {
        let mode = random.int(3)
        if mode == 0 { try s.beginReading() } else if mode == 1 { try s.begin() }
        for _ in 0...random.int(3) {
            switch random.int(3) {
            case 0: _ = try s.position(ofAsset: try s.asset(named: Self.names[random.int(3)])!.id!)
            case 1: _ = try s.allPositions()
            default: _ = try s.timeline(of: s.assets(), dates: [CalendarDate(random.date())!, Self.today])
            }
        }
        if mode == 0 { try s.rollback() } else if mode == 1 { try s.commit() }
    }

    func verify(_ s: StoreSession, after steps: [String]) throws {
        let (mismatches, outdated) = try s.derivedMismatches(limit: 100)
        #expect(mismatches == [], "after \(steps)")
        #expect(outdated == [])
        let assets = try s.assets()
        let replay = try s.replayDerived()
        for a in assets {
            let replayed = Position.of(try s.transactions(ofAsset: a.id!))
            #expect(try s.position(ofAsset: a.id!) == replayed, "\(a.name) after \(steps)")
            #expect(try s.allPositions()[a.id!] ?? Position.of([]) == replayed, "\(a.name) after \(steps)")
        }
        let levels = try s.quantityLevels(AssetSlots(assets.map { $0.id! }), scan: true)
        for (slot, a) in assets.enumerated() {
            #expect(levels[slot].days == replay.levels[a.id!]!.days && levels[slot].values == replay.levels[a.id!]!.values, "\(a.name) after \(steps)")
        }
        let prices = try s.priceSources(AssetSlots(assets.map { $0.id! }), scan: true)
        for (slot, a) in assets.enumerated() {
            #expect(prices[slot] == replay.prices[a.id!]!, "\(a.name)'s prices after \(steps)")
        }
        // The timeline and performance through the series equal the reference's, as printed.
        let dates = try StoreSession.timelineDates(from: CalendarDate("2024-01-01")!, to: Self.today, monthly: false)
        func figures() throws -> String {
            s.performanceRecordsCache = nil
            let timeline = try s.timeline(of: assets, dates: dates).map { "\($0.date) \($0.value.plainText)" }.joined(separator: "\n")
            let report = try s.performance(.everything, from: CalendarDate("2024-01-02")!, to: Self.today)
            return timeline + "\n\(report)"
        }
        let fast = try figures()
        s.readsDerivedSeries = false
        defer { s.readsDerivedSeries = true; s.performanceRecordsCache = nil }
        #expect(try figures() == fast, "after \(steps)")
    }
}
