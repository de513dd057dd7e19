/// A table's rows, packed: each row a cell count and its cells as bytes (a tag, then text as
/// its length and UTF-8, a number as its scale and units), in chunks of 64 KB, so a report of
/// 100,000 rows keeps about 85 bytes a row rather than a Swift array of cells (about 400)
/// (issue 27: `report gains` within 64 MB). Reading a row decodes it: the same cells, the
/// same decimals (units, scale and sign as they were, the out-of-range state included).
///
///     var rows = ReportRows()
///     rows.append([.text("ACME"), .number(12.5, .money)])
///     rows[0]   // [.text("ACME"), .number(12.5, .money)]
public struct ReportRows: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// Where each row starts: its chunk in the high 32 bits, its offset in the low ones.
    private var starts: [UInt64] = []
    private var chunks: [[UInt8]] = []
    static let chunkSize = 1 << 16

    public init() {}

    public init<S: Sequence>(_ rows: S) where S.Element == [ReportCell] {
        for row in rows { append(row) }
    }

    public init(arrayLiteral rows: [ReportCell]...) { self.init(rows) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count }

    /// The bytes the rows keep (what `--max-memory` counts for them): their cells and 8 a row.
    public private(set) var byteCount = 0

    public subscript(position: Int) -> [ReportCell] {
        let start = starts[position]
        return chunks[Int(start >> 32)].withUnsafeBufferPointer { bytes in
            var reader = Reader(bytes: bytes, offset: Int(start & 0xFFFF_FFFF))
            return reader.row()
        }
    }

    public mutating func append(_ row: [ReportCell]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + row.count * 12)
        Self.putVarint(UInt128(row.count), into: &bytes)
        for cell in row { Self.put(cell, into: &bytes) }
        if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > Self.chunkSize {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(Swift.max(Self.chunkSize, bytes.count))
            chunks.append(chunk)
        }
        let last = chunks.count - 1
        starts.append(UInt64(last) << 32 | UInt64(chunks[last].count))
        chunks[last].append(contentsOf: bytes)
        byteCount += bytes.count + 8
    }

    public static func == (a: ReportRows, b: ReportRows) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    }

    /// For each column of `width`, whether it holds numbers and nothing but numbers or blanks
    /// (`ReportTable.isNumeric`), in one pass over the rows.
    func numericColumns(_ width: Int) -> [Bool] {
        var sawNumber = Array(repeating: false, count: width), sawText = Array(repeating: false, count: width)
        for row in self {
            for (i, cell) in row.enumerated() where i < width {
                switch cell {
                case .number, .money: sawNumber[i] = true
                case .text: sawText[i] = true
                case .empty: continue
                }
            }
        }
        return (0..<width).map { sawNumber[$0] && !sawText[$0] }
    }

    // MARK: Encoding

    static let emptyTag: UInt8 = 0, textTag: UInt8 = 1, numberTag: UInt8 = 2, moneyTag: UInt8 = 3
    static let negativeBit: UInt8 = 0x80
    static let formats = ReportNumberFormat.allCases

    static func put(_ cell: ReportCell, into bytes: inout [UInt8]) {
        switch cell {
        case .empty: bytes.append(emptyTag)
        case .text(let text):
            bytes.append(textTag)
            putText(text, into: &bytes)
        case .number(let n, let format):
            bytes.append(numberTag | UInt8(formats.firstIndex(of: format)!) << 2 | (n.isNegative ? negativeBit : 0))
            putDecimal(n, into: &bytes)
        case .money(let n, let currency):
            bytes.append(moneyTag | (n.isNegative ? negativeBit : 0))
            putDecimal(n, into: &bytes)
            putText(currency, into: &bytes)
        }
    }

    static func putText(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            putVarint(UInt128(utf8.count), into: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    static func putDecimal(_ n: ExactDecimal, into bytes: inout [UInt8]) { n.pack(into: &bytes) }

    static func putVarint(_ value: UInt128, into bytes: inout [UInt8]) { ExactDecimal.packVarint(value, into: &bytes) }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() -> UInt128 { ExactDecimal.unpackVarint(bytes, at: &offset) }

        mutating func text() -> String {
            let count = Int(varint())
            defer { offset += count }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }

        mutating func decimal(negative: Bool) -> ExactDecimal { ExactDecimal.unpacked(bytes, at: &offset, negative: negative) }

        mutating func row() -> [ReportCell] {
            let count = Int(varint())
            var cells: [ReportCell] = []
            cells.reserveCapacity(count)
            for _ in 0..<count {
                let tag = byte()
                let negative = tag & ReportRows.negativeBit != 0
                switch tag & 3 {
                case ReportRows.textTag: cells.append(.text(text()))
                case ReportRows.numberTag: cells.append(.number(decimal(negative: negative), ReportRows.formats[Int(tag >> 2 & 3)]))
                case ReportRows.moneyTag:
                    let n = decimal(negative: negative)
                    cells.append(.money(n, currency: text()))
                default: cells.append(.empty)
                }
            }
            return cells
        }
    }
}
