import Core
import GRDB

/// What `insertImportedWhilePlanning` wrote, for `insertImported` to carry on from: how
/// many transactions and prices, the prices it did not write (a stream stopped by rows out
/// of order keeps the rest, which the plan no longer holds), and what the rest of the
/// write needs.
struct StreamedImport {
    var transactions = 0
    var prices = 0
    var unwrittenPrices: [ImportPlan.NewPrice] = []
    /// The assets whose transactions were written.
    var touched = Set<Int64>()
    /// What wrote them, which makes the created assets' histories once the plan is complete.
    var transactionWriter: ImportedTransactionWriter?
    /// The assets whose prices were written, and the recorded series of those that had none before.
    var priced = Set<Int64>()
    var recorded: [Int64: DatedSeries] = [:]
}

extension SessionCommandStore: ImportWhilePlanningStore {
    /// Transactions are written as they come. Prices too, as long as the parts come asset by
    /// asset, each asset's in date order (`PriceStreamOrder`); from a part out of that order
    /// on, the parts' prices are kept, and `insertImported` writes them as a whole
    /// (`ImportedPriceWriter`).
    func insertImportedWhilePlanning(_ next: () -> ImportPlan.Part?, create: (Asset) throws -> Int64) throws {
        var done = StreamedImport()
        defer { streamedImport = done }
        // Each part is let go before the next is waited for (`do` scopes): parts take 2.4 MB.
        var part = next()
        guard let transactions = part.map({ $0.prices.isEmpty }) else { return }
        var newAssetIDs: [Int64] = []
        func createAssets(of part: ImportPlan.Part) throws {
            for asset in part.newAssets { newAssetIDs.append(try create(asset)) }
        }
        if transactions {
            var writer = try ImportedTransactionWriter(db, createdAssets: [])
            try InsertTriggerPause.run(db, earliest: { writer.earliest.mapValues(\.isoText) }) {
                while part != nil {
                    do {
                        let current = part.take()!
                        try createAssets(of: current)
                        writer.createdAssets.formUnion(newAssetIDs)
                        // Each touched asset's stored maxima are read before its first row (`asset_extent`).
                        for new in current.transactions where writer.earliest[new.asset.id(newAssetIDs: newAssetIDs)] == nil {
                            try session.willChangeExtent(ofAsset: new.asset.id(newAssetIDs: newAssetIDs))
                        }
                        try writer.write(current.transactions[...], newAssetIDs: newAssetIDs)
                    }
                    part = next()
                }
            }
            if writer.count > 0 { session.noteChange("transaction", .added, count: writer.count) }
            (done.transactions, done.touched, done.transactionWriter) = (writer.count, Set(writer.earliest.keys), writer)
        } else {
            var writer = ImportedPriceWriter()
            var order = PriceStreamOrder()
            try InsertTriggerPause.run(db, table: "price_history", earliest: { writer.earliest.mapValues(\.isoText) }) {
                var streaming = true
                while part != nil {
                    do {
                        let current = part.take()!
                        try createAssets(of: current)
                        if streaming {
                            let keys = ImportedPriceWriter.keys(current.prices[...], newAssetIDs: newAssetIDs, sorted: false)
                            streaming = order.take(keys)
                            if streaming {
                                try writer.prepare(current.prices[...], newAssetIDs: newAssetIDs, in: session)
                                try writer.write(current.prices[...], keys: keys, into: db)
                                done.prices += keys.count
                            }
                        }
                        if !streaming { done.unwrittenPrices += current.prices }
                    }
                    part = next()
                }
            }
            if done.prices > 0 { session.noteChange("price", .added, count: done.prices) }
            (done.priced, done.recorded) = (Set(writer.earliest.keys), writer.recorded)
        }
    }
}

/// The order a stream writes prices in, checked part by part: each asset's prices together
/// and in date order, the assets in the order the file lists them (their ids then follow
/// the file, where the whole plan written at once is sorted by asset id). Either way the
/// unique (asset_id, date) index grows at one place per asset, not at one place per row.
struct PriceStreamOrder {
    /// Assets whose prices are all written: another of theirs would be out of order.
    private var finished = Set<Int64>()
    private var current: (asset: Int64, day: Int)?

    /// Whether `keys` (a part's, in plan order) continue the order; if so they are taken.
    mutating func take(_ keys: [PriceKey]) -> Bool {
        var finished = finished, current = current
        for key in keys {
            if let last = current, last.asset == key.asset {
                guard key.day > last.day else { return false }
            } else {
                if let last = current { finished.insert(last.asset) }
                guard !finished.contains(key.asset) else { return false }
            }
            current = (key.asset, key.day)
        }
        (self.finished, self.current) = (finished, current)
        return true
    }
}
