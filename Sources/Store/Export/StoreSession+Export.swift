import Core
import Foundation
import GRDB

/// Exports: import-ready CSV files of transactions and prices, every table as CSV or JSON,
/// and a journal for hledger and ledger.
extension StoreSession {
    /// The columns of the import-ready transactions file (`assetflow import transactions`).
    public static let transactionColumns = ["Date", "Asset", "Type", "Quantity", "Price", "Fees", "Currency", "Asset Type", "Platform", "Note", "Source"]
    /// Source and Fetched At: the quote provider and time (UTC) of a fetched price, empty for
    /// a typed or imported one (an import reads past them).
    public static let priceColumns = ["Date", "Asset", "Price", "Currency", "Asset Type", "Platform", "Source", "Fetched At"]

    /// Every transaction as rows of `transactionColumns`, in date order (ties as recorded),
    /// exact values.
    public func transactionRowsForImport() throws -> [[String]] {
        var rows: [[String]] = []
        try eachTransactionRowForImport { rows.append($0) }
        return rows
    }

    /// The rows of `transactionRowsForImport`, one at a time.
    public func eachTransactionRowForImport(_ body: ([String]) throws -> Void) throws {
        let assets = Dictionary(try self.assets().map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        let cursor = try Row.fetchCursor(db, sql: "SELECT asset_id, date, type, quantity, price, fees, note, source_asset_id FROM asset_transaction ORDER BY date, id")
        while let row = try cursor.next() {
            guard let asset = assets[row["asset_id"]] else { continue }
            let source: Int64? = row["source_asset_id"]
            try body([row["date"], asset.name, row["type"], row["quantity"], row["price"], row["fees"], asset.currency,
                      asset.type.rawValue, asset.platform, row["note"], source.flatMap { assets[$0]?.name } ?? ""])
        }
    }

    /// Every price record as rows of `priceColumns`, by asset and date.
    public func priceRowsForImport() throws -> [[String]] {
        var rows: [[String]] = []
        try eachPriceRowForImport { rows.append($0) }
        return rows
    }

    /// The rows of `priceRowsForImport`, one at a time.
    public func eachPriceRowForImport(_ body: ([String]) throws -> Void) throws {
        let assets = Dictionary(try self.assets().map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        let fetched = try Dictionary(Row.fetchAll(db, sql: "SELECT price_id, source, fetched_at FROM price_fetch").map { row -> (Int64, [String]) in
            (row["price_id"], [row["source"], row["fetched_at"]])
        }, uniquingKeysWith: { a, _ in a })
        let cursor = try Row.fetchCursor(db, sql: "SELECT id, asset_id, date, price FROM price_history ORDER BY asset_id, date")
        while let row = try cursor.next() {
            guard let asset = assets[row["asset_id"]] else { continue }
            try body([row["date"], asset.name, row["price"], asset.currency, asset.type.rawValue, asset.platform]
                + (fetched[row["id"]] ?? ["", ""]))
        }
    }

    /// The store as an hledger/ledger journal (see `JournalExport`), made in memory from
    /// every transaction and price at once: the reference the streamed export is tested against.
    public func journal() throws -> String { try JournalExport.render(try journalInput()) }

    /// The journal written to `path` line by line as it is rendered (by the rules of
    /// `OwnerOnlyFiles.write`), never held whole: the same bytes as `journal()`. Its input is
    /// read as it is needed (`journalSource`): one asset's transactions and prices at a time,
    /// then every transaction in date order a chunk at a time, so the export holds neither
    /// the store's history nor a sorted copy of it.
    public func writeJournal(to path: String, special: OwnerOnlyFiles.SpecialTarget = .refuse) throws {
        let source = try journalSource()
        try OwnerOnlyFiles.write(to: path, special: special) { sink in
            var first = true
            try JournalExport.render(source) { line in
                try sink.write(first ? line : "\n" + line)
                first = false
            }
        }
    }

    /// The assets, main currency, rate table and each other currency's rates of the journal.
    private func journalBasics() throws -> (assets: [Asset], main: String, table: RateTable,
                                            rates: [String: [(date: CalendarDate, rate: ExactDecimal)]]) {
        let assets = try assets()
        let main = try mainCurrency()
        let table = try rateTable(for: Set(assets.map(\.currency)).union([main]), through: today)
        var rates: [String: [(date: CalendarDate, rate: ExactDecimal)]] = [:]
        for code in Set(assets.map(\.currency)).subtracting([main]).sorted() {
            // The rate the store would use on each day a rate involving the currency is stored.
            for date in table.dates(involving: code) where date <= today {
                guard let rate = try? table.rate(from: code, to: main, on: date) else { continue }
                rates[code, default: []].append((date, rate.rate))
            }
        }
        return (assets, main, table, rates)
    }

    /// An asset's prices in the main currency: each price day with a rate, and the export day
    /// (today's value at today's rate).
    private func journalMainPrices(_ asset: Asset, _ points: [PricePoint], _ table: RateTable, _ main: String) -> [PricePoint] {
        var converted: [PricePoint] = []
        for p in points {
            guard let rate = try? table.rate(from: asset.currency, to: main, on: p.date) else { continue }
            converted.append(PricePoint(assetID: p.assetID, date: p.date, price: rate.convert(p.price)))
        }
        if let last = points.last, last.date < today, let rate = try? table.rate(from: asset.currency, to: main, on: today) {
            converted.append(PricePoint(assetID: last.assetID, date: today, price: rate.convert(last.price)))
        }
        return converted
    }

    /// What the journal is made from, all in memory.
    func journalInput() throws -> JournalExport.Input {
        let (assets, main, table, rates) = try journalBasics()
        let prices = try marketPricesByAsset()
        var mainPrices: [Int64: [PricePoint]] = [:]
        for asset in assets where asset.currency != main {
            mainPrices[asset.id!] = journalMainPrices(asset, prices[asset.id!] ?? [], table, main)
        }
        return JournalExport.Input(assets: assets, transactions: try allTransactionsByAsset(),
                                   prices: prices, exportedOn: today, mainCurrency: main, rates: rates, mainPrices: mainPrices)
    }

    /// What the journal is made from, read per asset and, for the entries, in date order a
    /// chunk of transactions at a time.
    func journalSource() throws -> JournalExport.Source {
        let (assets, main, table, rates) = try journalBasics()
        return JournalExport.Source(
            assets: assets, exportedOn: today, mainCurrency: main, rates: rates,
            transactions: { [unowned self] asset in try transactions(ofAsset: asset.id!) },
            prices: { [unowned self] asset in
                let points = try marketPricesByAsset(assets: "asset_id = \(asset.id!)")[asset.id!] ?? []
                return (points, asset.currency == main ? [] : journalMainPrices(asset, points, table, main))
            },
            inOrder: { [unowned self] body in
                let ids = try transactionIDs(TransactionSelection())
                var start = 0
                while start < ids.count {
                    let end = min(start + 512, ids.count)
                    for t in try transactions(ids: ids[start..<end]) { try body(t) }
                    start = end
                }
            })
    }
}

/// Writes exports into a folder, every file owner-only. Each file is written as its rows are
/// read (`OwnerOnlyFiles.write(to:_:)`), so an export holds one file's buffer, not the store
/// (the benchmark store's CSV export peaked near 200 MB when every file was made in memory).
public enum StoreExport {
    public enum Format: String, CaseIterable { case csv, json }

    /// `transactions` and `prices` (import-ready), and `tables/NAME` for every table.
    /// Returns the paths written.
    /// All or nothing (`OwnerOnlyFiles.Batch`): every file goes to a temporary file beside
    /// its target and all are renamed at the end; a refusal or failure on any file leaves
    /// every target as it was and no temporary file behind.
    public static func write(_ session: StoreSession, format: Format, to folder: String) throws -> [String] {
        let batch = OwnerOnlyFiles.Batch()
        defer { batch.discard() }
        try batch.createFolder(folder)
        var written: [String] = []
        func file(_ name: String, _ produce: (OwnerOnlyFiles.Sink) throws -> Void) throws {
            let path = (folder as NSString).appendingPathComponent(name)
            try batch.stage(path, produce)
            written.append(path)
        }
        let importable: [(String, [String], (([String]) throws -> Void) throws -> Void)] = [
            ("transactions", StoreSession.transactionColumns, session.eachTransactionRowForImport),
            ("prices", StoreSession.priceColumns, session.eachPriceRowForImport)]
        for (name, columns, rows) in importable {
            switch format {
            case .csv:
                try file("\(name).csv") { sink in
                    try sink.write(CSVWriting.line(columns) + "\n")
                    try rows { try sink.write(CSVWriting.line($0) + "\n") }
                }
            case .json:
                try file("\(name).json") { sink in
                    try json(columns: columns.map(fieldKey), to: sink) { each in try rows { try each(nullsForUnfetched($0, columns)) } }
                }
            }
        }
        for table in try session.dataTableNames() {
            switch format {
            case .csv:
                try file("tables/\(table).csv") { try session.writeCSV(of: table, formulaSafe: true, to: $0) }
            case .json:
                let columns = try session.db.columns(in: table).map(\.name)
                try file("tables/\(table).json") { sink in
                    try json(columns: columns, to: sink) { each in try session.eachRow(of: table, each) }
                }
            }
        }
        try batch.commit()
        return written
    }

    /// A row for JSON: a price's empty Source and Fetched At (typed or imported) are null.
    static func nullsForUnfetched(_ row: [String], _ columns: [String]) -> [String?] {
        zip(row, columns).map { value, column in value.isEmpty && ["Source", "Fetched At"].contains(column) && columns == StoreSession.priceColumns ? nil : value }
    }

    /// "Asset Type" → "asset_type".
    static func fieldKey(_ title: String) -> String { title.lowercased().replacingOccurrences(of: " ", with: "_") }

    /// An array of objects, values as strings (exact decimals stay text) or null.
    static func json(columns: [String], rows: [[String?]]) throws -> Data {
        let objects: [[String: Any]] = rows.map { object(columns, $0) }
        return try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
    }

    /// The same bytes as `json(columns:rows:)`, written as the rows come, by `JSONRowWriter`
    /// (Foundation's writer re-sorted every row's keys with a locale-aware comparison).
    static func json(columns: [String], to sink: OwnerOnlyFiles.Sink, rows: ((([String?]) throws -> Void)) throws -> Void) throws {
        let writer = try JSONRowWriter(columns: columns)
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 16)
        var wroteAny = false
        try rows { row in
            pending += wroteAny ? Self.jsonSeparator : Self.jsonOpen
            wroteAny = true
            writer.append(row, to: &pending)
            if pending.count >= 1 << 16 {
                try sink.write(bytes: pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        try sink.write(bytes: pending)
        if wroteAny { try sink.write("\n]") } else { try sink.write(try JSONSerialization.data(withJSONObject: [Any](), options: [.prettyPrinted, .sortedKeys])) }
    }

    private static let jsonOpen = Array("[\n".utf8), jsonSeparator = Array(",\n".utf8)

    private static func object(_ columns: [String], _ row: [String?]) -> [String: Any] {
        var object: [String: Any] = [:]
        for (column, value) in zip(columns, row) { object[column] = value ?? NSNull() }
        return object
    }
}
