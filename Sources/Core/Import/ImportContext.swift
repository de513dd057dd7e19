import Foundation

/// What an import needs to know of the store, read in a few queries before planning:
/// every asset, and the history of the assets the file names.
public struct ImportContext: Sendable {
    public var assets: [Asset]
    /// Each named asset's transactions in date order (ties by id).
    public var transactions: [Int64: [Transaction]] = [:]
    /// Each named asset's price records by day.
    public var prices: [Int64: [CalendarDate: ExactDecimal]] = [:]
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
}
