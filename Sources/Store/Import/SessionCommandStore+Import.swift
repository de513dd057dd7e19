import Core
import Foundation
import GRDB

/// An import's rows written in bulk: one prepared statement per table, values bound
/// directly, texts reused when the file already had them in plain form. The rows have been
/// checked by `ImportPlanner`; SQLite still checks the schema's constraints.
extension SessionCommandStore: ImportRowsStore {
    func insertImported(_ plan: ImportPlan, newAssetIDs: [Int64]) throws {
        if !plan.transactions.isEmpty {
            // Each touched asset's derived data is invalidated once, not by triggers per row.
            var earliest: [Int64: CalendarDate] = [:]
            for new in plan.transactions {
                let id = plan.id(of: new.asset, newAssetIDs: newAssetIDs)
                earliest[id] = min(earliest[id] ?? new.transaction.date, new.transaction.date)
            }
            try InsertTriggerPause.run(db, earliest: earliest.mapValues(\.isoText)) { try insertTransactions(plan, newAssetIDs: newAssetIDs) }
        }
        try insertPrices(plan, newAssetIDs: newAssetIDs)
        session.invalidateAll()
    }

    /// The plan's transactions, one prepared INSERT with its values bound per row.
    private func insertTransactions(_ plan: ImportPlan, newAssetIDs: [Int64]) throws {
        let transactions = try BulkStatement(db, sql: """
            INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, fees, currency, source_asset_id, related_id, note)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
            """)
        for new in plan.transactions {
            let t = new.transaction
            transactions.bind(1, plan.id(of: new.asset, newAssetIDs: newAssetIDs))
            transactions.bind(2, t.type.rawValue)
            transactions.bind(3, t.date.isoText)
            transactions.bind(4, t.quantity.plainText(reusing: new.quantityText))
            transactions.bind(5, t.pricePerUnit.plainText(reusing: new.priceText))
            transactions.bind(6, new.totalText ?? t.totalAmount.plainText)
            transactions.bind(7, t.fees.isZero ? "0" : t.fees.plainText)
            transactions.bind(8, t.currency)
            transactions.bind(9, new.source.map { plan.id(of: $0, newAssetIDs: newAssetIDs) })
            transactions.bind(10, t.note)
            try transactions.run()
        }
        session.noteChange("transaction", .added, count: plan.transactions.count)
    }

    /// The plan's price records, likewise.
    private func insertPrices(_ plan: ImportPlan, newAssetIDs: [Int64]) throws {
        let prices = try BulkStatement(db, sql: "INSERT INTO price_history(asset_id, date, price) VALUES (?, ?, ?)")
        for new in plan.prices {
            prices.bind(1, plan.id(of: new.asset, newAssetIDs: newAssetIDs))
            prices.bind(2, new.date.isoText)
            prices.bind(3, new.price.plainText(reusing: new.priceText))
            try prices.run()
        }
        session.noteChange("price", .added, count: plan.prices.count)
    }
}
