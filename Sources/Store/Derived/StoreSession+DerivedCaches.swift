/// Dropping the session's caches: what each change makes stale (see `DerivedCacheObserver`).
extension StoreSession {
    /// A write of the store's own announces what it changed.
    func announce(_ change: DerivedChange) {
        performanceRecordsCache = nil
        switch change {
        case .extended:
            break
        case .changed(let id):
            positionCache[id] = nil
            latestPriceCache[id] = nil
        case .bulk(let ids):
            extentUnknown(ofAssets: ids)  // an import's rows: the maxima from the history (the replay, one aggregate read)
            for id in ids {
                positionCache[id] = nil
                latestPriceCache[id] = nil
                ledgers[id] = nil
            }
        case .everything:
            invalidateAll()
        }
    }

    /// A row of `table` changed through another door: which asset is unknown, so every
    /// cache computed from that table goes.
    func dropCaches(dependingOn table: String) {
        performanceRecordsCache = nil
        switch table {
        case "asset_transaction", "asset":
            positionCache.removeAll()
            ledgers.removeAll()
            if table == "asset" { latestPriceCache.removeAll() }
        case "price_history":
            latestPriceCache.removeAll()
        default:
            break
        }
    }

    /// Runs `body` (a command) with the observer listening to announcements instead of row events.
    func announcingChanges<T>(_ body: () throws -> T) rethrows -> T {
        cacheObserver.announcing += 1
        defer { cacheObserver.announcing -= 1 }
        return try body()
    }
}
