import Core

/// One row of `transaction_month`: an asset's transactions of one month, packed in binary
/// with the columns a ledger walk reads (migration "Create monthly transaction series",
/// issue 27), so that a first `af.performance` decodes about 11,000 rows of integers instead
/// of stepping 100,000 table rows and parsing 300,000 decimals and 100,000 dates.
///
/// The row holds the month's transactions in (date, id) order. Each one is:
/// - its day of the month (one byte, 1...31, none before the one before);
/// - a code byte: the type (`TransactionType.code`, low five bits), `hasSource`, `hasRelated`,
///   `hasCurrency`;
/// - its id, as the difference from the previous entry's (the first's from 0), zigzag LEB128;
/// - quantity, price and fees (`PackedDecimal`: each reads back with its scale);
/// - when flagged: the source asset's id and the related transaction's id (zigzag LEB128),
///   the stored currency (a length byte and its UTF-8 bytes; an empty currency is not kept).
///
/// Months without a transaction have no row; the asset's row whose month is `complete` marks
/// the rows before it as covering every transaction of the asset. Derived data under the
/// store's policy (`DerivedTable.transactionMonth`).
enum TransactionMonth {
    static let complete = QuantityCheckpoint.complete

    /// A transaction as the row keeps it.
    struct Entry: Equatable {
        var day: Int32
        var id: Int64
        var type: TransactionType
        var quantity: ExactDecimal
        var price: ExactDecimal
        var fees: ExactDecimal
        var sourceAssetID: Int64?
        var relatedID: Int64?
        /// The stored currency; empty when none is stored.
        var currency: String

        init(_ t: Transaction) {
            day = Int32(truncatingIfNeeded: t.date.dayNumber)
            id = t.id ?? 0
            type = t.type
            quantity = t.quantity
            price = t.pricePerUnit
            fees = t.fees
            sourceAssetID = t.sourceAssetID
            relatedID = t.relatedTransactionID
            currency = t.currency
        }

        init(day: Int32, id: Int64, type: TransactionType, quantity: ExactDecimal, price: ExactDecimal, fees: ExactDecimal,
             sourceAssetID: Int64?, relatedID: Int64?, currency: String) {
            self.day = day
            self.id = id
            self.type = type
            self.quantity = quantity
            self.price = price
            self.fees = fees
            self.sourceAssetID = sourceAssetID
            self.relatedID = relatedID
            self.currency = currency
        }
    }

    /// The types in code order (`TransactionType.code`, which never gives a number to
    /// another type).
    static let types: [TransactionType] = (0...UInt8.max).compactMap(TransactionType.init(code:))
    static let typeMask = PackedTransactionCode.typeMask, hasSource = PackedTransactionCode.hasSource
    static let hasRelated = PackedTransactionCode.hasRelated, hasCurrency = PackedTransactionCode.hasCurrency

    /// The rows of an asset's transactions in (date, id) order: (month "YYYY-MM", bytes), in
    /// month order. A transaction without an id, or one out of order, cannot be kept (the
    /// store's rows always have ids): an error, and the caller leaves the rows missing.
    static func rows(of history: [Transaction]) throws -> [(month: String, bytes: [UInt8])] {
        var packer = Packer()
        for t in history { try packer.add(t) }
        return packer.finished()
    }

    /// The rows made one transaction at a time (an import's replay, which holds no history).
    struct Packer {
        private var rows: [(month: String, bytes: [UInt8])] = []
        private var month = "", bytes: [UInt8] = []
        private var beforeFirst: Int32 = 0, last: Int32 = -1, previousID: Int64 = 0
        private var previous: (day: Int32, id: Int64)?

        /// Adds the next transaction, after every one added before in (date, id) order.
        mutating func add(_ t: Transaction) throws {
            guard let id = t.id else { throw Unpackable.noID }
            let day = Int32(truncatingIfNeeded: t.date.dayNumber)
            if let previous, (previous.day, previous.id) >= (day, id) { throw Unpackable.outOfOrder }
            previous = (day, id)
            if day <= beforeFirst || day > last {
                let (y, m, d) = t.date.components
                let key = QuantityCheckpoint.monthKey(year: y, month: m)
                if key != month {
                    if !month.isEmpty { rows.append((month, bytes)) }
                    month = key
                    bytes = []
                    previousID = 0
                }
                beforeFirst = day - Int32(d)
                last = beforeFirst + Int32(CalendarDate.daysIn(month: m, year: y))
            }
            bytes.append(UInt8(day - beforeFirst))
            try TransactionMonth.append(t, previousID: previousID, to: &bytes)
            previousID = id
        }

        /// The rows of every transaction added, in month order.
        func finished() -> [(month: String, bytes: [UInt8])] {
            month.isEmpty ? rows : rows + [(month, bytes)]
        }
    }

    enum Unpackable: Error { case noID, outOfOrder, currencyTooLong }

    fileprivate static func append(_ t: Transaction, previousID: Int64, to bytes: inout [UInt8]) throws {
        let currency = t.currency.utf8
        guard currency.count <= Int(UInt8.max) else { throw Unpackable.currencyTooLong }
        var code = t.type.code
        if t.sourceAssetID != nil { code |= hasSource }
        if t.relatedTransactionID != nil { code |= hasRelated }
        if !currency.isEmpty { code |= hasCurrency }
        bytes.append(code)
        appendSigned(t.id! &- previousID, to: &bytes)
        try PackedDecimal.append(t.quantity, to: &bytes)
        try PackedDecimal.append(t.pricePerUnit, to: &bytes)
        try PackedDecimal.append(t.fees, to: &bytes)
        if let source = t.sourceAssetID { appendSigned(source, to: &bytes) }
        if let related = t.relatedTransactionID { appendSigned(related, to: &bytes) }
        if !currency.isEmpty {
            bytes.append(UInt8(currency.count))
            bytes.append(contentsOf: currency)
        }
    }

    /// Zigzag (0, −1, 1, −2, … as 0, 1, 2, 3, …), then LEB128.
    private static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        var v = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inline(__always)
    private static func readSigned(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int64? {
        var v: UInt64 = 0, shift: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard shift < 64, shift < 63 || byte <= 1 else { return nil }
            v |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                guard byte != 0 || shift == 0 else { return nil }  // one form per value
                return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
            }
            shift += 7
        }
        return nil
    }

    /// Calls `body` with each entry of a row, in order; false when the bytes do not read back
    /// (damage: a day outside the month or before the one before, an unknown type, a value
    /// cut short). `body` sees the currency's bytes, valid during the call only.
    static func forEach(month: UnsafeBufferPointer<UInt8>, bytes: UnsafeBufferPointer<UInt8>,
                        _ body: (_ entry: RawEntry) throws -> Void) rethrows -> Bool {
        guard let (beforeFirst, length) = PackedMonth.start(of: month) else { return false }
        var i = 0, lastDay: UInt8 = 0, previousID: Int64 = 0
        while i < bytes.count {
            let day = bytes[i]
            guard day >= lastDay, day >= 1, day <= length, i + 1 < bytes.count else { return false }
            let code = bytes[i + 1]
            i += 2
            guard let type = TransactionType(code: code & typeMask), let delta = readSigned(bytes, at: &i),
                  let quantity = PackedDecimal.read(bytes, at: &i), let price = PackedDecimal.read(bytes, at: &i),
                  let fees = PackedDecimal.read(bytes, at: &i) else { return false }
            var source: Int64?, related: Int64?
            if code & hasSource != 0 { guard let s = readSigned(bytes, at: &i) else { return false }; source = s }
            if code & hasRelated != 0 { guard let r = readSigned(bytes, at: &i) else { return false }; related = r }
            var currency = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            if code & hasCurrency != 0 {
                guard i < bytes.count else { return false }
                let count = Int(bytes[i])
                guard count > 0, i + 1 + count <= bytes.count else { return false }
                currency = UnsafeBufferPointer(rebasing: bytes[i + 1..<i + 1 + count])
                i += 1 + count
            }
            let id = previousID &+ delta
            guard lastDay == 0 || day > lastDay || id > previousID else { return false }  // (date, id) order
            try body(RawEntry(day: beforeFirst + Int32(day), id: id, type: type, quantity: quantity, price: price,
                              fees: fees, sourceAssetID: source, relatedID: related, currency: currency))
            lastDay = day
            previousID = id
        }
        return true
    }

    /// An entry as decoded, its currency still the row's bytes.
    struct RawEntry {
        var day: Int32
        var id: Int64
        var type: TransactionType
        var quantity: ExactDecimal
        var price: ExactDecimal
        var fees: ExactDecimal
        var sourceAssetID: Int64?
        var relatedID: Int64?
        var currency: UnsafeBufferPointer<UInt8>

        var entry: Entry {
            Entry(day: day, id: id, type: type, quantity: quantity, price: price, fees: fees, sourceAssetID: sourceAssetID,
                  relatedID: relatedID, currency: String(decoding: currency, as: UTF8.self))
        }
    }

    /// The entries of a row; nil when it does not read back.
    static func entries(month: String, bytes: [UInt8]) -> [Entry]? {
        var entries: [Entry] = []
        var m = month
        let readable = m.withUTF8 { m in bytes.withUnsafeBufferPointer { b in forEach(month: m, bytes: b) { entries.append($0.entry) } } }
        return readable ? entries : nil
    }

    /// The entries as text, as `check` shows a row: "D #id type quantity price fees" and, when
    /// set, "source S", "related R", "currency C"; entries separated by "; ". Nil when the
    /// bytes do not read back.
    static func text(month: String, bytes: [UInt8]) -> String? {
        entries(month: month, bytes: bytes).map { entries in
            entries.map { e in
                var parts = ["\(CalendarDate(dayNumber: Int(e.day)).day)", "#\(e.id)", e.type.rawValue, e.quantity.plainText, e.price.plainText, e.fees.plainText]
                if let s = e.sourceAssetID { parts.append("source \(s)") }
                if let r = e.relatedID { parts.append("related \(r)") }
                if !e.currency.isEmpty { parts.append("currency \(e.currency)") }
                return parts.joined(separator: " ")
            }.joined(separator: "; ")
        }
    }
}
