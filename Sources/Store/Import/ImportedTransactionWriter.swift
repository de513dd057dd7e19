import Core
import GRDB

/// An import's planned transactions written in bulk, in plan order, all at once or part by
/// part as they are planned (`insertImportedWhilePlanning`). One INSERT per row
/// (`SessionCommandStore.transactionsPerStatement`), values bound directly, texts reused
/// when the file already had them in plain form. The rows have been checked by
/// `ImportPlanner`; SQLite still checks the schema's constraints.
///
/// It also keeps what the rest of the write needs without reading the rows back: each
/// asset's earliest date, and the rows of the assets the import created (whose whole
/// history they are) in a compact form (`CreatedHistory`: the texts bound, about 30 bytes a
/// row), for `finish` to make their transactions as the store reads them back (each decimal
/// parsed from the very text bound) once the plan is complete: the plan no longer holds the
/// rows it handed over, and 100,000 transactions made while planning went on (20 MB) would
/// sit beside the planner's duplicate set.
struct ImportedTransactionWriter {
    private let db: Database
    /// The id SQLite gives the first row: the largest id plus one (`id INTEGER PRIMARY KEY`),
    /// checked by `finish`.
    private let first: Int64
    private(set) var count = 0
    /// The assets the import created (whose every transaction is written here).
    var createdAssets: Set<Int64>
    /// Their rows, as written.
    private var created: [Int64: CreatedHistory] = [:]
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
            if createdAssets.contains(asset) { created[asset, default: CreatedHistory()].append(t, texts: texts, index: count, source: source) }
            count += 1
        }
    }

    /// The rows of the assets the import created (all they have), for the replay to make
    /// their transactions a few assets at a time (`CreatedHistories`); nil when the ids
    /// SQLite gave are not the ones counted on.
    func finish() throws -> CreatedHistories? {
        let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0
        guard last == first + Int64(count) - 1 else { return nil }
        return CreatedHistories(rows: created, firstID: first)
    }
}

/// The written rows of the assets an import created, from which `rewriteSnapshots` makes
/// their transactions as the store would read them back, a few assets at a time: made all
/// at once they took 20 MB for the benchmark's 100,000 transactions.
struct CreatedHistories {
    fileprivate var rows: [Int64: CreatedHistory]
    fileprivate let firstID: Int64

    var ids: Set<Int64> { Set(rows.keys) }

    /// Each asset's transactions in (date, id) order, each decimal parsed from the very text
    /// bound; nil for an asset whose text does not read back (its rows are read instead).
    /// Each asset's on a core of its own.
    func transactions(of ids: [Int64]) -> [[Transaction]?] {
        ParallelWork.map(ids.count) { k in rows[ids[k]]?.transactions(assetID: ids[k], firstID: firstID) }
    }
}

/// The rows written of one asset the import created, in write order, compact: per row its
/// place, day, type and the lengths of its four texts (16 bytes), the texts themselves in
/// one buffer; the rare currency other than the first row's, source and note aside.
fileprivate struct CreatedHistory {
    private struct Row {
        var index: Int32
        var day: Int32
        var type: TransactionType
        var lengths: (UInt8, UInt8, UInt8, UInt8)
    }
    private var rows: [Row] = []
    private var texts: [UInt8] = []
    private var currency: String?
    private var extras: [Int32: (currency: String, source: Int64?, note: String)] = [:]
    /// A text longer than a length byte holds: `transactions` gives nil (the rows are read back).
    private var unfit = false

    mutating func append(_ t: Transaction, texts bound: BoundTexts, index: Int, source: Int64?) {
        let lengths = (bound.quantity.utf8.count, bound.price.utf8.count, bound.fees.utf8.count, bound.total.utf8.count)
        guard !unfit, Swift.max(lengths.0, lengths.1, lengths.2, lengths.3) <= Int(UInt8.max), let index = Int32(exactly: index) else {
            unfit = true
            return
        }
        texts.append(contentsOf: bound.quantity.utf8)
        texts.append(contentsOf: bound.price.utf8)
        texts.append(contentsOf: bound.fees.utf8)
        texts.append(contentsOf: bound.total.utf8)
        rows.append(Row(index: index, day: Int32(truncatingIfNeeded: t.date.dayNumber), type: t.type,
                        lengths: (UInt8(lengths.0), UInt8(lengths.1), UInt8(lengths.2), UInt8(lengths.3))))
        if currency == nil { currency = t.currency }
        if t.currency != currency || source != nil || !t.note.isEmpty { extras[index] = (t.currency, source, t.note) }
    }

    /// The rows as transactions, in (date, id) order, each decimal parsed from its text.
    func transactions(assetID: Int64, firstID: Int64) -> [Transaction]? {
        guard !unfit else { return nil }
        var history: [Transaction] = []
        history.reserveCapacity(rows.count)
        let parsed: Bool = texts.withUnsafeBufferPointer { bytes in
            var at = 0
            func next(_ length: UInt8) -> ExactDecimal? {
                defer { at += Int(length) }
                return ExactDecimal.parse(bytes: UnsafeBufferPointer(rebasing: bytes[at..<at + Int(length)]))
            }
            for row in rows {
                guard let quantity = next(row.lengths.0), let price = next(row.lengths.1), let fees = next(row.lengths.2),
                      let total = next(row.lengths.3) else { return false }
                let extra = extras[row.index]
                history.append(Transaction(id: firstID + Int64(row.index), assetID: assetID, type: row.type,
                                           date: CalendarDate(dayNumber: Int(row.day)), quantity: quantity, pricePerUnit: price, fees: fees,
                                           currency: extra?.currency ?? currency!, sourceAssetID: extra?.source, relatedTransactionID: nil,
                                           note: extra?.note ?? "", totalAmount: total))
            }
            return true
        }
        guard parsed else { return nil }
        // File order is id order: a stable sort by date gives (date, id) order.
        if !history.isInOrder(by: \.date) { history.sort { ($0.date, $0.id!) < ($1.date, $1.id!) } }
        return history
    }
}

/// The texts a planned transaction's decimals are written as: the file's own text when it
/// is the value's plain form (`plainText(reusing:)`), the total from the texts when the plan
/// worked it out that way.
struct BoundTexts {
    var quantity: String, price: String, total: String, fees: String

    init(_ new: ImportPlan.NewTransaction) {
        let t = new.transaction
        quantity = t.quantity.plainText(reusing: new.quantityText)
        price = t.pricePerUnit.plainText(reusing: new.priceText)
        total = new.totalText ?? t.totalAmount.plainText
        fees = t.fees.isZero ? "0" : t.fees.plainText
    }
}
