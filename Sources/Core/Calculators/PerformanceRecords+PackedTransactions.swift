/// Monthly transaction series decoded straight into the records (issue 27): the store hands
/// over each `transaction_month` row's bytes, and its entries are decoded into `PackedRows`'
/// form (each decimal's units and tag read from the bytes, never an `ExactDecimal` built and
/// packed again) with the scope's questions answered once a row where they can be. Before,
/// each entry was decoded into three decimals and two optionals, handed to a closure, checked
/// against the scope's sets and added through `addTransaction` (80 M instructions of a first
/// `af.performance{}` over the benchmark store's 100,000 transactions).

/// The code byte of an entry of the monthly transaction series (the store's
/// `TransactionMonth`, which writes them): the type's `code` in the low five bits, then
/// whether a source asset, a related transaction and a currency follow the decimals.
public enum PackedTransactionCode {
    public static let typeMask: UInt8 = 0x1F, hasSource: UInt8 = 0x20, hasRelated: UInt8 = 0x40, hasCurrency: UInt8 = 0x80
}

extension PerformanceRecords {
    /// Which transactions of an asset outside the scope a month of the series adds.
    public enum OutsideTransactions: Sendable {
        /// Every one is offered, as the whole store's read offers each to `addTransaction`
        /// (which keeps income only, and numbers the asset either way).
        case all
        /// Only income paid by a scope asset (its source in the scope), as a scope's query
        /// selects them from the table.
        case incomePaidByScope
    }

    /// Adds one asset's transactions of one month from the bytes of its monthly series (a
    /// `transaction_month` row: for each entry its day of the month, a code byte
    /// (`PackedTransactionCode`), its id as a zigzag LEB128 difference from the previous
    /// one's, quantity, price and fees as `PackedDecimal`s, then the flagged source, related
    /// id and currency), in the month beginning the day after `dayBeforeMonth`. The same rows,
    /// in the same order, as decoding each entry (the store's `TransactionMonth.forEach`) and
    /// adding it with `addTransaction` when `outside` lets it through.
    ///
    /// `assetCurrency`: the asset's currency when stored currencies are asked for; then an
    /// entry let through whose stored currency is set and differs is put in
    /// `differingCurrencies` by id. Returns false when the bytes do not read back (the damage
    /// `TransactionMonth.forEach` refuses); entries before the damage may have been added:
    /// the records are then to be dropped.
    public mutating func addPackedTransactionMonth(assetID: Int64, dayBeforeMonth: Int32, daysInMonth: UInt8,
                                                   bytes: UnsafeBufferPointer<UInt8>, outside: OutsideTransactions,
                                                   assetCurrency: String? = nil, differingCurrencies: inout [Int64: String]) -> Bool {
        guard let p = bytes.baseAddress else { return true }
        let count = bytes.count
        var asset: Int32 = numbers.number(of: assetID) ?? -1
        let assetInScope = asset >= 0 && inScope[Int(asset)]
        let firstDay = Int(dayBeforeMonth)
        var i = 0, lastDay: UInt8 = 0, previousID: Int64 = 0
        // Values whose units take more than 63 bits, read whole (`PackedDecimal.read`) and
        // kept here until their entry is added: their tag `wideTag`, their units the index.
        var wide: [ExactDecimal] = []
        while i < count {
            let day = p[i]
            guard day >= lastDay, day >= 1, day <= daysInMonth, i + 1 < count else { return false }
            let code = p[i + 1]
            i += 2
            let typeCode = code & PackedTransactionCode.typeMask
            guard TransactionType(code: typeCode) != nil, let delta = PackedEntryReader.signed(p, count, &i) else { return false }
            var (quantity, quantityTag) = PackedEntryReader.decimal(p, count, &i)
            if quantityTag >= PackedEntryReader.damaged, !PackedEntryReader.wideDecimal(bytes, &i, &quantity, quantityTag, &wide) { return false }
            var (price, priceTag) = PackedEntryReader.decimal(p, count, &i)
            if priceTag >= PackedEntryReader.damaged, !PackedEntryReader.wideDecimal(bytes, &i, &price, priceTag, &wide) { return false }
            var (fees, feesTag) = PackedEntryReader.decimal(p, count, &i)
            if feesTag >= PackedEntryReader.damaged, !PackedEntryReader.wideDecimal(bytes, &i, &fees, feesTag, &wide) { return false }
            var source: Int64?, related: Int64?
            if code & PackedTransactionCode.hasSource != 0 {
                guard let s = PackedEntryReader.signed(p, count, &i) else { return false }
                source = s
            }
            if code & PackedTransactionCode.hasRelated != 0 {
                guard let r = PackedEntryReader.signed(p, count, &i) else { return false }
                related = r
            }
            var currencyStart = 0, currencyCount = 0
            if code & PackedTransactionCode.hasCurrency != 0 {
                guard i < count else { return false }
                currencyCount = Int(p[i])
                guard currencyCount > 0, i + 1 + currencyCount <= count else { return false }
                currencyStart = i + 1
                i += 1 + currencyCount
            }
            let id = previousID &+ delta
            guard lastDay == 0 || day > lastDay || id > previousID else { return false }  // (date, id) order
            lastDay = day
            previousID = id

            let isIncome = typeCode == TransactionType.dividend.code || typeCode == TransactionType.interest.code
            defer { if !wide.isEmpty { wide.removeAll(keepingCapacity: true) } }
            if !assetInScope, case .incomePaidByScope = outside, !(isIncome && source.map(isScopeAsset) == true) { continue }
            if let assetCurrency, currencyCount > 0 {
                let stored = UnsafeBufferPointer(start: p + currencyStart, count: currencyCount)
                if !stored.elementsEqual(assetCurrency.utf8) { differingCurrencies[id] = String(decoding: stored, as: UTF8.self) }
            }
            if asset < 0 { asset = number(of: assetID, cash: false) }
            if !assetInScope && !isIncome { continue }
            if related != nil { hasRelated = true }
            let sourceInScope = isIncome && (source.map(isScopeAsset) ?? assetInScope)
            // Packed in the order `PackedRows.append` packs a row's decimals (the wide ones' order).
            if !wide.isEmpty {
                if quantityTag == PackedRows.wideTag { (quantity, quantityTag) = packedRows.pack(wide[Int(quantity)]) }
                if priceTag == PackedRows.wideTag { (price, priceTag) = packedRows.pack(wide[Int(price)]) }
                if feesTag == PackedRows.wideTag { (fees, feesTag) = packedRows.pack(wide[Int(fees)]) }
            }
            packedRows.append(day: firstDay + Int(day), id: id, asset: asset, type: typeCode,
                              flags: PackedRows.hasID | (sourceInScope ? PackedRows.sourceInScope : 0),
                              quantity: quantity, quantityTag: quantityTag, price: price, priceTag: priceTag, fees: fees, feesTag: feesTag,
                              sourceAssetID: source, relatedID: related)
        }
        return true
    }

    /// Whether `id` is an asset of the scope (`scope.contains`, without hashing: every scope
    /// asset is numbered from the start).
    @inline(__always) private func isScopeAsset(_ id: Int64) -> Bool {
        guard let n = numbers.number(of: id) else { return false }
        return inScope[Int(n)]
    }
}

/// The integers of a packed entry, read as `TransactionMonth` and `PackedDecimal` read them
/// (the same values, the same damage refused).
enum PackedEntryReader {
    /// A zigzag LEB128 integer (one form per value); nil when cut short or not one.
    @inline(__always)
    static func signed(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) -> Int64? {
        var v: UInt64 = 0, shift: UInt64 = 0
        while index < count {
            let byte = p[index]
            index += 1
            guard shift < 64, shift < 63 || byte <= 1 else { return nil }
            v |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                guard byte != 0 || shift == 0 else { return nil }
                return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
            }
            shift += 7
        }
        return nil
    }

    /// The tags `decimal` gives for a value it does not read itself: `damaged` (not one, as
    /// `PackedDecimal.read` returns nil) and `wide` (units of more than 63 bits), both above
    /// every tag of a value; `wide` is `PackedRows.wideTag`.
    static let damaged: UInt8 = 0xFE, wide: UInt8 = PackedRows.wideTag

    /// A `PackedDecimal` as `PackedRows` keeps it: its units (up to 63 bits) and tag (scale,
    /// `PackedRows.negative` for a value below zero), `index` moved past it. Otherwise the
    /// tag `damaged`, or `wide` with `index` left at the value for `wideDecimal`.
    @inline(__always)
    static func decimal(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) -> (units: UInt64, tag: UInt8) {
        guard index + 1 < count else { return (0, damaged) }
        let header = p[index], first = p[index + 1]
        guard header & 0x7F <= UInt8(ExactDecimal.maxScale) else { return (0, damaged) }
        let sign = header >= 0x80 ? PackedRows.negative : 0
        if first < 0x80 {  // units below 128: one byte (0 included)
            index += 2
            return (UInt64(first), header & 0x7F | (first != 0 ? sign : 0))
        }
        var i = index + 2, low = UInt64(first & 0x7F), shift: UInt64 = 7
        while true {
            guard i < count else { return (0, damaged) }
            let byte = p[i]
            i += 1
            low |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                guard byte != 0 else { return (0, damaged) }  // one form per value
                index = i
                return (low, header & 0x7F | sign)  // low ≥ 128: not zero
            }
            shift += 7
            if shift == 63 { return (0, wide) }
        }
    }

    /// After `decimal`'s `damaged` or `wide`: false for `damaged`; for `wide`, the value read
    /// whole and appended to `values`, `units` its index there, `index` moved past it.
    @inline(never)
    static func wideDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ units: inout UInt64, _ tag: UInt8,
                            _ values: inout [ExactDecimal]) -> Bool {
        guard tag == wide, let read = PackedDecimal.read(bytes, at: &index) else { return false }
        units = UInt64(values.count)
        values.append(read)
        return true
    }
}
