import Core
import Foundation
import GRDB

/// A profiled import's transactions, checked by their commands (`StagedImportStore`),
/// written as the generic import writes its rows: one prepared statement bound through the
/// C API, insert triggers paused and their work done once per asset (`InsertTriggerPause`),
/// snapshots written again once per touched asset: the assets that had no transaction before
/// (a new store's, a new asset's) replayed from the rows as bound (`CreatedHistories`: 16
/// bytes a row and its texts), not read back; the others read back.
extension SessionCommandStore {
    func insertStaged(_ transactions: consuming StagedRows) throws -> [Int64] {
        let count = transactions.count
        guard count > 0 else { return [] }
        // What the caller let go before handing the rows over (a profiled import's ledgers)
        // goes back to the system before this write takes memory of its own.
        FreedMemory.giveBack()
        // The ids SQLite would give one INSERT after another (`id INTEGER PRIMARY KEY`: the
        // largest plus one), given here so that a pair can name each other as it is written.
        let first = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0) + 1
        // Placeholders that follow one another (a profiled import's) map to the ids by
        // arithmetic; others through a dictionary (175,000 entries: 4 to 8 MB).
        let start = transactions[0].id!
        var consecutive = true
        var earliest: [Int64: CalendarDate] = [:]
        for (i, t) in transactions.enumerated() {
            if t.id! != start &+ Int64(i) { consecutive = false }
            earliest[t.assetID] = min(earliest[t.assetID] ?? t.date, t.date)
        }
        var ids: [Int64: Int64] = [:]
        if !consecutive {
            for (i, t) in transactions.enumerated() { ids[t.id!] = first + Int64(i) }
        }
        let realID = { (placeholder: Int64) -> Int64? in
            if !consecutive { return ids[placeholder] }
            let i = placeholder &- start
            return i >= 0 && i < Int64(count) ? first + i : nil
        }
        // Assets without a transaction so far: every row of theirs is one of these.
        let exists = try db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM asset_transaction WHERE asset_id = ?)")
        let fresh = try Set(earliest.keys.filter { try Bool.fetchOne(exists, arguments: [$0]) != true })
        var created = CreatedHistories(firstID: first)
        try InsertTriggerPause.run(db, earliest: { earliest.mapValues(\.isoText) }) {
            let forward = try insertRows(&transactions, realID: realID, first: first, fresh: fresh, created: &created)
            // A pair's first row cannot name the second before it exists (the foreign key is
            // checked at once; deferring it made SQLite scan the table for children of every
            // row inserted, related_id having no index): it is named once both are in.
            let link = try db.cachedStatement(sql: "UPDATE asset_transaction SET related_id = ? WHERE id = ?")
            for (id, related) in forward { try link.execute(arguments: [related, id]) }
        }
        // Written: the ids go too before the replay (of the rows as bound, or read back).
        ids = [:]
        FreedMemory.giveBack()
        let touched = Set(earliest.keys)
        session.noteChange("transaction", .added, count: count)
        session.announce(.bulk(assets: touched))
        try session.rewriteSnapshots(of: touched, seriesToo: true, created: created)
        return (0..<count).map { first + Int64($0) }
    }

    /// Inserts the rows (taken: each block of them let go once bound), those of the `fresh`
    /// assets kept in `created` as bound; returns the links that name a later row, (id,
    /// related id), to set after.
    private func insertRows(_ transactions: inout StagedRows, realID: (Int64) -> Int64?, first: Int64, fresh: Set<Int64>,
                            created: inout CreatedHistories) throws -> [(Int64, Int64)] {
        var forward: [(Int64, Int64)] = []
        typealias C = TransactionRecord.Column
        let columns = [C.id] + TransactionRecord.written
        var insert = try BulkStatement(db, table: TransactionRecord.table, columns: columns.map(\.name),
                                       rowCount: transactions.count, rowsPerStatement: Self.transactionsPerStatement)
        // Parameters follow `columns`: the id first, then the written columns in order.
        func p(_ c: C) -> Int32 { c == .id ? 1 : c.parameter + 1 }
        try transactions.removeAll { i, t in
            insert.bind(p(.id), first + Int64(i))
            insert.bind(p(.assetID), t.assetID)
            insert.bind(p(.type), t.type.rawValue)
            insert.bind(p(.date), t.date)
            let texts = BoundTexts(quantity: try t.quantity.storedText(), price: try t.pricePerUnit.storedText(),
                                   total: try t.totalAmount.storedText(), fees: try t.fees.storedText())
            insert.bind(p(.quantity), texts.quantity)
            insert.bind(p(.price), texts.price)
            insert.bind(p(.total), texts.total)
            insert.bind(p(.fees), texts.fees)
            insert.bind(p(.currency), t.currency)
            insert.bind(p(.sourceAssetID), t.sourceAssetID)
            let id = first + Int64(i), related = t.relatedTransactionID.map { realID($0) ?? $0 }
            if let related, related > id { forward.append((id, related)) }
            insert.bind(p(.relatedID), related.flatMap { $0 > id ? nil : $0 })
            insert.bind(p(.note), t.note)
            try insert.endRow()
            if fresh.contains(t.assetID) { created.append(t, asset: t.assetID, texts: texts, index: i, source: t.sourceAssetID) }
        }
        return forward
    }
}

extension SessionCommandStore {
    /// The keys of a profiled import's rows, 50 to a statement.
    func insertImportKeys(_ keys: [StagedImportKey]) throws {
        var insert = try BulkStatement(db, table: "import_key", columns: ["transaction_id", "platform", "key", "occurrence"],
                                       rowCount: keys.count, rowsPerStatement: 50)
        for k in keys {
            insert.bind(1, k.transaction)
            insert.bind(2, k.platform)
            insert.bind(3, k.key.key)
            insert.bind(4, Int64(k.key.occurrence))
            try insert.endRow()
        }
    }
}
