import Foundation

/// An import file read in two passes over its bytes, so that neither its rows nor its
/// cleaned `ImportRow`s are ever all in memory (issue 27: a 250,000-row file took 142 MB).
///
/// 1. `open` checks the bytes are text (in place: no copy of the file), guesses the
///    delimiter and reads the header, as `CSVTable.parse` does.
/// 2. `survey` reads every row once (in parts side by side, `CSVChunks`) and keeps only what
///    the rules decide from the whole file: each number column's evidence (`NumberColumn`),
///    the date column's (`DateColumn`), the asset names the rows give (whose history the
///    store must read), the row count and last line, and every so many rows the exact place
///    a row starts (a checkpoint, found by the reading that was kept, so never a guess).
/// 3. `ImportRowStream` reads the rows again between those checkpoints, a few parts side by
///    side, cleaning each row as it is read (`RowReader`, decided by the survey), and hands
///    each part's `ImportRow`s to the planner, which keeps only what it plans.
///
/// The rows, lines, errors and plan are those of `CSVTable.parse` + `ImportRow.read` +
/// `ImportPlanner.plan` over the whole file (a test compares them on every sample and on
/// mutated files).
public final class CSVImportFile: @unchecked Sendable {
    /// The file's bytes as given (read in place), or its text re-encoded when it was UTF-16.
    private let data: Data
    private let converted: [UInt8]?
    /// Where the text starts in `data` (past byte-order marks).
    private let textStart: Int
    public let headers: [String]
    public let headerLine: Int
    public let delimiter: Character
    /// Where the row after the header starts.
    let body: (offset: Int, line: Int)

    /// Checks the bytes, guesses the delimiter and reads the header; the errors are
    /// `CSVTable.parse`'s (not text, empty). The other checks of the whole file come with
    /// `survey`.
    public init(data: Data) throws {
        self.data = data
        let bytes = [UInt8](data.prefix(6))
        var start = 0, converted: [UInt8]?
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard data.withUnsafeBytes({ Self.isUTF8(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[3...])) }) else {
                throw RuleViolation(CSVTable.notTextMessage)
            }
            start = bytes[3...].starts(with: [0xEF, 0xBB, 0xBF]) ? 6 : 3  // parse(text:) drops a second mark
        } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            var text = try CSVTable.decode(data)  // rare: re-encoded as UTF-8, the copy is the text
            if text.hasPrefix("\u{FEFF}") { text = String(text.dropFirst()) }
            converted = Array(text.utf8)
        } else {
            let valid = data.withUnsafeBytes { raw in
                let all = raw.bindMemory(to: UInt8.self)
                return !all.contains(0) && Self.isUTF8(all)
            }
            guard valid else { throw RuleViolation(CSVTable.notTextMessage) }
        }
        self.converted = converted
        textStart = start
        var found: (headers: [String], line: Int, delimiter: Character, body: (offset: Int, line: Int))?
        try Self.withBytes(data, converted, start) { bytes in
            let delimiter = CSVTable.guessDelimiter(UTF8Scalars(bytes))
            guard let ascii = delimiter.asciiValue, let first = CSVChunks.firstRow(bytes, delimiter: ascii, trim: true) else {
                throw RuleViolation(CSVTable.emptyMessage)
            }
            found = (first.row.fields.map { $0.trimmingCharacters(in: .whitespaces) }, first.row.line, delimiter, first.next)
        }
        (headers, headerLine, delimiter, body) = found!
    }

    /// The text's UTF-8 bytes.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try Self.withBytes(data, converted, textStart, body)
    }

    private static func withBytes<R>(_ data: Data, _ converted: [UInt8]?, _ start: Int,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let converted { return try converted.withUnsafeBufferPointer(body) }
        return try data.withUnsafeBytes { raw in try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start...])) }
    }

    /// Rows per checkpoint: a part of the second reading is about this many rows (cleaned
    /// rows of about 250 bytes, one part per core alive at a time).
    static let checkpointRows = 8_192

    /// The first pass: reads every row and decides the columns `mapping` names for `options`.
    /// Its errors are those of `CSVTable.parse` after the header: an unclosed quote, no rows.
    public func survey(mapping: ColumnMapping, options: ImportOptions) throws -> ImportSurvey {
        let template = SurveySink(mapping: mapping, options: options)
        let delimiter = UInt8(self.delimiter.asciiValue!)
        let survey: ImportSurvey = withBytes { bytes in
            let parts = CSVChunks.read(bytes, from: body, delimiter: delimiter, trim: true,
                                       parts: ParallelWork.partCount(bytes.count - body.offset, minimumPart: 256 * 1024),
                                       checkpointEvery: Self.checkpointRows) { _, _ in template }
            var sink = parts[0].sink
            for part in parts.dropFirst() { sink.append(part.sink) }
            var starts: [(offset: Int, line: Int)] = []
            for part in parts { starts += [part.start] + part.checkpoints }
            return ImportSurvey(file: self, mapping: mapping, options: options, sink: sink, starts: starts)
        }
        // CSVTable.parse's checks, in its order: the last row's unclosed quote, then no rows.
        if withBytes({ $0.contains(UInt8(ascii: "\"")) }),
           let unclosed = withBytes({ UnclosedQuote.find(in: $0, delimiter: delimiter, fromLine: survey.sink.lastLine ?? headerLine) }) {
            throw ImportFailure(rowErrors: [RowError(line: unclosed.line, column: nil,
                                                     message: UnclosedQuote.message(line: unclosed.line, lastLine: unclosed.lastLine))],
                                kind: .transactions)
        }
        if survey.rowCount == 0 { throw RuleViolation(CSVTable.noRowsMessage) }
        return survey
    }

    /// The errors of `survey` for a file whose columns could not be mapped, which
    /// `CSVTable.parse` gives before the mapping's own.
    public func checkRows() throws {
        _ = try survey(mapping: ColumnMapping(), options: ImportOptions(kind: .prices))
    }

    /// True when `bytes` are UTF-8 (what `String(validating:as:)` accepts), without copying them.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        while i < count {
            if i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8  // eight ASCII bytes
                continue
            }
            let lead = base[i]
            if lead < 0x80 { i += 1; continue }
            func continuation(_ k: Int) -> Bool { i + k < count && base[i + k] & 0xC0 == 0x80 }
            func second(in range: ClosedRange<UInt8>) -> Bool { i + 1 < count && range.contains(base[i + 1]) }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                i += 2
            case 0xE0...0xEF:
                let range: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
                guard second(in: range), continuation(2) else { return false }
                i += 3
            case 0xF0...0xF4:
                let range: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
                guard second(in: range), continuation(2), continuation(3) else { return false }
                i += 4
            default: return false
            }
        }
        return true
    }
}

/// The scalars of valid UTF-8 bytes, decoded as they are asked for.
struct UTF8Scalars: Sequence, IteratorProtocol {
    private var bytes: UnsafeBufferPointer<UInt8>.Iterator
    private var decoder = Unicode.UTF8()

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes.makeIterator() }

    mutating func next() -> Unicode.Scalar? {
        if case .scalarValue(let scalar) = decoder.decode(&bytes) { return scalar }
        return nil
    }
}

/// What the first pass keeps of one part of the file: no row, only what the columns'
/// decisions need.
struct SurveySink: CSVRowSink {
    /// The column of the date, asset and source fields (-1: not mapped), of each number field.
    let date: Int, asset: Int, source: Int
    let numberColumns: [Int]
    let namesGiven: Bool
    var numbers: [NumberColumn.Evidence]
    var dates: DateColumn.Evidence
    let decideDates: Bool
    var rowCount = 0
    var lastLine: Int?
    /// The asset (and income source) names the rows give, each once.
    var names = Set<String>()
    private var lastName: String?

    init(mapping: ColumnMapping, options: ImportOptions) {
        func column(_ field: ImportField) -> Int { mapping.columns[field] ?? -1 }
        date = column(.date)
        asset = column(.asset)
        source = column(.source)
        namesGiven = options.assetName != nil
        if let name = options.assetName { names.insert(name) }
        numberColumns = RowReader.numberFields(options.kind).map(column)
        numbers = numberColumns.map { _ in NumberColumn.Evidence() }
        dates = DateColumn.Evidence(today: options.today)
        decideDates = options.dateFormat == nil
    }

    mutating func take(_ row: CSVTable.Row) {
        rowCount += 1
        lastLine = row.line
        let fields = row.fields
        func cell(_ index: Int) -> String { index >= 0 && index < fields.count ? fields[index] : "" }
        for (k, index) in numberColumns.enumerated() where index >= 0 { numbers[k].add(cell(index), line: row.line) }
        if decideDates, date >= 0 { dates.add(cell(date), line: row.line) }
        if !namesGiven {
            let name = cell(asset)
            if name != lastName {  // files list an asset's rows together: compare before hashing
                names.insert(name)
                lastName = name
            }
        }
        if source >= 0 {
            let payer = cell(source)
            if !payer.isEmpty { names.insert(payer) }
        }
    }

    /// This part's findings followed by the next part's.
    mutating func append(_ later: SurveySink) {
        for k in numbers.indices { numbers[k].append(later.numbers[k]) }
        dates.append(later.dates)
        rowCount += later.rowCount
        lastLine = later.lastLine ?? lastLine
        names.formUnion(later.names)
    }
}

/// The first pass's findings over a whole file (see `CSVImportFile`).
public struct ImportSurvey: @unchecked Sendable {
    let file: CSVImportFile
    let mapping: ColumnMapping
    let options: ImportOptions
    let sink: SurveySink
    /// Places rows start, in order: the second pass reads from each to the next.
    let starts: [(offset: Int, line: Int)]

    /// The file's data rows (blank lines aside).
    public var rowCount: Int { sink.rowCount }

    /// The header of each mapped field's column.
    public var titles: [ImportField: String] { mapping.columns.mapValues { file.headers[$0] } }

    /// The second pass, each row cleaned as `ImportRow.read` cleans it.
    public func rows() -> ImportRowStream {
        ImportRowStream(survey: self, reader: RowReader(headers: file.headers, mapping: mapping, options: options,
                                                         numbers: sink.numbers, dates: sink.dates))
    }
}

/// The rows of an import file cleaned part by part (the second pass of `CSVImportFile`):
/// an `ImportRowSource` for the `ImportRows` command.
public struct ImportRowStream: ImportRowSource, @unchecked Sendable {
    let survey: ImportSurvey
    let reader: RowReader
    /// Called with the rows read so far.
    public var progress: ((Int) -> Void)?

    public var rowCount: Int { survey.rowCount }
    public var assetNames: [String] { survey.sink.names.sorted() }

    public func forEachBatch(partsAtOnce: Int?, _ body: ([ImportRow]) -> Void) -> [RowError] {
        let starts = survey.starts
        let delimiter = UInt8(survey.file.delimiter.asciiValue!)
        let cores = ParallelWork.partCount(survey.rowCount, minimumPart: CSVImportFile.checkpointRows)
        let width = partsAtOnce.map { max(1, min($0, cores)) } ?? cores
        var errors: [RowError] = [], done = 0
        survey.file.withBytes { bytes in
            var first = 0
            while first < starts.count {
                let group = first..<min(first + width, starts.count)
                let parts = ParallelWork.map(group.count) { k -> CleaningSink in
                    let index = group.lowerBound + k
                    let stop = index + 1 < starts.count ? starts[index + 1].line : nil
                    return CSVChunks.read(bytes, from: starts[index], until: stop, delimiter: delimiter, trim: true,
                                          into: CleaningSink(reader: reader))
                }
                for part in parts {
                    body(part.rows)
                    errors += part.errors
                    done += part.rows.count + part.failed
                }
                progress?(done)
                first = group.upperBound
            }
        }
        return errors
    }
}

/// The second pass's sink: each row cleaned as it is read.
struct CleaningSink: CSVRowSink {
    let reader: RowReader
    var rows: [ImportRow] = []
    var errors: [RowError] = []
    var failed = 0

    init(reader: RowReader) {
        self.reader = reader
        rows.reserveCapacity(CSVImportFile.checkpointRows)
    }

    mutating func take(_ row: CSVTable.Row) {
        switch reader.read(row) {
        case .success(let parsed): rows.append(parsed)
        case .failure(let problems):
            errors += problems.errors
            failed += 1
        }
    }
}

/// Rows to import given part by part in the file's order (`ImportRows`): the rows need not
/// all be in memory at once.
public protocol ImportRowSource {
    /// About how many rows there are (for reserving).
    var rowCount: Int { get }
    /// Every asset (and income source) name the rows may give: whose history the store reads.
    var assetNames: [String] { get }
    /// Gives the rows in order, part by part; returns the errors met reading them (rows with
    /// errors are not given). `partsAtOnce`: how many parts are cleaned side by side (nil: one
    /// per core).
    func forEachBatch(partsAtOnce: Int?, _ body: ([ImportRow]) -> Void) -> [RowError]
}

extension ImportRowSource {
    /// The rows part by part, as many cleaned side by side as there are cores.
    public func forEachBatch(_ body: ([ImportRow]) -> Void) -> [RowError] { forEachBatch(partsAtOnce: nil, body) }
}
