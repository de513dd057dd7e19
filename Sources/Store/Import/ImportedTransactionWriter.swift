import Core
import GRDB

/// An import's planned transactions written in bulk, in plan order, all at once or part by
/// part as they are planned (`insertImportedWhilePlanning`). One INSERT per row
/// (`SessionCommandStore.transactionsPerStatement`), values bound directly, texts reused
/// when the file already had them in plain form. The rows have been checked by
/// `ImportPlanner`; SQLite still checks the schema's constraints.
///
/// It also keeps what the rest of the write needs without reading the rows back: each
/// asset's earliest date, and the whole history of the assets the import created, each
/// transaction as the store reads it back (its decimals parsed from the very texts bound).
struct ImportedTransactionWriter {
    private let db: Database
    /// The id SQLite gives the first row: the largest id plus one (`id INTEGER PRIMARY KEY`),
    /// checked by `finish`.
    private let first: Int64
    private(set) var count = 0
    /// The assets the import created (whose every transaction is written here).
    var createdAssets: Set<Int64>
    private var created: [Int64: [Transaction]] = [:]
    /// Each written asset's earliest date.
    private(set) var earliest: [Int64: CalendarDate] = [:]

    init(_ db: Database, createdAssets: Set<Int64>) throws {
        self.db = db
        self.createdAssets = createdAssets
        first = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0) + 1
    }

    /// Writes `rows`, whose `.new(n)` assets have the ids `newAssetIDs[n]`.
    mutating func write(_ rows: ArraySlice<ImportPlan.NewTransaction>, newAssetIDs: [Int64]) throws {
        typealias C = TransactionRecord.Column
        var insert = try BulkStatement(db, table: TransactionRecord.table, columns: TransactionRecord.written.map(\.name),
                                       rowCount: rows.count, rowsPerStatement: SessionCommandStore.transactionsPerStatement)
        for new in rows {
            let t = new.transaction
            let asset = new.asset.id(newAssetIDs: newAssetIDs), source = new.source.map { $0.id(newAssetIDs: newAssetIDs) }
            let quantity = t.quantity.plainText(reusing: new.quantityText), price = t.pricePerUnit.plainText(reusing: new.priceText)
            let total = new.totalText ?? t.totalAmount.plainText, fees = t.fees.isZero ? "0" : t.fees.plainText
            insert.bind(C.assetID.parameter, asset)
            insert.bind(C.type.parameter, t.type.rawValue)
            insert.bind(C.date.parameter, t.date)
            insert.bind(C.quantity.parameter, quantity)
            insert.bind(C.price.parameter, price)
            insert.bind(C.total.parameter, total)
            insert.bind(C.fees.parameter, fees)
            insert.bind(C.currency.parameter, t.currency)
            insert.bind(C.sourceAssetID.parameter, source)
            insert.bind(C.relatedID.parameter, nil as Int64?)
            insert.bind(C.note.parameter, t.note)
            try insert.endRow()
            earliest[asset] = min(earliest[asset] ?? t.date, t.date)
            if createdAssets.contains(asset) {
                created[asset, default: []].append(Transaction(
                    id: first + Int64(count), assetID: asset, type: t.type, date: t.date, quantity: try SessionCommandStore.stored(quantity),
                    pricePerUnit: try SessionCommandStore.stored(price), fees: try SessionCommandStore.stored(fees), currency: t.currency,
                    sourceAssetID: source, relatedTransactionID: nil, note: t.note, totalAmount: try SessionCommandStore.stored(total)))
            }
            count += 1
        }
    }

    /// The transactions of the assets the import created (all they have), in (date, id)
    /// order; nil when the ids SQLite gave are not the ones counted on.
    func finish() throws -> [Int64: [Transaction]]? {
        let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0
        guard last == first + Int64(count) - 1 else { return nil }
        var created = created
        // File order is id order: a stable sort by date gives (date, id) order.
        for id in created.keys where !created[id]!.isInOrder(by: \.date) {
            created[id]!.sort { ($0.date, $0.id!) < ($1.date, $1.id!) }
        }
        return created
    }
}
