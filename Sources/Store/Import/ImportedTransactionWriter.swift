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
    private var created: CreatedHistories
    /// Each written asset's earliest date.
    private(set) var earliest: [Int64: CalendarDate] = [:]

    init(_ db: Database, createdAssets: Set<Int64>) throws {
        self.db = db
        self.createdAssets = createdAssets
        first = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0) + 1
        created = CreatedHistories(firstID: first)
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
            if createdAssets.contains(asset) { created.append(t, asset: asset, texts: texts, index: count, source: source) }
            count += 1
        }
    }

    /// The rows of the assets the import created (all they have), for the replay to go
    /// through without reading them back (`CreatedHistories`); nil when the ids SQLite gave
    /// are not the ones counted on.
    func finish() throws -> CreatedHistories? {
        let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset_transaction") ?? 0
        guard last == first + Int64(count) - 1 else { return nil }
        return created
    }
}

/// The written rows of the assets an import created (a first import's or a profiled
/// import's), from which `rewriteSnapshots` replays them as the store would read them back,
/// one transaction at a time (`forEach`): made all at once they took 20 MB for the
/// benchmark's 100,000 transactions, and read back 46 MB for a profiled file's 175,000.
struct CreatedHistories {
    fileprivate var rows: [Int64: CreatedHistory]
    fileprivate let firstID: Int64

    fileprivate init(rows: [Int64: CreatedHistory], firstID: Int64) {
        self.rows = rows
        self.firstID = firstID
    }

    /// Rows to come, the first of which gets the id `firstID` (then one id a row, in the
    /// order appended).
    init(firstID: Int64) { self.init(rows: [:], firstID: firstID) }

    var ids: Set<Int64> { Set(rows.keys) }

    /// Keeps `t` of `asset`, written as `texts` with the id `firstID + index`.
    mutating func append(_ t: Transaction, asset: Int64, texts: BoundTexts, index: Int, source: Int64?) {
        rows[asset, default: CreatedHistory()].append(t, texts: texts, index: index, source: source)
    }

    /// Gives `body` each transaction of `asset` in (date, id) order, as the store reads it
    /// back (each decimal parsed from the very text bound; the related id, which no replay
    /// reads, left out); false when a text does not read back (what `body` was given is
    /// then to be dropped, the rows read instead) or the asset is not one of these.
    func forEach(of asset: Int64, _ body: (Transaction) -> Void) -> Bool {
        rows[asset]?.forEach(assetID: asset, firstID: firstID, body) ?? false
    }
}

/// The rows written of one asset the import created, in write order, compact: per row its
/// place, day, type, the lengths of its four decimals' texts and of its note, and its source
/// as a place in a table of the few sources (16 bytes); the texts themselves in one buffer;
/// the rare currency other than the first row's, or source past the table's 255, aside.
fileprivate struct CreatedHistory {
    private struct Row {
        var index: Int32
        var day: Int32
        var type: TransactionType
        /// 0: none (or aside, in `extras`); else `sources[source - 1]`.
        var source: UInt8
        var lengths: (UInt8, UInt8, UInt8, UInt8)
        var noteLength: UInt16
    }
    private var rows: [Row] = []
    private var texts: [UInt8] = []
    private var currency: String?
    private var sources: [Int64] = []
    private var extras: [Int32: (currency: String, source: Int64?)] = [:]
    /// A text longer than its length holds: `forEach` gives false (the rows are read back).
    private var unfit = false

    mutating func append(_ t: Transaction, texts bound: BoundTexts, index: Int, source: Int64?) {
        let lengths = (bound.quantity.utf8.count, bound.price.utf8.count, bound.fees.utf8.count, bound.total.utf8.count)
        guard !unfit, Swift.max(lengths.0, lengths.1, lengths.2, lengths.3) <= Int(UInt8.max),
              let noteLength = UInt16(exactly: t.note.utf8.count), let index = Int32(exactly: index) else {
            unfit = true
            return
        }
        texts.append(contentsOf: bound.quantity.utf8)
        texts.append(contentsOf: bound.price.utf8)
        texts.append(contentsOf: bound.fees.utf8)
        texts.append(contentsOf: bound.total.utf8)
        texts.append(contentsOf: t.note.utf8)
        if currency == nil { currency = t.currency }
        var slot: UInt8 = 0
        if let source {
            if let at = sources.firstIndex(of: source) {
                slot = UInt8(at + 1)
            } else if sources.count < Int(UInt8.max) {
                sources.append(source)
                slot = UInt8(sources.count)
            }
        }
        if t.currency != currency || (source != nil && slot == 0) { extras[index] = (t.currency, source) }
        rows.append(Row(index: index, day: Int32(truncatingIfNeeded: t.date.dayNumber), type: t.type, source: slot,
                        lengths: (UInt8(lengths.0), UInt8(lengths.1), UInt8(lengths.2), UInt8(lengths.3)), noteLength: noteLength))
    }

    /// Each row as a transaction, in (date, id) order, each decimal parsed from its text;
    /// false when a text does not parse (or a row did not fit).
    func forEach(assetID: Int64, firstID: Int64, _ body: (Transaction) -> Void) -> Bool {
        guard !unfit else { return false }
        // File order is id order: rows out of date order are visited by a stable sort of
        // their places by day, each row's text found from where it starts.
        var order: [Int32]? = nil, starts: [Int32] = []
        if !rows.isInOrder(by: \.day) {
            order = rows.indices.map { Int32($0) }
            order!.sort { (rows[Int($0)].day, $0) < (rows[Int($1)].day, $1) }
            starts.reserveCapacity(rows.count)
            var at: Int32 = 0
            for row in rows {
                starts.append(at)
                at += Int32(row.lengths.0) + Int32(row.lengths.1) + Int32(row.lengths.2) + Int32(row.lengths.3) + Int32(row.noteLength)
            }
        }
        return texts.withUnsafeBufferPointer { bytes in
            var at = 0
            func next(_ length: UInt8) -> ExactDecimal? {
                defer { at += Int(length) }
                return ExactDecimal.parse(bytes: UnsafeBufferPointer(rebasing: bytes[at..<at + Int(length)]))
            }
            func note(_ length: UInt16) -> String {
                defer { at += Int(length) }
                return length == 0 ? "" : String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + Int(length)]), as: UTF8.self)
            }
            for k in 0..<rows.count {
                let row: Row
                if let order {
                    row = rows[Int(order[k])]
                    at = Int(starts[Int(order[k])])
                } else {
                    row = rows[k]
                }
                guard let quantity = next(row.lengths.0), let price = next(row.lengths.1), let fees = next(row.lengths.2),
                      let total = next(row.lengths.3) else { return false }
                let extra = extras[row.index]
                body(Transaction(id: firstID + Int64(row.index), assetID: assetID, type: row.type,
                                 date: CalendarDate(dayNumber: Int(row.day)), quantity: quantity, pricePerUnit: price, fees: fees,
                                 currency: extra?.currency ?? currency!,
                                 sourceAssetID: row.source == 0 ? extra?.source : sources[Int(row.source) - 1],
                                 relatedTransactionID: nil, note: note(row.noteLength), totalAmount: total))
            }
            return true
        }
    }
}

/// The texts a planned transaction's decimals are written as: the file's own text when it
/// is the value's plain form (`plainText(reusing:)`), the total from the texts when the plan
/// worked it out that way.
struct BoundTexts {
    var quantity: String, price: String, total: String, fees: String

    init(quantity: String, price: String, total: String, fees: String) {
        self.quantity = quantity
        self.price = price
        self.total = total
        self.fees = fees
    }

    init(_ new: ImportPlan.NewTransaction) {
        let t = new.transaction
        quantity = t.quantity.plainText(reusing: new.quantityText)
        price = t.pricePerUnit.plainText(reusing: new.priceText)
        total = new.totalText ?? t.totalAmount.plainText
        fees = t.fees.isZero ? "0" : t.fees.plainText
    }
}
