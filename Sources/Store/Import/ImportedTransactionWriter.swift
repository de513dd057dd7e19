import Core
import GRDB

/// An import's planned transactions written in bulk, in plan order, all at once or part by
/// part as they are planned (`insertImportedWhilePlanning`). One INSERT per row
/// (`SessionCommandStore.transactionsPerStatement`), values bound directly, texts reused
/// when the file already had them in plain form. The rows have been checked by
/// `ImportPlanner`; SQLite still checks the schema's constraints.
///
/// It also keeps what the rest of the write needs without reading the rows back: each
/// asset's earliest date, and which rows are those of the assets the import created (whose
/// whole history they are), for `finish` to make their transactions as the store reads them
/// back (each decimal parsed from the very text bound), once the plan is complete: made while
/// planning went on, 100,000 of them (20 MB) would sit beside the planner's duplicate set.
struct ImportedTransactionWriter {
    private let db: Database
    /// The id SQLite gives the first row: the largest id plus one (`id INTEGER PRIMARY KEY`),
    /// checked by `finish`.
    private let first: Int64
    private(set) var count = 0
    /// The assets the import created (whose every transaction is written here).
    var createdAssets: Set<Int64>
    /// Their rows' places in the plan (which are also the rows' places in the write).
    private var created: [Int64: [Int32]] = [:]
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
            let t = new.transaction, texts = BoundTexts(new)
            let asset = new.asset.id(newAssetIDs: newAssetIDs), source = new.source.map { $0.id(newAssetIDs: newAssetIDs) }
            insert.bind(C.assetID.parameter, asset)
            insert.bind(C.type.parameter, t.type.rawValue)
            insert.bind(C.date.parameter, t.date)
            insert.bind(C.quantity.parameter, texts.quantity)
            insert.bind(C.price.parameter, texts.price)
            insert.bind(C.total.parameter, texts.total)
            insert.bind(C.fees.parameter, texts.fees)
            insert.bind(C.currency.parameter, t.currency)
            insert.bind(C.sourceAssetID.parameter, source)
            insert.bind(C.relatedID.parameter, nil as Int64?)
            insert.bind(C.note.parameter, t.note)
            try insert.endRow()
            earliest[asset] = min(earliest[asset] ?? t.date, t.date)
            if createdAssets.contains(asset) { created[asset, default: []].append(Int32(count)) }
            count += 1
        }
    }

    /// The transactions of the assets the import created (all they have), in (date, id)
    /// order, made from `plan`, whose transactions are the rows written, in order; nil when
    /// the ids SQLite gave are not the ones counted on. Each asset's on a core of its own.
    func finish(_ plan: ImportPlan, newAssetIDs: [Int64]) throws -> [Int64: [Transaction]]? {
        let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0
        guard last == first + Int64(count) - 1, count == plan.transactions.count else { return nil }
        let assets = created.keys.sorted()
        let histories = ParallelWork.map(assets.count) { k -> [Transaction]? in
            var history: [Transaction] = []
            history.reserveCapacity(created[assets[k]]!.count)
            for index in created[assets[k]]! {
                let new = plan.transactions[Int(index)], t = new.transaction, texts = BoundTexts(new)
                typealias S = SessionCommandStore
                guard let quantity = try? S.stored(texts.quantity), let price = try? S.stored(texts.price),
                      let fees = try? S.stored(texts.fees), let total = try? S.stored(texts.total) else { return nil }
                history.append(Transaction(id: first + Int64(index), assetID: assets[k], type: t.type, date: t.date, quantity: quantity,
                                           pricePerUnit: price, fees: fees, currency: t.currency,
                                           sourceAssetID: new.source.map { $0.id(newAssetIDs: newAssetIDs) },
                                           relatedTransactionID: nil, note: t.note, totalAmount: total))
            }
            // File order is id order: a stable sort by date gives (date, id) order.
            if !history.isInOrder(by: \.date) { history.sort { ($0.date, $0.id!) < ($1.date, $1.id!) } }
            return history
        }
        var result: [Int64: [Transaction]] = [:]
        for (k, id) in assets.enumerated() {
            guard let history = histories[k] else { return nil }  // a text that does not read back: read the rows instead
            result[id] = history
        }
        return result
    }
}

/// The texts a planned transaction's decimals are written as: the file's own text when it
/// is the value's plain form (`plainText(reusing:)`), the total from the texts when the plan
/// worked it out that way.
private struct BoundTexts {
    var quantity: String, price: String, total: String, fees: String

    init(_ new: ImportPlan.NewTransaction) {
        let t = new.transaction
        quantity = t.quantity.plainText(reusing: new.quantityText)
        price = t.pricePerUnit.plainText(reusing: new.priceText)
        total = new.totalText ?? t.totalAmount.plainText
        fees = t.fees.isZero ? "0" : t.fees.plainText
    }
}
