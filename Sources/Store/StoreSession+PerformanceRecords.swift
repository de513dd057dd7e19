import Core
import GRDB
import GRDBSQLite

/// A scope's history for performance, loaded flat (`PerformanceRecords`): the two tables are
/// read in their own order (a plain scan: each page read once, no index lookup per row), only
/// the columns the ledger needs, parsed from the row's bytes; the records sort what needs it.
extension StoreSession {
    /// The scope's history in each asset's own currency.
    func localPerformanceRecords(_ scope: PerformanceScope, assets scopeAssets: [Asset]) throws -> PerformanceRecords {
        var unused: [Int64: String] = [:]
        return try localPerformanceRecords(scope, assets: scopeAssets, currencies: nil, transactionCurrencies: &unused)
    }

    /// The same, and, when `currencies` (each asset's currency by id) is given, the
    /// transactions whose stored currency is set and differs from their asset's, by id (for
    /// `PerformanceRecords.converted`).
    func localPerformanceRecords(_ scope: PerformanceScope, assets scopeAssets: [Asset], currencies: [Int64: String]?,
                                 transactionCurrencies: inout [Int64: String]) throws -> PerformanceRecords {
        let ids = Set(scopeAssets.compactMap(\.id))
        var records = PerformanceRecords(scope: ids, cashAssets: Set(scopeAssets.filter(\.isCash).compactMap(\.id)))
        var transactionCondition = "", priceCondition = ""
        if case .everything = scope {
        } else if ids.isEmpty {
            records.finish()
            return records
        } else {
            // Income paid by a scope asset into an outside asset is income of the scope (and
            // leaves it at once): those transactions come along, without the rest of the
            // receiving asset's history (an income's amount does not depend on it).
            let list = ids.sorted().map(String.init).joined(separator: ",")
            transactionCondition = "WHERE asset_id IN (\(list)) OR (source_asset_id IN (\(list)) AND type IN ('dividend', 'interest'))"
            priceCondition = "WHERE asset_id IN (\(list))"
        }
        // Prices from the monthly series (about a row per asset and month) unless the
        // reference is asked for: then recorded prices and trades straight from the tables.
        let series = readsDerivedSeries
        let tradePrices = try !series && pricesFromTrades()
        let columns: [TransactionRecord.Column] = [.id, .assetID, .type, .date, .quantity, .price, .fees, .sourceAssetID, .relatedID]
            + (currencies == nil ? [] : [.currency])
        if case .everything = scope {
            // Every row comes: the rows' array allocated once at its size (the largest id
            // bounds the count, one seek), not grown by copying 100,000 rows.
            let largestID = try Int.fetchOne(db, sql: "SELECT max(rowid) FROM \(TransactionRecord.table)") ?? 0
            records.reserve(transactions: min(largestID, 1 << 22), prices: 0)
        }
        if series, try transactionMonthsAreWhole() {
            // The monthly transaction series: about 11,000 rows of packed integers instead of
            // 100,000 table rows to parse (issue 27), each row decoded straight into the
            // records (`addPackedTransactionMonth`); `finish` puts them in (date, id) order.
            let outside: PerformanceRecords.OutsideTransactions = if case .everything = scope { .all } else { .incomePaidByScope }
            try addSeriesTransactions(outside: outside, currencies: currencies, transactionCurrencies: &transactionCurrencies, to: &records)
        } else {
            try addTableTransactions(columns: columns, condition: transactionCondition, tradePrices: tradePrices,
                                     currencies: currencies, transactionCurrencies: &transactionCurrencies, to: &records)
        }
        if case .everything = scope { try releaseReadMemory() }  // the whole table's pages, before the prices come
        if series {
            if case .everything = scope {
                // Every recorded price comes (a trade's only on a day without one): the prices'
                // arrays allocated once at that size, not grown by copying (issue 27).
                let largestPriceID = try Int.fetchOne(db, sql: "SELECT max(rowid) FROM price_history") ?? 0
                records.reserve(transactions: 0, prices: min(largestPriceID, 1 << 22))
            }
            try addMarketPrices(of: scopeAssets, to: &records)
        } else {
            try forEachRawRow("SELECT asset_id, date, price FROM price_history \(priceCondition)") { row in
                records.addPrice(assetID: sqlite3_column_int64(row.statement, 0), date: try row.date(1, "date"), price: try row.decimal(2, "price"))
            }
        }
        records.finish()
        return records
    }

    /// Every row of the monthly transaction series decoded into `records`
    /// (`PerformanceRecords.addPackedTransactionMonth`), month by month and, within a month,
    /// asset by asset. A row that does not read back is damage, named as `check` names it.
    private func addSeriesTransactions(outside: PerformanceRecords.OutsideTransactions, currencies: [Int64: String]?,
                                       transactionCurrencies: inout [Int64: String], to records: inout PerformanceRecords) throws {
        var months = PackedMonth.LastStart()
        try forEachRawRow("SELECT month, asset_id, entries FROM transaction_month WHERE month < 'complete'") { row in
            let assetID = sqlite3_column_int64(row.statement, 1), entries = row.blob(2)
            var added = false
            if let (beforeFirst, length) = months.start(of: row.bytes(0)) {
                added = records.addPackedTransactionMonth(assetID: assetID, dayBeforeMonth: beforeFirst, daysInMonth: length, bytes: entries,
                                                          outside: outside, assetCurrency: currencies?[assetID],
                                                          differingCurrencies: &transactionCurrencies)
            }
            if !added {
                throw StoreError.corrupt(table: DerivedTable.transactionMonth.rawValue, column: "entries", rowID: nil,
                                         damage: .unreadable(key: row.string(0), value: "\(entries.count) bytes"))
            }
        }
    }

    /// The scope's transactions from the table itself (the reference, and a store whose
    /// monthly transaction series are not whole): only the ledger's columns, parsed from the
    /// row's bytes, in rowid order.
    private func addTableTransactions(columns: [TransactionRecord.Column], condition: String, tradePrices: Bool, currencies: [Int64: String]?,
                                      transactionCurrencies: inout [Int64: String], to records: inout PerformanceRecords) throws {
        try forEachRawRow("SELECT \(TransactionRecord.list(columns)) FROM \(TransactionRecord.table) \(condition)") { row in
            // id and asset_id are NOT NULL in the schema: read without the NULL check.
            let assetID = sqlite3_column_int64(row.statement, 1), type = try Self.transactionType(row.bytes(2))
            let date = try row.date(3, "date"), price = try row.decimal(5, "price")
            records.addTransaction(id: sqlite3_column_int64(row.statement, 0), assetID: assetID, type: type,
                                   date: date, quantity: try row.decimal(4, "quantity"), price: price,
                                   fees: try row.decimal(6, "fees"), sourceAssetID: row.optionalInt64(7), relatedID: row.optionalInt64(8))
            // A trade's price is a market price (`MarketPrices`). Added before the records:
            // prices are sorted stably and the last of a day wins, so a recorded price beats
            // a trade of its day, and a later trade an earlier one (the scan is in id order).
            if tradePrices, MarketPrices.isTradePrice(type, price) { records.addPrice(assetID: assetID, date: date, price: price) }
            if let currencies {
                let stored = row.bytes(9)
                if !stored.isEmpty, let code = currencies[assetID], !stored.elementsEqual(code.utf8) {
                    transactionCurrencies[sqlite3_column_int64(row.statement, 0)] = String(decoding: stored, as: UTF8.self)
                }
            }
        }
    }

    /// The scope assets' market prices, one per day, from the monthly price series.
    private func addMarketPrices(of assets: [Asset], to records: inout PerformanceRecords) throws {
        // In id order, which is the records' asset order: each series then goes straight to
        // its place (`addPriceSeries`); in another order (the assets by name) every price
        // went through the single-price path, 250,000 of them held twice (issue 27).
        let slots = AssetSlots(assets.compactMap(\.id).sorted())
        guard slots.count > 0 else { return }
        let scan = try scansWholeTables(for: slots)
        // Whole series: each row decoded straight into the records (`addWholePriceMonths`).
        if try addWholePriceMonths(slots, scan: scan, to: &records) { return }
        // Each asset's series is made and copied in its turn, so neither every source nor
        // every merged series is held at once beside the records' copy (issue 27).
        try forEachMarketPriceSeries(slots, scan: scan) { slot, series in
            records.addPriceSeries(assetID: slots.ids[slot], days: series.days, values: series.values)
        }
    }

    /// A transaction type from its stored text, compared as bytes (no String per row).
    static func transactionType(_ bytes: UnsafeBufferPointer<UInt8>) throws -> TransactionType {
        for (text, type) in transactionTypeTexts where text.count == bytes.count && text.elementsEqual(bytes) { return type }
        throw StoreError.corrupt(table: "asset_transaction", column: "type", rowID: nil, damage: .unknownType(String(decoding: bytes, as: UTF8.self)))
    }

    private static let transactionTypeTexts: [([UInt8], TransactionType)] = TransactionType.allCases.map { (Array($0.rawValue.utf8), $0) }
}

/// A scope's records with the state of the store they were read from, and, from the second
/// report asked of them, their walk for every period (`StoreSession.performanceWalk`).
struct CachedPerformanceRecords {
    let scope: PerformanceScope
    let currency: String
    let stamp: StoreSession.ChangeStamp
    let records: PerformanceRecords
    var reports = 0
    var walk: Performance.PerformanceWalk?
}

extension StoreSession {
    /// What identifies the store's content for a cache beyond this connection's own changes,
    /// which drop it (`DerivedCacheObserver`): commits of other connections
    /// (`PRAGMA data_version`), seen here even outside a transaction.
    struct ChangeStamp: Equatable {
        let dataVersion: Int64
    }

    func changeStamp() throws -> ChangeStamp {
        ChangeStamp(dataVersion: try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0)
    }
}
