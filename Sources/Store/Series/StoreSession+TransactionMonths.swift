import Core
import GRDB

/// Monthly transaction series (table `transaction_month`, `TransactionMonth`): every asset's
/// transactions read as about one row per asset and month. Derived data, like the monthly
/// price series: triggers delete an asset's rows from the month of any changed transaction on
/// (with its `complete` row); the rows that remain are still true. The rows are written only
/// inside a write transaction the user's operation holds (`keepTransactionMonthsInStep` at
/// its end, the bulk writes of an import); a read uses them only when every asset's are
/// whole, and otherwise reads the table as before.
extension StoreSession {
    /// Whether every asset of the store has its `complete` row, of this build's rule: then
    /// the series hold every transaction of the store's assets. One seek per asset.
    func transactionMonthsAreWhole() throws -> Bool {
        guard try derivedRowsAreCurrent(.transactionMonth) else { return false }
        let missing = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT count(*) FROM asset WHERE NOT EXISTS (SELECT 1 FROM transaction_month WHERE month = 'complete' AND asset_id = asset.id)
            """)) ?? 0
        return missing == 0
    }

    /// Writes the asset's rows for `rows` (all after the month `after`, every one when nil)
    /// and its `complete` row, in a savepoint: derived data, so when the store cannot be
    /// written now the caller goes on without.
    func storeTransactionMonths(_ rows: [(month: String, bytes: [UInt8])], ofAsset id: Int64, after: String?) throws {
        try db.inSavepoint {
            try db.cachedStatement(sql: "DELETE FROM transaction_month WHERE asset_id = ? AND month > ?").execute(arguments: [id, after ?? ""])
            var insert = try BulkStatement(db, table: DerivedTable.transactionMonth.rawValue, columns: ["month", "asset_id", "entries"],
                                           rowCount: rows.count + 1, rowsPerStatement: Self.derivedRowsPerStatement)
            for row in rows + [(month: TransactionMonth.complete, bytes: [UInt8]())] {
                insert.bind(1, row.month)
                insert.bind(2, id)
                insert.bind(3, blob: row.bytes)
                try insert.endRow()
            }
            return .commit
        }
    }

    /// Writes the rows of an asset's whole history (in (date, id) order); nothing when they
    /// cannot be made or written now (they are made again at the next write).
    func storeTransactionMonths(ofAsset id: Int64, history: [Transaction]) {
        guard let rows = try? TransactionMonth.rows(of: history) else { return }
        try? storeTransactionMonths(rows, ofAsset: id, after: nil)
    }

    /// Inside a write transaction the user's operation holds: extends the rows of every asset
    /// a change left without its `complete` row, from the month after its last remaining row
    /// (one index read of those transactions), so that the next read finds them whole. One
    /// index seek per asset when nothing is missing.
    func keepTransactionMonthsInStep() throws {
        guard try mayWriteDerived(.transactionMonth) else { return }
        let missing = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT id FROM asset WHERE NOT EXISTS (SELECT 1 FROM transaction_month WHERE month = 'complete' AND asset_id = asset.id) ORDER BY id
            """))
        for id in missing {
            let last = try String.fetchOne(db.cachedStatement(sql: """
                SELECT month FROM transaction_month WHERE asset_id = ? AND month < 'complete' ORDER BY month DESC LIMIT 1
                """), arguments: [id])
            var history: [Transaction] = []
            let after = last.map { " AND date > '\(PriceMonth.endOfMonth($0))'" } ?? ""
            try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE asset_id = \(id)\(after) ORDER BY date, id") { row in
                history.append(try TransactionRecord.read(row))
            }
            guard let rows = try? TransactionMonth.rows(of: history) else { continue }
            try? storeTransactionMonths(rows, ofAsset: id, after: last)
        }
    }
}
