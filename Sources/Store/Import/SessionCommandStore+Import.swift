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

    func insertImported(_ plan: ImportPlan, newAssetIDs: [Int64]) throws {
        var touched = Set<Int64>()
        var created: [Int64: [Transaction]]?  // the whole history of the assets this import created
        if !plan.transactions.isEmpty {
            // Each touched asset's derived data is invalidated once, not by triggers per row.
            var earliest: [Int64: CalendarDate] = [:]
            for new in plan.transactions {
                let id = plan.id(of: new.asset, newAssetIDs: newAssetIDs)
                earliest[id] = min(earliest[id] ?? new.transaction.date, new.transaction.date)
            }
            for id in earliest.keys { try session.willChangeExtent(ofAsset: id) }  // before the rows (`asset_extent`)
            try InsertTriggerPause.run(db, earliest: earliest.mapValues(\.isoText)) {
                created = try insertTransactions(plan, newAssetIDs: newAssetIDs)
            }
            touched = Set(earliest.keys)
        }
        // The monthly price series' triggers on price_history likewise (a trigger would cost
        // every price its statement journal).
        var earliestPrice: [Int64: CalendarDate] = [:]
        for new in plan.prices {
            let id = plan.id(of: new.asset, newAssetIDs: newAssetIDs)
            earliestPrice[id] = min(earliestPrice[id] ?? new.date, new.date)
        }
        var priced = Set<Int64>()
        for id in earliestPrice.keys { try session.willChangeExtent(ofAsset: id) }
        if !plan.prices.isEmpty {
            // An asset with no recorded price before (the usual first import) has exactly the
            // plan's: its monthly series is written from them below, not read back at the commit.
            let firstPrices = try session.assetsWithoutRecordedPrices(Set(earliestPrice.keys))
            var recorded: [Int64: DatedSeries] = [:]
            try InsertTriggerPause.run(db, table: "price_history", earliest: earliestPrice.mapValues(\.isoText)) {
                priced = try insertPrices(plan, newAssetIDs: newAssetIDs, keeping: firstPrices, into: &recorded)
            }
            try session.writePriceMonths(recorded: recorded)
        }
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
        try session.rewriteSnapshots(of: touched, seriesToo: true, known: created ?? [:])
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
    /// (`MarketPrices.isTradePrice`), as `highestPriceFromHistory` counts them.
    private func highestPrices(in plan: ImportPlan, newAssetIDs: [Int64]) -> [Int64: ExactDecimal] {
        var highest: [Int64: ExactDecimal] = [:]
        func raise(_ id: Int64, _ price: ExactDecimal) { highest[id] = Swift.max(highest[id] ?? .zero, price.magnitude) }
        for new in plan.prices { raise(plan.id(of: new.asset, newAssetIDs: newAssetIDs), new.price) }
        for new in plan.transactions where MarketPrices.isTradePrice(new.transaction.type, new.transaction.pricePerUnit) {
            raise(plan.id(of: new.asset, newAssetIDs: newAssetIDs), new.transaction.pricePerUnit)
        }
        return highest
    }

    /// The plan's transactions, in the order of the file. Returns the transactions of the
    /// assets the import created (all they have), each as the store reads it back, in (date,
    /// id) order; nil when the ids SQLite gave are not the ones counted on.
    private func insertTransactions(_ plan: ImportPlan, newAssetIDs: [Int64]) throws -> [Int64: [Transaction]]? {
        typealias C = TransactionRecord.Column
        var insert = try BulkStatement(db, table: TransactionRecord.table, columns: TransactionRecord.written.map(\.name),
                                       rowCount: plan.transactions.count, rowsPerStatement: Self.transactionsPerStatement)
        // SQLite gives each row the largest id plus one (`id INTEGER PRIMARY KEY`), checked below.
        let first = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0) + 1
        let createdIDs = Set(newAssetIDs)
        var created: [Int64: [Transaction]] = [:]
        for (i, new) in plan.transactions.enumerated() {
            let t = new.transaction
            let asset = plan.id(of: new.asset, newAssetIDs: newAssetIDs), source = new.source.map { plan.id(of: $0, newAssetIDs: newAssetIDs) }
            let quantity = t.quantity.plainText(reusing: new.quantityText), price = t.pricePerUnit.plainText(reusing: new.priceText)
            let total = new.totalText ?? t.totalAmount.plainText, fees = t.fees.isZero ? "0" : t.fees.plainText
            insert.bind(C.assetID.parameter, asset)
            insert.bind(C.type.parameter, t.type.rawValue)
            insert.bind(C.date.parameter, t.date)
            insert.bind(C.quantity.parameter, quantity)
            insert.bind(C.price.parameter, price)
            insert.bind(C.total.parameter, total)
            insert.bind(C.fees.parameter, fees)
            insert.bind(C.currency.parameter, t.currency)
            insert.bind(C.sourceAssetID.parameter, source)
            insert.bind(C.relatedID.parameter, nil as Int64?)
            insert.bind(C.note.parameter, t.note)
            try insert.endRow()
            if createdIDs.contains(asset) {
                created[asset, default: []].append(Transaction(
                    id: first + Int64(i), assetID: asset, type: t.type, date: t.date, quantity: try Self.stored(quantity),
                    pricePerUnit: try Self.stored(price), fees: try Self.stored(fees), currency: t.currency, sourceAssetID: source,
                    relatedTransactionID: nil, note: t.note, totalAmount: try Self.stored(total)))
            }
        }
        session.noteChange("transaction", .added, count: plan.transactions.count)
        let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0
        guard last == first + Int64(plan.transactions.count) - 1 else { return nil }
        // File order is id order: a stable sort by date gives (date, id) order.
        for id in created.keys where !created[id]!.isInOrder(by: \.date) {
            created[id]!.sort { ($0.date, $0.id!) < ($1.date, $1.id!) }
        }
        return created
    }

    /// A decimal as the store reads its text back (`RawColumns.decimal`).
    private static func stored(_ text: String) throws -> ExactDecimal {
        var text = text
        guard let value = text.withUTF8({ ExactDecimal.parse(bytes: $0) }) else { throw StoreError.column("decimal", .holds(found: "'\(text)'", expected: "a decimal")) }
        return value
    }

    /// The plan's price records, likewise, asset by asset in date order (ids follow that
    /// order). SQLite's unique (asset_id, date) index then grows at its end, not at one place
    /// per asset: a file listed day by day (every asset for each date) wrote four times
    /// slower than the same rows listed asset by asset.
    /// Returns the assets that got prices.
    /// The prices of the assets in `keeping` are also put in `recorded`, in day order, each
    /// as the store reads its text back.
    @discardableResult
    private func insertPrices(_ plan: ImportPlan, newAssetIDs: [Int64], keeping: Set<Int64> = [],
                              into recorded: inout [Int64: DatedSeries]) throws -> Set<Int64> {
        var insert = try BulkStatement(db, table: "price_history", columns: ["asset_id", "date", "price"],
                                       rowCount: plan.prices.count, rowsPerStatement: Self.pricesPerStatement)
        var keys = plan.prices.indices.map { (asset: plan.id(of: plan.prices[$0].asset, newAssetIDs: newAssetIDs),
                                              day: plan.prices[$0].date.dayNumber, index: $0) }
        if !keys.isInOrder(by: { PriceOrder(asset: $0.asset, day: $0.day) }) {
            keys.sort { PriceOrder(asset: $0.asset, day: $0.day) < PriceOrder(asset: $1.asset, day: $1.day) }
        }
        for key in keys {
            let new = plan.prices[key.index]
            insert.bind(1, key.asset)
            insert.bind(2, new.date)
            let text = new.price.plainText(reusing: new.priceText)
            insert.bind(3, text)
            try insert.endRow()
            if keeping.contains(key.asset) { recorded[key.asset, default: DatedSeries()].append(Int32(truncatingIfNeeded: key.day), try Self.stored(text)) }
        }
        session.noteChange("price", .added, count: plan.prices.count)
        return Set(keys.map(\.asset))
    }
}

/// The order prices are written in: by asset, then by day (a plan has one per asset and day).
private struct PriceOrder: Comparable {
    var asset: Int64
    var day: Int

    static func < (a: PriceOrder, b: PriceOrder) -> Bool { (a.asset, a.day) < (b.asset, b.day) }
}
