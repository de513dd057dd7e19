import Core
import Foundation
import GRDB

/// An import's rows written in bulk: one prepared statement per table, values bound
/// directly, texts reused when the file already had them in plain form. The rows have been
/// checked by `ImportPlanner`; SQLite still checks the schema's constraints.
extension SessionCommandStore {
    /// Rows per INSERT statement (see `BulkStatement`), as measured: 50 prices a statement
    /// write in less than half the time of one each; transactions, with their wider rows and
    /// two indexes, gained nothing from batches (20 a statement was slower).
    static let transactionsPerStatement = 1, pricesPerStatement = 50

    /// Writes what `insertImportedWhilePlanning` did not already write of the plan (all of it
    /// when the import did not stream), then what every import updates once: the touched
    /// assets' maxima, snapshots and series.
    func insertImported(_ plan: ImportPlan, newAssetIDs: [Int64]) throws {
        var done = streamedImport ?? StreamedImport()
        streamedImport = nil
        // What the plan holds was not handed over: none of it is written yet.
        let transactions = plan.transactions[...]
        if !transactions.isEmpty {
            precondition(done.transactions == 0, "an import streams all its transactions or none")
            // Each touched asset's derived data is invalidated once, not by triggers per row.
            var writer = try ImportedTransactionWriter(db, createdAssets: Set(newAssetIDs))
            for new in transactions { done.touched.insert(new.asset.id(newAssetIDs: newAssetIDs)) }
            for id in done.touched { try session.willChangeExtent(ofAsset: id) }  // before the rows (`asset_extent`)
            try InsertTriggerPause.run(db, earliest: { writer.earliest.mapValues(\.isoText) }) {
                try writer.write(transactions, newAssetIDs: newAssetIDs)
            }
            done.transactionWriter = writer
            session.noteChange("transaction", .added, count: transactions.count)
        }
        let created = try done.transactionWriter?.finish()
        done.transactionWriter = nil
        let prices = done.unwrittenPrices.isEmpty ? plan.prices[...] : (done.unwrittenPrices + plan.prices)[...]
        done.unwrittenPrices = []
        if !prices.isEmpty {
            var writer = ImportedPriceWriter()
            try writer.prepare(prices, newAssetIDs: newAssetIDs, in: session)
            // A stream that stopped (rows out of order) left some assets' series incomplete:
            // those are made at the commit, as for an asset that had prices before.
            for id in writer.earliest.keys { done.recorded[id] = nil }
            let keys = ImportedPriceWriter.keys(prices, newAssetIDs: newAssetIDs)
            try InsertTriggerPause.run(db, table: "price_history", earliest: { writer.earliest.mapValues(\.isoText) }) {
                try writer.write(prices, keys: keys, into: db)
            }
            done.priced.formUnion(writer.earliest.keys)
            done.recorded.merge(writer.recorded) { a, _ in a }
            session.noteChange("price", .added, count: prices.count)
        }
        try session.writePriceMonths(recorded: done.recorded)
        let (touched, priced) = (done.touched, done.priced)
        // Prices alone leave the largest quantity held as it was (`asset_extent`); the others'
        // comes from the replay below. The rows are only added, so the largest price is the
        // larger of the one stored before (none for an asset this import created) and the
        // plan's own; only an asset whose stored row was missing needs the aggregate read.
        let heldBefore = session.pendingExtents.filter { priced.contains($0.key) && !touched.contains($0.key) }.mapValues(\.highestHeld)
        let priceBefore = pricesBeforeImport(touched.union(priced), newAssetIDs: newAssetIDs)
        let planPrices = highestPrices(in: plan, newAssetIDs: newAssetIDs)
        session.announce(.bulk(assets: touched.union(priced)))
        for (id, held) in heldBefore { session.pendingExtents[id]?.highestHeld = held }
        for (id, before) in priceBefore { session.pendingExtents[id]?.highestPrice = Swift.max(before, planPrices[id] ?? .zero) }
        // The snapshots the pause removed are written again before the import commits (one
        // replay of the touched assets), so that the next read finds them: a report, which
        // only reads, would otherwise replay them every time.
        try session.rewriteSnapshots(of: touched, seriesToo: true, created: created)
    }

    /// Each asset's largest price before the rows, where known: as stored, or zero for an
    /// asset this import created (it has no history).
    private func pricesBeforeImport(_ ids: Set<Int64>, newAssetIDs: [Int64]) -> [Int64: ExactDecimal] {
        let created = Set(newAssetIDs)
        var known: [Int64: ExactDecimal] = [:]
        for id in ids {
            if created.contains(id) { known[id] = .zero } else if let stored = session.pendingExtents[id]?.highestPrice { known[id] = stored }
        }
        return known
    }

    /// Each asset's largest new price in the plan: recorded prices and trade prices
    /// (`MarketPrices.isTradePrice`), as `highestPriceFromHistory` counts them (gathered by
    /// the planner, `ImportPlan.AssetSummary`: the plan may no longer hold its rows).
    private func highestPrices(in plan: ImportPlan, newAssetIDs: [Int64]) -> [Int64: ExactDecimal] {
        var highest: [Int64: ExactDecimal] = [:]
        for (ref, summary) in plan.assets where summary.hasPrices || summary.highestTradePrice != nil {
            highest[plan.id(of: ref, newAssetIDs: newAssetIDs)] = summary.highestMarketPrice
        }
        return highest
    }

    /// A decimal as the store reads its text back (`RawColumns.decimal`).
    static func stored(_ text: String) throws -> ExactDecimal {
        var text = text
        guard let value = text.withUTF8({ ExactDecimal.parse(bytes: $0) }) else { throw StoreError.column("decimal", .holds(found: "'\(text)'", expected: "a decimal")) }
        return value
    }
}
