import Foundation

/// A profiled import's recorded transactions, in the order recorded, each packed into a few
/// bytes (about 45 for a Trading 212 row, where a `Transaction` takes 200): the ids, asset,
/// day and source as variable-length integers, each decimal as its scale, sign and units,
/// the currency as a place in a table of the few the rows use, the note's UTF-8 bytes. A
/// row read (`self[i]`, iterating) is the very `Transaction` appended: every field made again
/// exactly (a decimal's units, scale and sign as they were, not its value from a text).
///
/// The bytes live in chunks of 256 bytes (a row longer than that gets one of its own), so
/// that appending never copies what is there and a chunk fits where something small was let
/// go (a row's operations, 320 bytes, once written; chunks of 4 KB took new memory): 175,000
/// rows in an array of 200-byte values held 35 MB, and twice that while it doubled.
public struct StagedRows: RandomAccessCollection {
    static let chunkSize = 256
    /// A row's link to its pair is 9 bytes at its start (a flag and the id), so that
    /// `setRelated` changes it in place.
    private static let relatedBytes = 9

    private var chunks: [[UInt8]] = []
    /// The first row of each chunk.
    private var chunkStarts: [Int] = []
    /// Each row's offset in its chunk (below `chunkSize`: a longer row starts a chunk).
    private var offsets: [UInt16] = []
    private var currencies: [String] = []
    private var currencySlots: [String: Int] = [:]
    private var scratch: [UInt8] = []
    public private(set) var count = 0

    public init() {}

    /// `rows`, in their order.
    public init<S: Sequence>(_ rows: S) where S.Element == Transaction {
        for t in rows { append(t) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Transaction {
        precondition(i >= 0 && i < count, "a staged row out of range")
        let c = chunk(of: i)
        return chunks[c].withUnsafeBufferPointer { bytes in
            var reader = Reader(bytes: bytes, at: Int(offsets[i]))
            return reader.row(currencies: currencies)
        }
    }

    public mutating func append(_ t: Transaction) {
        scratch.removeAll(keepingCapacity: true)
        encode(t)
        let size = scratch.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + size > Self.chunkSize {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(Swift.max(Self.chunkSize, size))
            chunks.append(chunk)
            chunkStarts.append(count)
        }
        let last = chunks.count - 1
        offsets.append(UInt16(chunks[last].count))
        chunks[last].append(contentsOf: scratch)
        count += 1
    }

    /// Sets the link of row `i` (its `relatedTransactionID`).
    public mutating func setRelated(_ i: Int, to related: Int64?) {
        precondition(i >= 0 && i < count, "a staged row out of range")
        let c = chunk(of: i), at = Int(offsets[i])
        chunks[c][at] = related == nil ? 0 : 1
        let bits = UInt64(bitPattern: related ?? 0)
        for k in 0..<8 { chunks[c][at + 1 + k] = UInt8(truncatingIfNeeded: bits >> (8 * k)) }
    }

    public mutating func removeAll() { self = StagedRows() }

    /// Gives `body` each row with its place, in order, and empties the list: each chunk is
    /// let go once gone through (a bulk write holds at its end only what it made of them).
    public mutating func removeAll(passingEachTo body: (Int, Transaction) throws -> Void) rethrows {
        var taken = StagedRows()
        swap(&taken, &self)
        var i = 0
        for k in taken.chunks.indices {
            let chunk = taken.chunks[k]
            taken.chunks[k] = []
            let end = k + 1 < taken.chunkStarts.count ? taken.chunkStarts[k + 1] : taken.count
            while i < end {
                let t = chunk.withUnsafeBufferPointer { bytes in
                    var reader = Reader(bytes: bytes, at: Int(taken.offsets[i]))
                    return reader.row(currencies: taken.currencies)
                }
                try body(i, t)
                i += 1
            }
        }
    }

    public struct Iterator: IteratorProtocol {
        fileprivate let rows: StagedRows
        fileprivate var i = 0, chunk = 0

        public mutating func next() -> Transaction? {
            guard i < rows.count else { return nil }
            while chunk + 1 < rows.chunkStarts.count && rows.chunkStarts[chunk + 1] <= i { chunk += 1 }
            let t = rows.chunks[chunk].withUnsafeBufferPointer { bytes in
                var reader = Reader(bytes: bytes, at: Int(rows.offsets[i]))
                return reader.row(currencies: rows.currencies)
            }
            i += 1
            return t
        }
    }

    public func makeIterator() -> Iterator { Iterator(rows: self) }

    /// The chunk holding row `i`: the last one starting at or before it.
    private func chunk(of i: Int) -> Int {
        var low = 0, high = chunkStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if chunkStarts[mid] <= i { low = mid } else { high = mid - 1 }
        }
        return low
    }

    // MARK: The packed form

    // Flags after the link: which optional fields follow.
    private static let hasID: UInt8 = 1, hasSource: UInt8 = 2

    private mutating func encode(_ t: Transaction) {
        scratch.append(t.relatedTransactionID == nil ? 0 : 1)
        let related = UInt64(bitPattern: t.relatedTransactionID ?? 0)
        for k in 0..<8 { scratch.append(UInt8(truncatingIfNeeded: related >> (8 * k))) }
        scratch.append((t.id == nil ? 0 : Self.hasID) | (t.sourceAssetID == nil ? 0 : Self.hasSource))
        // Placeholder ids sit near `StagedImportStore.placeholderStart`: a few bytes from it.
        if let id = t.id { putSigned(id &- StagedImportStore.placeholderStart) }
        putSigned(t.assetID)
        scratch.append(UInt8(TransactionType.allCases.firstIndex(of: t.type)!))
        putSigned(Int64(t.date.dayNumber))
        for d in [t.quantity, t.pricePerUnit, t.totalAmount, t.fees] { put(d) }
        let slot: Int
        if let known = currencySlots[t.currency] {
            slot = known
        } else {
            slot = currencies.count
            currencies.append(t.currency)
            currencySlots[t.currency] = slot
        }
        put(UInt128(slot))
        if let source = t.sourceAssetID { putSigned(source) }
        put(UInt128(t.note.utf8.count))
        scratch.append(contentsOf: t.note.utf8)
    }

    /// A decimal exactly as it is: its scale (any, the out-of-range state's too), sign and units.
    private mutating func put(_ d: ExactDecimal) {
        scratch.append(d.scale)
        scratch.append(d.isNegative ? 1 : 0)
        put(d.units)
    }

    private mutating func putSigned(_ v: Int64) {
        put(UInt128(UInt64(bitPattern: (v << 1) ^ (v >> 63))))  // zigzag
    }

    /// LEB128: seven bits a byte, the high bit set on all but the last.
    private mutating func put(_ v: UInt128) {
        var v = v
        while v >= 0x80 {
            scratch.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        scratch.append(UInt8(v))
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int

        init(bytes: UnsafeBufferPointer<UInt8>, at: Int) {
            self.bytes = bytes
            self.at = at
        }

        mutating func byte() -> UInt8 {
            defer { at += 1 }
            return bytes[at]
        }

        mutating func unsigned() -> UInt128 {
            var v: UInt128 = 0, shift: UInt128 = 0
            while true {
                let b = byte()
                v |= UInt128(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
        }

        mutating func signed() -> Int64 {
            let z = UInt64(truncatingIfNeeded: unsigned())
            return Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
        }

        mutating func decimal() -> ExactDecimal {
            let scale = byte(), negative = byte() != 0
            var d = ExactDecimal(units: unsigned(), scale: 0, negative: negative)
            d.scale = scale
            return d
        }

        mutating func row(currencies: [String]) -> Transaction {
            let linked = byte() != 0
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(byte()) << (8 * UInt64(k)) }
            let flags = byte()
            let id = flags & StagedRows.hasID == 0 ? nil : signed() &+ StagedImportStore.placeholderStart
            let asset = signed()
            let type = TransactionType.allCases[Int(byte())]
            let date = CalendarDate(dayNumber: Int(signed()))
            let quantity = decimal(), price = decimal(), total = decimal(), fees = decimal()
            let currency = currencies[Int(unsigned())]
            let source = flags & StagedRows.hasSource == 0 ? nil : signed()
            let length = Int(unsigned())
            let note = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + length]), as: UTF8.self)
            at += length
            return Transaction(id: id, assetID: asset, type: type, date: date, quantity: quantity, pricePerUnit: price, fees: fees,
                               currency: currency, sourceAssetID: source, relatedTransactionID: linked ? Int64(bitPattern: bits) : nil,
                               note: note, totalAmount: total)
        }
    }
}

/// Elements in the order appended, kept in blocks of `blockSize`: appending never copies
/// the elements already there. An array's doubling held them twice while it grew, and a
/// small block fits where something smaller was let go, where a large one takes new memory.
public struct BlockList<Element>: RandomAccessCollection {
    static var blockSize: Int { 16 }
    private var blocks: [[Element]] = []
    public private(set) var count = 0

    public init() {}

    /// `elements`, in their order.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Element {
        get { blocks[i / Self.blockSize][i % Self.blockSize] }
        set { blocks[i / Self.blockSize][i % Self.blockSize] = newValue }
    }

    public mutating func append(_ e: Element) {
        if count % Self.blockSize == 0 {
            var block: [Element] = []
            block.reserveCapacity(Self.blockSize)
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(e)
        count += 1
    }

    public mutating func removeAll() { self = BlockList() }
}

extension BlockList: Sendable where Element: Sendable {}
extension StagedRows: Sendable {}
