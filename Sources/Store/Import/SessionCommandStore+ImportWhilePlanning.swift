import Core
import GRDB

/// What `insertImportedWhilePlanning` wrote, for `insertImported` to carry on from: the
/// plan's first `transactions` and `prices` rows, and what the rest of the write needs.
struct StreamedImport {
    var transactions = 0
    var prices = 0
    /// The assets whose transactions were written.
    var touched = Set<Int64>()
    /// The history of each asset the import created (nil: the ids were not the ones counted on).
    var created: [Int64: [Transaction]]?
    /// The assets whose prices were written, and the recorded series of those that had none before.
    var priced = Set<Int64>()
    var recorded: [Int64: DatedSeries] = [:]
}

extension SessionCommandStore: ImportWhilePlanningStore {
    /// Transactions are written as they come. Prices too, as long as the parts come in the
    /// write order (asset by asset, each in date order: `ImportedPriceWriter`); a part out of
    /// that order stops the stream, and `insertImported` writes the rest as a whole.
    func insertImportedWhilePlanning(_ next: () -> ImportPlan.Part?, create: (Asset) throws -> Int64) throws {
        var done = StreamedImport()
        defer { streamedImport = done }
        guard let first = next() else { return }
        var newAssetIDs: [Int64] = []
        func createAssets(of part: ImportPlan.Part) throws {
            for asset in part.newAssets { newAssetIDs.append(try create(asset)) }
        }
        if first.prices.isEmpty {
            var writer = try ImportedTransactionWriter(db, createdAssets: [])
            var part: ImportPlan.Part? = first
            try InsertTriggerPause.run(db, earliest: { writer.earliest.mapValues(\.isoText) }) {
                while let current = part {
                    try createAssets(of: current)
                    writer.createdAssets.formUnion(newAssetIDs)
                    // Each touched asset's stored maxima are read before its first row (`asset_extent`).
                    for new in current.transactions where writer.earliest[new.asset.id(newAssetIDs: newAssetIDs)] == nil {
                        try session.willChangeExtent(ofAsset: new.asset.id(newAssetIDs: newAssetIDs))
                    }
                    try writer.write(current.transactions[...], newAssetIDs: newAssetIDs)
                    part = next()
                }
            }
            if writer.count > 0 { session.noteChange("transaction", .added, count: writer.count) }
            (done.transactions, done.touched, done.created) = (writer.count, Set(writer.earliest.keys), try writer.finish())
        } else {
            var writer = ImportedPriceWriter()
            var part: ImportPlan.Part? = first
            var last: PriceKey?
            try InsertTriggerPause.run(db, table: "price_history", earliest: { writer.earliest.mapValues(\.isoText) }) {
                while let current = part {
                    try createAssets(of: current)
                    let keys = current.prices.indices.map {
                        PriceKey(asset: current.prices[$0].asset.id(newAssetIDs: newAssetIDs), day: current.prices[$0].date.dayNumber, index: $0)
                    }
                    guard Self.continues(keys, after: last) else { break }
                    try writer.prepare(current.prices[...], newAssetIDs: newAssetIDs, in: session)
                    try writer.write(current.prices[...], keys: keys, into: db)
                    done.prices += keys.count
                    last = keys.last ?? last
                    part = next()
                }
            }
            if done.prices > 0 { session.noteChange("price", .added, count: done.prices) }
            (done.priced, done.recorded) = (Set(writer.earliest.keys), writer.recorded)
        }
    }

    /// Whether `keys` are in write order and all after `last`.
    private static func continues(_ keys: [PriceKey], after last: PriceKey?) -> Bool {
        var previous = last
        for key in keys {
            if let previous, !(previous < key) { return false }
            previous = key
        }
        return true
    }
}
