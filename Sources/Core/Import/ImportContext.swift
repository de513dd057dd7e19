import Foundation

/// What an import needs to know of the store, read in a few queries before planning:
/// every asset, and the history of the assets the file names.
public struct ImportContext: Sendable {
    public var assets: [Asset]
    /// Each named asset's transactions in date order (ties by id).
    public var transactions: [Int64: [Transaction]] = [:]
    /// Each named asset's price records in date order.
    public var prices: [Int64: [PricePoint]] = [:]
    public var today: CalendarDate

    public init(assets: [Asset], today: CalendarDate) {
        self.assets = assets
        self.today = today
    }

    /// The existing assets that `rows` name (by name, ignoring case): whose history to read.
    public static func namedAssets(in rows: [ImportRow], assets: [Asset]) -> [Int64] {
        let byName = Dictionary(assets.map { ($0.name.lowercased(), $0.id!) }, uniquingKeysWith: { a, _ in a })
        var ids = Set<Int64>()
        var seen = Set<String>()
        var last = ""  // files list an asset's rows together: compare before hashing
        func note(_ name: String) {
            if name != last, seen.insert(name).inserted, let id = byName[name.lowercased()] { ids.insert(id) }
        }
        for row in rows {
            note(row.assetName)
            last = row.assetName
            if let source = row.source { note(source) }
        }
        return ids.sorted()
    }

    /// The stored price of asset `id` on `date`, if any (a binary search of its records).
    public func storedPrice(of id: Int64, on date: CalendarDate) -> ExactDecimal? {
        guard let points = prices[id] else { return nil }
        var low = 0, high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low < points.count && points[low].date == date ? points[low].price : nil
    }
}
