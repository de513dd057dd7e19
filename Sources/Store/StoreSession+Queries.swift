import Core
import GRDB

extension StoreSession {
    /// Every price record of the store, grouped by asset, each group in date order: one
    /// table scan, for the query pipeline (`af.query.prices`).
    public func allPricesByAsset() throws -> [Int64: [PricePoint]] {
        try pricesByAsset()
    }

    /// Which transactions a query reads (nil: any asset, day or type).
    public struct TransactionSelection: Sendable {
        public var assetID: Int64?
        public var from: CalendarDate?
        public var to: CalendarDate?
        public var types: Set<TransactionType>?

        public init(assetID: Int64? = nil, from: CalendarDate? = nil, to: CalendarDate? = nil, types: Set<TransactionType>? = nil) {
            self.assetID = assetID
            self.from = from
            self.to = to
            self.types = types
        }

        /// The WHERE clause (or "") and its arguments.
        var condition: (sql: String, arguments: StatementArguments) {
            var parts: [String] = []
            var values: [(any DatabaseValueConvertible)?] = []
            if let assetID { parts.append("asset_id = ?"); values.append(assetID) }
            if let from { parts.append("date >= ?"); values.append(from.description) }
            if let to { parts.append("date <= ?"); values.append(to.description) }
            if let types {
                let names = types.map(\.rawValue).sorted()
                parts.append("type IN (\(names.map { _ in "?" }.joined(separator: ", ")))")
                values += names.map { $0 }
            }
            return (parts.isEmpty ? "" : "WHERE " + parts.joined(separator: " AND "), StatementArguments(values))
        }
    }

    /// The ids of the transactions `selection` picks, by date (ties in the order recorded):
    /// one query that sorts only (date, id) pairs, so a whole-store list costs 8 bytes a
    /// transaction until its rows are read (`transactions(ids:)`, a chunk at a time).
    public func transactionIDs(_ selection: TransactionSelection) throws -> [Int64] {
        let (condition, arguments) = selection.condition
        return try Int64.fetchAll(db, sql: "SELECT id FROM \(TransactionRecord.table) \(condition) ORDER BY date, id", arguments: arguments)
    }

    /// The transactions with these ids, in the order given; an id no longer in the store
    /// (deleted since it was listed) is left out.
    public func transactions<C: Collection>(ids: C) throws -> [Transaction] where C.Element == Int64 {
        guard !ids.isEmpty else { return [] }
        var byID: [Int64: Transaction] = [:]
        byID.reserveCapacity(ids.count)
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE id IN (\(ids.map(String.init).joined(separator: ",")))") { row in
            let t = try TransactionRecord.read(row)
            byID[t.id!] = t
        }
        return ids.compactMap { byID[$0] }
    }

    /// The asset's quantity at the end of `date`: the sum of its transactions' quantity
    /// impacts up to that day, in (date, id) order, read one row at a time.
    public func quantity(ofAsset id: Int64, onOrBefore date: CalendarDate) throws -> ExactDecimal {
        var quantity = ExactDecimal(0)
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE asset_id = \(id) AND date <= '\(date.description)' ORDER BY date, id") { row in
            quantity = quantity + (try TransactionRecord.read(row)).quantityImpact
        }
        return quantity
    }

    /// The asset's latest recorded price on or before `date` (trade prices aside), or nil.
    public func recordedPrice(ofAsset id: Int64, onOrBefore date: CalendarDate) throws -> PricePoint? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM price_history WHERE asset_id = ? AND date <= ? ORDER BY date DESC LIMIT 1"),
                         arguments: [id, date.description]).map(Records.price)
    }

    /// The asset's price records in date order, between `from` and `to` when given (the
    /// per-asset read of `allPricesByAsset`).
    public func prices(ofAsset id: Int64, from: CalendarDate?, to: CalendarDate?) throws -> [PricePoint] {
        var condition = "WHERE asset_id = \(id)"
        if let from { condition += " AND date >= '\(from.description)'" }
        if let to { condition += " AND date <= '\(to.description)'" }
        return try pricesByAsset(where: condition)[id] ?? []
    }
}

extension StoreSession {
    /// Where the asset's fetched prices came from, by date (typed and imported prices are
    /// absent): `priceProvenanceByAsset` for one asset.
    public func priceProvenance(ofAsset id: Int64) throws -> [CalendarDate: PriceProvenance] {
        var result: [CalendarDate: PriceProvenance] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT p.date, f.source, f.fetched_at FROM price_fetch f JOIN price_history p ON p.id = f.price_id WHERE p.asset_id = ?
            """, arguments: [id])
        while let row = try rows.next() {
            guard let date = CalendarDate(row[0] as String) else { continue }
            result[date] = PriceProvenance(source: row[1], fetchedAt: row[2])
        }
        return result
    }
}
