import Core
import GRDB

/// An import's planned prices written in bulk (`SessionCommandStore.pricesPerStatement` to
/// an INSERT), asset by asset in date order, all at once or part by part as they are
/// planned. That order (ids follow it) makes SQLite's unique (asset_id, date) index grow at
/// its end, not at one place per asset: a file listed day by day (every asset for each
/// date) wrote four times slower than the same rows listed asset by asset.
///
/// It also keeps what the rest of the write needs without reading the rows back: each
/// asset's earliest date, and the whole recorded series of each asset that had no price
/// before (the usual first import), as the store reads it back, for its monthly series.
struct ImportedPriceWriter {
    /// Each asset's earliest written date.
    private(set) var earliest: [Int64: CalendarDate] = [:]
    /// The assets without a recorded price before the import.
    private var keeping = Set<Int64>()
    /// Their recorded prices, in day order.
    private(set) var recorded: [Int64: DatedSeries] = [:]

    /// Reads what must be known before the rows of assets not met yet: their stored maxima
    /// (`willChangeExtent`, `asset_extent`) and whether they had prices.
    mutating func prepare(_ prices: ArraySlice<ImportPlan.NewPrice>, newAssetIDs: [Int64], in session: StoreSession) throws {
        var met = Set<Int64>()
        for new in prices {
            let id = new.asset.id(newAssetIDs: newAssetIDs)
            if let date = earliest[id] {
                if new.date < date { earliest[id] = new.date }
            } else {
                earliest[id] = new.date
                met.insert(id)
            }
        }
        for id in met { try session.willChangeExtent(ofAsset: id) }
        keeping.formUnion(try session.assetsWithoutRecordedPrices(met))
    }

    /// The rows' keys, in plan order or (`sorted`) in write order: by asset, then by day (a
    /// plan has one price per asset and day).
    static func keys(_ prices: ArraySlice<ImportPlan.NewPrice>, newAssetIDs: [Int64], sorted: Bool = true) -> [PriceKey] {
        var keys = prices.indices.map { PriceKey(asset: prices[$0].asset.id(newAssetIDs: newAssetIDs), day: prices[$0].date.dayNumber, index: $0) }
        if sorted, !keys.isInOrder(by: { $0 }) { keys.sort() }
        return keys
    }

    /// Writes `prices` (prepared) in the order of `keys`.
    mutating func write(_ prices: ArraySlice<ImportPlan.NewPrice>, keys: [PriceKey], into db: Database) throws {
        var insert = try BulkStatement(db, table: "price_history", columns: ["asset_id", "date", "price"],
                                       rowCount: keys.count, rowsPerStatement: SessionCommandStore.pricesPerStatement)
        for key in keys {
            let new = prices[key.index]
            insert.bind(1, key.asset)
            insert.bind(2, new.date)
            let text = new.price.plainText(reusing: new.priceText)
            insert.bind(3, text)
            try insert.endRow()
            if keeping.contains(key.asset) {
                recorded[key.asset, default: DatedSeries()].append(Int32(truncatingIfNeeded: key.day), try SessionCommandStore.stored(text))
            }
        }
    }
}

/// Where a price goes in the write order: by asset, then by day; `index` is its place in the plan.
struct PriceKey: Comparable {
    var asset: Int64
    var day: Int
    var index: Int

    static func < (a: PriceKey, b: PriceKey) -> Bool { (a.asset, a.day) < (b.asset, b.day) }
    static func == (a: PriceKey, b: PriceKey) -> Bool { (a.asset, a.day) == (b.asset, b.day) }
}
