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
        let assets = Dictionary(try self.assets().map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        return try Row.fetchAll(db, sql: "SELECT asset_id, date, type, quantity, price, fees, note, source_asset_id FROM asset_transaction ORDER BY date, id")
            .compactMap { row in
                guard let asset = assets[row["asset_id"]] else { return nil }
                let source: Int64? = row["source_asset_id"]
                return [row["date"], asset.name, row["type"], row["quantity"], row["price"], row["fees"], asset.currency,
                        asset.type.rawValue, asset.platform, row["note"], source.flatMap { assets[$0]?.name } ?? ""]
            }
    }

    /// Every price record as rows of `priceColumns`, by asset and date.
    public func priceRowsForImport() throws -> [[String]] {
        let assets = Dictionary(try self.assets().map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        let fetched = try Dictionary(Row.fetchAll(db, sql: "SELECT price_id, source, fetched_at FROM price_fetch").map { row -> (Int64, [String]) in
            (row["price_id"], [row["source"], row["fetched_at"]])
        }, uniquingKeysWith: { a, _ in a })
        return try Row.fetchAll(db, sql: "SELECT id, asset_id, date, price FROM price_history ORDER BY asset_id, date").compactMap { row in
            guard let asset = assets[row["asset_id"]] else { return nil }
            return [row["date"], asset.name, row["price"], asset.currency, asset.type.rawValue, asset.platform]
                + (fetched[row["id"]] ?? ["", ""])
        }
    }

    /// The store as an hledger/ledger journal (see `JournalExport`).
    public func journal() throws -> String {
        let assets = try assets()
        let prices = try marketPricesByAsset()
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
        var mainPrices: [Int64: [PricePoint]] = [:]
        for asset in assets where asset.currency != main {
            // Each price day with a rate, and the export day (today's value at today's rate).
            let points = prices[asset.id!] ?? []
            var converted: [PricePoint] = []
            for p in points {
                guard let rate = try? table.rate(from: asset.currency, to: main, on: p.date) else { continue }
                converted.append(PricePoint(assetID: p.assetID, date: p.date, price: rate.convert(p.price)))
            }
            if let last = points.last, last.date < today, let rate = try? table.rate(from: asset.currency, to: main, on: today) {
                converted.append(PricePoint(assetID: last.assetID, date: today, price: rate.convert(last.price)))
            }
            mainPrices[asset.id!] = converted
        }
        return JournalExport.render(JournalExport.Input(assets: assets, transactions: try allTransactionsByAsset(),
                                                        prices: prices, exportedOn: today, mainCurrency: main, rates: rates, mainPrices: mainPrices))
    }
}

/// Writes exports into a folder, every file owner-only.
public enum StoreExport {
    public enum Format: String, CaseIterable { case csv, json }

    /// `transactions` and `prices` (import-ready), and `tables/NAME` for every table.
    /// Returns the paths written.
    public static func write(_ session: StoreSession, format: Format, to folder: String) throws -> [String] {
        var files: [(String, Data)] = []
        let importable = [("transactions", StoreSession.transactionColumns, try session.transactionRowsForImport()),
                          ("prices", StoreSession.priceColumns, try session.priceRowsForImport())]
        for (name, columns, rows) in importable {
            switch format {
            case .csv: files.append(("\(name).csv", Data(CSVWriting.document(header: columns, rows: rows).utf8)))
            case .json: files.append(("\(name).json", try json(columns: columns.map(fieldKey), rows: rows.map { nullsForUnfetched($0, columns) })))
            }
        }
        for table in try session.dataTableNames() {
            let dump = try session.dump(table: table)
            switch format {
            case .csv: files.append(("tables/\(table).csv", Data(dump.csv.utf8)))
            case .json: files.append(("tables/\(table).json", try json(columns: dump.columns, rows: dump.rows)))
            }
        }
        try OwnerOnlyFiles.createFolder(folder)
        return try files.map { name, data in
            let path = (folder as NSString).appendingPathComponent(name)
            try OwnerOnlyFiles.write(data, to: path)
            return path
        }
    }

    /// A row for JSON: a price's empty Source and Fetched At (typed or imported) are null.
    static func nullsForUnfetched(_ row: [String], _ columns: [String]) -> [String?] {
        zip(row, columns).map { value, column in value.isEmpty && ["Source", "Fetched At"].contains(column) && columns == StoreSession.priceColumns ? nil : value }
    }

    /// "Asset Type" → "asset_type".
    static func fieldKey(_ title: String) -> String { title.lowercased().replacingOccurrences(of: " ", with: "_") }

    /// An array of objects, values as strings (exact decimals stay text) or null.
    static func json(columns: [String], rows: [[String?]]) throws -> Data {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [:]
            for (column, value) in zip(columns, row) { object[column] = value ?? NSNull() }
            return object
        }
        return try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
    }
}
