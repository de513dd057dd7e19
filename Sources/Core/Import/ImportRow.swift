import Foundation

/// One row of an import file, read and cleaned but not yet checked against the store.
public struct ImportRow: Sendable {
    public var line: Int
    public var assetName: String
    public var platform: String
    public var assetType: AssetType?
    public var currency: String?
    public var date: CalendarDate
    /// Transactions only; prices use `price`.
    public var type: TransactionType = .buy
    public var quantity: ExactDecimal = 0
    public var price: ExactDecimal?
    public var fees: ExactDecimal = 0
    public var note = ""
    public var source: String?
    /// The cells the quantity and price were read from, when read as plain decimals: the
    /// store keeps such text as is instead of formatting the value again.
    public var quantityText: String?
    public var priceText: String?
    /// A currency symbol that names several currencies (`$`, `¥`), when the row has no code:
    /// the asset's currency must be one of them.
    public var currencyMention: CurrencyMention?
    /// The price had more than 18 decimal places and was rounded half-even.
    public var priceRounded = false

    /// A stand-in row naming `name` (line 0, no values): what `CommandStore.importContext`
    /// reads of rows is the names they give (an import read in parts passes these).
    public static func naming(_ name: String) -> ImportRow {
        ImportRow(line: 0, assetName: name, platform: "", date: CalendarDate(dayNumber: 0))
    }

    /// Reads every row of `table`; each problem becomes a `RowError` with line and column
    /// (a row with errors is left out of the result). A long file is read in parts side by
    /// side; rows and errors come back in the file's order all the same.
    public static func read(_ table: CSVTable, mapping: ColumnMapping, options: ImportOptions,
                            progress: ((Int) -> Void)? = nil) -> (rows: [ImportRow], errors: [RowError]) {
        let reader = RowReader(table: table, mapping: mapping, options: options)
        let total = table.rows.count
        let parts = ParallelWork.partCount(total, minimumPart: 20_000)
        var errors: [[RowError]] = []
        // Each part writes its rows into the result from its first row's place on (it has at
        // most as many rows as it reads), so no part's rows are copied into a second array;
        // the rows of later parts are then moved down over the places of rows with errors.
        let rows = [ImportRow](unsafeUninitializedCapacity: total) { buffer, count in
            let base = buffer.baseAddress!
            let results = ParallelWork.map(parts) { part -> (written: Int, errors: [RowError]) in
                let range = total * part / parts..<total * (part + 1) / parts
                var written = 0, errors: [RowError] = []
                for index in range {
                    // The first part tells the progress for all, as they go at the same pace.
                    if part == 0, let progress, index % 10_000 == 0 { progress(index * parts) }
                    switch reader.read(table.rows[index]) {
                    case .success(let parsed):
                        (base + range.lowerBound + written).initialize(to: parsed)
                        written += 1
                    case .failure(let rowErrors): errors += rowErrors.errors
                    }
                }
                return (written, errors)
            }
            for (part, result) in results.enumerated() {
                let start = total * part / parts
                if start != count { (base + count).moveInitialize(from: base + start, count: result.written) }
                count += result.written
            }
            errors = results.map(\.errors)
        }
        return (rows, errors.count == 1 ? errors[0] : errors.flatMap { $0 })
    }
}

struct RowErrors: Error { var errors: [RowError] }

/// Reads one CSV row into an `ImportRow`, collecting every error of the row.
///
/// A class, and each row's `Cells` refers to it without retaining it: the rows are read on
/// several cores at once, and a retain of a shared object per cell makes the cores fight
/// over its reference count.
final class RowReader {
    let options: ImportOptions
    static let typeSynonyms: [String: TransactionType] = [
        "bought": .buy, "purchase": .buy, "deposit": .buy, "sold": .sell, "withdrawal": .sell, "sale": .sell,
        "dividends": .dividend, "div": .dividend,
    ]

    /// The column of each field by `ordinal` (-1: not mapped), and the header of the
    /// field's column for messages (the field's own title when it has none).
    let indices: [Int]
    let titles: [String]
    let headerCount: Int
    /// The number columns and the date column, each decided from all of its cells.
    let quantities, prices, fees: NumberColumn
    let dates: DateColumn

    convenience init(table: CSVTable, mapping: ColumnMapping, options: ImportOptions) {
        let indices = ImportField.allCases.map { mapping.columns[$0] ?? -1 }
        func cells(_ field: ImportField) -> [(line: Int, text: String)] {
            let index = indices[field.ordinal]
            guard index >= 0 else { return [] }
            return table.rows.map { (line: $0.line, text: index < $0.fields.count ? $0.fields[index] : "") }
        }
        let numbers = Self.numberFields(options.kind).map { NumberColumn.evidence(cells($0)) }
        var dates = DateColumn.Evidence(today: options.today)
        if options.dateFormat == nil { for (line, text) in cells(.date) { dates.add(text, line: line) } }
        self.init(headers: table.headers, mapping: mapping, options: options, numbers: numbers, dates: dates)
    }

    /// The number fields whose columns are decided from their cells, in the order of
    /// `init`'s `numbers`.
    static func numberFields(_ kind: ImportKind) -> [ImportField] { kind == .transactions ? [.quantity, .price, .fees] : [.price] }

    /// A reader whose columns are decided from what their cells show: `numbers`, the
    /// evidence of each of `numberFields(kind)`'s columns over the whole file, and `dates`.
    init(headers: [String], mapping: ColumnMapping, options: ImportOptions, numbers evidence: [NumberColumn.Evidence],
         dates: DateColumn.Evidence) {
        self.options = options
        let indices = ImportField.allCases.map { mapping.columns[$0] ?? -1 }
        self.indices = indices
        titles = ImportField.allCases.map { field in mapping.columns[field].map { headers[$0] } ?? field.title }
        headerCount = headers.count
        let fileMark = NumberColumn.fileMark(evidence)
        let columns = evidence.map { NumberColumn(evidence: $0, rule: options.numberRule, fileMark: fileMark) }
        let unused = NumberColumn(evidence: .init(), rule: options.numberRule, fileMark: fileMark)
        (quantities, prices, fees) = options.kind == .transactions ? (columns[0], columns[1], columns[2]) : (unused, columns[0], unused)
        self.dates = DateColumn(evidence: dates, format: options.dateFormat)
    }

    func read(_ row: CSVTable.Row) -> Result<ImportRow, RowErrors> {
        var cells = Cells(row: row, reader: self)
        if row.fields.count > headerCount, row.fields[headerCount...].contains(where: { !$0.isEmpty }) {
            cells.errors.append(RowError(line: row.line, column: nil,
                                         message: "The row has \(row.fields.count) fields but the header has \(headerCount): check the quotes and the delimiter."))
        }
        let name = options.assetName ?? cells[.asset]
        if name.isEmpty { cells.fail(.asset, "Asset name is empty.") }
        let dateText = cells[.date], priceText = cells[.price]
        let date = cells.required(.date, "Date") { try dates.read(dateText, line: row.line) }
        let price = cells.attempt(.price) { try prices.read(priceText, line: row.line, round: true) }
        let platform = cells[.platform].isEmpty ? options.platform : cells[.platform]
        var parsed = ImportRow(line: row.line, assetName: name, platform: platform.isEmpty ? "" : AssetRules.normalizedPlatform(platform),
                               date: date ?? CalendarDate(dayNumber: 0), price: price?.value)
        if price?.plain == true { parsed.priceText = priceText }
        parsed.priceRounded = price?.rounded ?? false
        let assetType = cells[.assetType]
        if !assetType.isEmpty { parsed.assetType = cells.attempt(.assetType) { try AssetType.parse(parseableType(assetType)) } }
        var fees: NumberColumn.Reading?
        if options.kind == .transactions {
            fees = readTransaction(&cells, into: &parsed)
        } else if price == nil, !cells.hasError(.price) {
            cells.fail(.price, "Price is empty.")
        }
        readCurrency(&cells, into: &parsed, price: price, fees: fees)
        return cells.errors.isEmpty ? .success(parsed) : .failure(RowErrors(errors: cells.errors))
    }

    /// The row's currency from its Currency column and the currencies written with its
    /// price and fees; they must agree. Pence (GBX, GBp) are divided by 100 into GBP.
    private func readCurrency(_ cells: inout Cells, into parsed: inout ImportRow,
                              price: NumberColumn.Reading?, fees: NumberColumn.Reading?) {
        let text = cells[.currency]
        var column: CurrencyMention?
        if !text.isEmpty {
            column = CurrencyMention.parse(text)
            if column == nil { cells.fail(.currency, Currency.unsupportedMessage(text)) }
        }
        var mention = column, source = column.map { _ in ImportField.currency }
        for (field, reading) in [(ImportField.price, price), (.fees, fees)] {
            guard let written = reading?.currency else { continue }
            guard let known = mention else { mention = written; source = field; continue }
            guard let both = known.agreeing(with: written) else {
                let other = source.map(cells.column) ?? ""
                cells.fail(field, "'\(cells[field])' is in \(written.code ?? written.text), but \(other) says \(known.code ?? known.text).")
                return
            }
            mention = both
        }
        guard let mention else { return }
        if let code = mention.code { parsed.currency = code } else { parsed.currencyMention = mention }
        let hundredth = ExactDecimal(units: 1, scale: 2, negative: false)
        if price?.currency?.pence ?? (column?.pence == true), let value = parsed.price {
            parsed.price = value * hundredth
            parsed.priceText = nil
        }
        if fees?.currency?.pence ?? (column?.pence == true) { parsed.fees = parsed.fees * hundredth }
    }

    /// Reads the transaction's cells; returns the fees as read (their currency counts).
    private func readTransaction(_ cells: inout Cells, into parsed: inout ImportRow) -> NumberColumn.Reading? {
        let typeText = cells[.type]
        let type: TransactionType? = cells.required(.type, "Type") {
            if typeText.isEmpty { return nil }
            if let exact = TransactionType(rawValue: typeText) { return exact }
            return try Self.typeSynonyms[typeText.lowercased()] ?? TransactionType.parse(typeText)
        }
        let quantityText = cells[.quantity], feesText = cells[.fees]
        let line = cells.row.line
        let quantity = cells.required(.quantity, "Quantity") { try quantities.read(quantityText, line: line) }
        let fees = cells.attempt(.fees) { try self.fees.read(feesText, line: line) }
        if let written = quantity?.currency {
            cells.fail(.quantity, "'\(quantityText)' is a quantity of units, not an amount in \(written.text).")
        }
        parsed.type = type ?? .buy
        parsed.quantity = quantity?.value ?? 0
        if quantity?.plain == true { parsed.quantityText = quantityText }
        parsed.fees = fees?.value ?? 0
        parsed.note = cells[.note]
        let source = cells[.source]
        parsed.source = source.isEmpty ? nil : source
        return fees
    }

    /// "Real Estate", "mutual fund", "ETF" → the raw names AssetType.parse knows.
    private func parseableType(_ text: String) -> String {
        let key = text.lowercased().replacingOccurrences(of: " ", with: "_")
        return key == "cryptocurrency" ? "crypto" : key
    }
}

/// The cells of one row by field, and the errors found in them.
struct Cells {
    let row: CSVTable.Row
    unowned(unsafe) let reader: RowReader  // alive for the whole reading (see RowReader)
    var errors: [RowError] = []

    init(row: CSVTable.Row, reader: RowReader) {
        self.row = row
        self.reader = reader
    }

    /// The cell of `field`; "" when the field is not mapped or the row is short.
    subscript(field: ImportField) -> String {
        let index = reader.indices[field.ordinal]
        guard index >= 0, index < row.fields.count else { return "" }
        return row.fields[index]
    }

    /// The header of the field's column, for messages.
    func column(_ field: ImportField) -> String { reader.titles[field.ordinal] }

    mutating func fail(_ field: ImportField, _ message: String) {
        errors.append(RowError(line: row.line, column: column(field), message: message))
    }

    func hasError(_ field: ImportField) -> Bool { errors.contains { $0.column == column(field) } }

    /// The value `body` reads, or nil (and an error) when it throws.
    mutating func attempt<T>(_ field: ImportField, _ body: () throws -> T?) -> T? {
        do { return try body() } catch {
            fail(field, "\(error)")
            return nil
        }
    }

    /// Like `attempt`, and an empty cell is an error too ("Date is empty.").
    mutating func required<T>(_ field: ImportField, _ noun: String, _ body: () throws -> T?) -> T? {
        let value = attempt(field, body)
        if value == nil, !hasError(field) { fail(field, "\(noun) is empty.") }
        return value
    }
}
