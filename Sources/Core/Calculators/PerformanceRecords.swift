/// A scope's history in the flat form the performance ledger walks once: its transactions in
/// (date, id) order with the scope's questions (is the asset in the scope, did a scope asset
/// pay this income, is the swap's other half inside) answered once, and every asset's prices
/// in one array. Assets are numbered densely, so the walk keeps its state in arrays, never
/// in dictionaries (issue 14: `af.performance` over 100,000 transactions).
///
/// The store fills one while it steps its statements (`add`), in any order; `finish()` sorts.
/// `PerformanceInput` converts to one (`init(_:)`), so both forms give the same figures.
public struct PerformanceRecords: Sendable {
    /// A transaction as the ledger needs it.
    public struct Row: Sendable {
        public var date: CalendarDate
        public var id: Int64?
        /// The asset's number (`assetIDs[asset]`).
        public var asset: Int32
        public var type: TransactionType
        /// The income was paid by a scope asset (its source, or the asset itself).
        public var sourceInScope: Bool
        /// The other half of a swap is a transaction of the scope.
        public var relatedInScope: Bool
        public var quantity: ExactDecimal
        public var price: ExactDecimal
        public var fees: ExactDecimal
        var sourceAssetID: Int64?
        var relatedID: Int64?

        var isIncome: Bool { type == .dividend || type == .interest }
    }

    public let scope: Set<Int64>
    /// Asset ids by number; `inScope` and `isCash` by number.
    public private(set) var assetIDs: [Int64] = []
    public private(set) var inScope: [Bool] = []
    public private(set) var isCash: [Bool] = []
    /// In (date, id) order once finished. Kept packed (`PackedRows`, 56 bytes a row where a
    /// `Row` takes 136: issue 27, 100,000 rows held while the session keeps the records);
    /// each row read gives back the same values.
    public var rows: PackedRows { packedRows }
    var packedRows = PackedRows()
    /// Prices of asset n: `priceDates[priceStart[n]..<priceStart[n + 1]]`, oldest first.
    public private(set) var priceStart: [Int] = []
    public internal(set) var priceDates: [CalendarDate] = []
    /// Packed (`PackedDecimals`: 9 bytes a price where a decimal takes 24; issue 27).
    public internal(set) var prices = PackedDecimals()

    var numbers = AssetNumbers()
    var pendingPrices: [(asset: Int32, date: CalendarDate, price: ExactDecimal)] = []
    /// Assets whose prices came as a whole series (`addPriceSeries`), in number order: their
    /// ranges in `priceDates`/`prices`, already grouped and in date order.
    var seriesRanges: [(asset: Int32, range: Range<Int>)] = []
    var hasRelated = false

    /// An empty history of `scope`, whose `cashAssets` are valued at 1 per unit.
    public init(scope: Set<Int64>, cashAssets: Set<Int64>) {
        self.scope = scope
        for id in scope.sorted() { _ = number(of: id, cash: cashAssets.contains(id)) }
    }

    /// Adds a transaction. Those of assets outside the scope count only when they are income
    /// (a dividend or interest a scope asset may have paid); others are left out here.
    public mutating func addTransaction(id: Int64?, assetID: Int64, type: TransactionType, date: CalendarDate, quantity: ExactDecimal,
                                        price: ExactDecimal, fees: ExactDecimal, sourceAssetID: Int64?, relatedID: Int64?) {
        let isIncome = type == .dividend || type == .interest
        let asset = number(of: assetID, cash: false)
        if !inScope[Int(asset)] && !isIncome { return }
        if relatedID != nil { hasRelated = true }
        packedRows.append(Row(date: date, id: id, asset: asset, type: type,
                              sourceInScope: isIncome && scope.contains(sourceAssetID ?? assetID), relatedInScope: false,
                              quantity: quantity, price: price, fees: fees, sourceAssetID: sourceAssetID, relatedID: relatedID))
    }

    /// Adds a price record of a scope asset (others are not needed and left out).
    public mutating func addPrice(assetID: Int64, date: CalendarDate, price: ExactDecimal) {
        guard let asset = numbers.number(of: assetID), inScope[Int(asset)] else { return }
        pendingPrices.append((asset, date, price))
    }

    /// Room for `transactions` rows and `prices` prices, so that the arrays are allocated
    /// once at their size rather than grown by copying (issue 27: memory and time of a first
    /// `af.performance` over 100,000 transactions and 250,000 prices).
    public mutating func reserve(transactions: Int, prices: Int) {
        if transactions > 0 { packedRows.reserveCapacity(transactions) }
        if prices > 0 {
            priceDates.reserveCapacity(prices)
            self.prices.reserveCapacity(prices)
        }
    }

    /// Adds the whole price series of an asset (one price per day, `days` ascending day
    /// numbers): stored straight in its final place when the series come in asset order and
    /// no single price was added, else as single prices. The same prices as `addPrice` for
    /// each day, so the same figures.
    public mutating func addPriceSeries(assetID: Int64, days: [Int32], values: [ExactDecimal]) {
        guard let asset = numbers.number(of: assetID), inScope[Int(asset)], !days.isEmpty else { return }
        let ascending = zip(days, days.dropFirst()).allSatisfy { $0 < $1 }
        if !ascending || !pendingPrices.isEmpty || (seriesRanges.last.map { $0.asset >= asset } ?? false) {
            for i in days.indices { pendingPrices.append((asset, CalendarDate(dayNumber: Int(days[i])), values[i])) }
            return
        }
        let start = prices.count
        priceDates.append(contentsOf: days.lazy.map { CalendarDate(dayNumber: Int($0)) })
        prices.append(contentsOf: values)
        seriesRanges.append((asset, start..<prices.count))
    }

    /// Sorts the transactions into (date, id) order (ties: the order they were added) and each
    /// asset's prices into date order, and resolves swaps.
    public mutating func finish() {
        packedRows.sortByDateAndID()
        if hasRelated { resolveSwaps() }
        groupPrices()
    }

    /// The asset's number, registering it the first time.
    mutating func number(of id: Int64, cash: Bool) -> Int32 {
        if let n = numbers.number(of: id) { return n }
        let n = numbers.add(id)
        assetIDs.append(id)
        inScope.append(scope.contains(id))
        isCash.append(cash)
        return n
    }

    /// A swap half is inside when its other half is a transaction of a scope asset.
    private mutating func resolveSwaps() {
        var scopeIDs = Set<Int64>()
        for row in rows where inScope[Int(row.asset)] { if let id = row.id { scopeIDs.insert(id) } }
        for i in rows.indices { if let related = rows[i].relatedID { packedRows.setRelatedInScope(i, scopeIDs.contains(related)) } }
    }

    /// Prices by asset number (a counting sort that keeps the order within an asset), each
    /// asset's sorted by date unless it already is (a stable sort: the last of equal dates wins).
    private mutating func groupPrices() {
        if !seriesRanges.isEmpty {
            if pendingPrices.isEmpty { return seriesPricesGrouped() }
            // Both forms (not met in the store's reads): the series join the single prices.
            for (asset, range) in seriesRanges {
                for i in range { pendingPrices.append((asset, priceDates[i], prices[i])) }
            }
            seriesRanges = []
            priceDates = []
            prices = PackedDecimals()
        }
        var start = [Int](repeating: 0, count: assetIDs.count + 1)
        for p in pendingPrices { start[Int(p.asset) + 1] += 1 }
        for n in 0..<assetIDs.count { start[n + 1] += start[n] }
        var next = start
        var dates = [CalendarDate](repeating: CalendarDate(dayNumber: 0), count: pendingPrices.count)
        var values = [ExactDecimal](repeating: 0, count: pendingPrices.count)
        for p in pendingPrices {
            let slot = next[Int(p.asset)]
            dates[slot] = p.date
            values[slot] = p.price
            next[Int(p.asset)] = slot + 1
        }
        pendingPrices = []
        for n in 0..<assetIDs.count where zip(dates[start[n]..<start[n + 1]], dates[start[n]..<start[n + 1]].dropFirst()).contains(where: { $1 < $0 }) {
            let sorted = zip(dates[start[n]..<start[n + 1]], values[start[n]..<start[n + 1]]).sorted { $0.0 < $1.0 }
            for (k, point) in sorted.enumerated() {
                dates[start[n] + k] = point.0
                values[start[n] + k] = point.1
            }
        }
        priceStart = start
        priceDates = dates
        prices = PackedDecimals(values)
    }

    /// `priceStart` over prices that came only as series, already in place.
    private mutating func seriesPricesGrouped() {
        var start = [Int](repeating: 0, count: assetIDs.count + 1)
        var k = 0, cursor = 0
        for n in 0..<assetIDs.count {
            start[n] = cursor
            if k < seriesRanges.count, Int(seriesRanges[k].asset) == n {
                cursor = seriesRanges[k].range.upperBound
                k += 1
            }
        }
        start[assetIDs.count] = cursor
        seriesRanges = []
        priceStart = start
    }
}

/// Asset ids to dense numbers: small ids (the store's are 1, 2, 3, …) through an array,
/// others through a dictionary.
struct AssetNumbers: Sendable {
    private var small: [Int32] = []
    private var large: [Int64: Int32] = [:]
    private(set) var count: Int32 = 0
    static let smallLimit: Int64 = 1 << 20

    func number(of id: Int64) -> Int32? {
        if id >= 0, id < Int64(small.count) { let n = small[Int(id)]; return n < 0 ? nil : n }
        return id >= 0 && id < Self.smallLimit ? nil : large[id]
    }

    mutating func add(_ id: Int64) -> Int32 {
        let n = count
        count += 1
        if id >= 0, id < Self.smallLimit {
            if id >= Int64(small.count) { small += [Int32](repeating: -1, count: Int(id) + 1 - small.count) }
            small[Int(id)] = n
        } else {
            large[id] = n
        }
        return n
    }
}

extension PerformanceRecords {
    /// The same history from its dictionary form.
    public init(_ input: PerformanceInput) {
        self.init(scope: input.scope, cashAssets: input.cashAssets)
        for assetID in input.transactions.keys.sorted() {
            for t in input.transactions[assetID] ?? [] {
                addTransaction(id: t.id, assetID: t.assetID, type: t.type, date: t.date, quantity: t.quantity, price: t.pricePerUnit,
                               fees: t.fees, sourceAssetID: t.sourceAssetID, relatedID: t.relatedTransactionID)
            }
        }
        for assetID in input.prices.keys.sorted() {
            for p in input.prices[assetID] ?? [] { addPrice(assetID: assetID, date: p.date, price: p.price) }
        }
        finish()
    }
}

/// The rows of `PerformanceRecords`, packed: each row's three decimals as 64-bit units and a
/// byte of scale and sign (a decimal whose units do not fit in 64 bits, or the out-of-range
/// state, is kept whole in `wide` and the row holds its index), the links of the few rows that
/// have one (an income's source, a swap's other half) in `links`. A row read back
/// (`self[i]`) has the same date, id, asset, type, flags and decimals (units, scale and sign)
/// as the one appended.
public struct PackedRows: RandomAccessCollection, Sendable {
    struct Packed: Sendable {
        var quantity: UInt64
        var price: UInt64
        var fees: UInt64
        var id: Int64
        var day: Int
        var asset: Int32
        /// Index in `links`, or −1.
        var link: Int32
        var quantityTag: UInt8
        var priceTag: UInt8
        var feesTag: UInt8
        /// `TransactionType.code`.
        var type: UInt8
        var flags: UInt8
    }

    static let hasID: UInt8 = 1, sourceInScope: UInt8 = 2, relatedInScope: UInt8 = 4
    /// A tag: the scale (0…38), `negative` for a value below zero; `wideTag`: the units hold
    /// an index in `wide`.
    static let negative: UInt8 = 0x40, wideTag: UInt8 = 0xFF

    var packed: [Packed] = []
    private var wide: [ExactDecimal] = []
    private var links: [(sourceAssetID: Int64?, relatedID: Int64?)] = []

    public var startIndex: Int { 0 }
    public var endIndex: Int { packed.count }

    public subscript(i: Int) -> PerformanceRecords.Row {
        let p = packed[i]
        let link: (sourceAssetID: Int64?, relatedID: Int64?) = p.link >= 0 ? links[Int(p.link)] : (nil, nil)
        return PerformanceRecords.Row(
            date: CalendarDate(dayNumber: p.day), id: p.flags & Self.hasID != 0 ? p.id : nil, asset: p.asset, type: TransactionType(code: p.type)!,
            sourceInScope: p.flags & Self.sourceInScope != 0, relatedInScope: p.flags & Self.relatedInScope != 0,
            quantity: decimal(p.quantity, p.quantityTag), price: decimal(p.price, p.priceTag), fees: decimal(p.fees, p.feesTag),
            sourceAssetID: link.sourceAssetID, relatedID: link.relatedID)
    }

    /// Row i's asset number and day, without building its decimals.
    @inline(__always) func assetAndDay(_ i: Int) -> (asset: Int32, day: Int) {
        let p = packed[i]
        return (p.asset, p.day)
    }

    /// Row i's asset number, day and whether a scope asset paid it (`Row.sourceInScope`),
    /// without building its decimals.
    @inline(__always) func assetDayAndSource(_ i: Int) -> (asset: Int32, day: Int, sourceInScope: Bool) {
        let p = packed[i]
        return (p.asset, p.day, p.flags & Self.sourceInScope != 0)
    }

    @inline(__always) private func decimal(_ units: UInt64, _ tag: UInt8) -> ExactDecimal {
        if tag == Self.wideTag { return wide[Int(units)] }
        return ExactDecimal(units: UInt128(units), scale: Int(tag & 0x3F), negative: tag & Self.negative != 0)
    }

    mutating func pack(_ value: ExactDecimal) -> (units: UInt64, tag: UInt8) {
        if !value.isOutOfRange, value.units <= UInt128(UInt64.max) {
            return (UInt64(value.units), value.scale | (value.isNegative ? Self.negative : 0))
        }
        wide.append(value)
        return (UInt64(wide.count - 1), Self.wideTag)
    }

    mutating func append(_ row: PerformanceRecords.Row) {
        let q = pack(row.quantity), p = pack(row.price), f = pack(row.fees)
        let flags = (row.id != nil ? Self.hasID : 0) | (row.sourceInScope ? Self.sourceInScope : 0) | (row.relatedInScope ? Self.relatedInScope : 0)
        append(day: row.date.dayNumber, id: row.id ?? 0, asset: row.asset, type: row.type.code, flags: flags,
               quantity: q.units, quantityTag: q.tag, price: p.units, priceTag: p.tag, fees: f.units, feesTag: f.tag,
               sourceAssetID: row.sourceAssetID, relatedID: row.relatedID)
    }

    /// Appends a row already packed: its decimals' units and tags as `pack` gives them, its
    /// type's `code`, its flags (`hasID`, `sourceInScope`, `relatedInScope`).
    @inline(__always)
    mutating func append(day: Int, id: Int64, asset: Int32, type: UInt8, flags: UInt8, quantity: UInt64, quantityTag: UInt8,
                         price: UInt64, priceTag: UInt8, fees: UInt64, feesTag: UInt8, sourceAssetID: Int64?, relatedID: Int64?) {
        var link: Int32 = -1
        if sourceAssetID != nil || relatedID != nil {
            links.append((sourceAssetID, relatedID))
            link = Int32(links.count - 1)
        }
        packed.append(Packed(quantity: quantity, price: price, fees: fees, id: id, day: day, asset: asset, link: link,
                             quantityTag: quantityTag, priceTag: priceTag, feesTag: feesTag, type: type, flags: flags))
    }

    mutating func reserveCapacity(_ n: Int) { packed.reserveCapacity(n) }

    mutating func setRelatedInScope(_ i: Int, _ inScope: Bool) {
        if inScope { packed[i].flags |= Self.relatedInScope } else { packed[i].flags &= ~Self.relatedInScope }
    }
}

/// Decimals packed as 64-bit units and a byte of scale and sign (9 bytes where an
/// `ExactDecimal` takes 24); one whose units do not fit in 64 bits, or the out-of-range state,
/// is kept whole in `wide` and its units hold its index there. Each reads back the same
/// units, scale and sign.
public struct PackedDecimals: RandomAccessCollection, Equatable, Sendable {
    private var units: [UInt64] = []
    private var tags: [UInt8] = []
    private var wide: [ExactDecimal] = []

    public init() {}

    /// Equal values in the same order (as arrays of decimals compare).
    public static func == (a: PackedDecimals, b: PackedDecimals) -> Bool { a.elementsEqual(b) }

    public init(_ values: [ExactDecimal]) {
        reserveCapacity(values.count)
        append(contentsOf: values)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { units.count }

    @inline(__always) public subscript(i: Int) -> ExactDecimal {
        let tag = tags[i]
        if tag == PackedRows.wideTag { return wide[Int(units[i])] }
        return ExactDecimal(units: UInt128(units[i]), scale: Int(tag & 0x3F), negative: tag & PackedRows.negative != 0)
    }

    public mutating func append(_ value: ExactDecimal) {
        if let (u, tag) = Self.packed(value) {
            units.append(u)
            tags.append(tag)
        } else {
            wide.append(value)
            units.append(UInt64(wide.count - 1))
            tags.append(PackedRows.wideTag)
        }
    }

    public mutating func append<S: Sequence<ExactDecimal>>(contentsOf values: S) {
        for v in values { append(v) }
    }

    public mutating func reserveCapacity(_ n: Int) {
        units.reserveCapacity(n)
        tags.reserveCapacity(n)
    }

    /// `value` as 64-bit units and a tag, nil when it is kept whole in `wide`.
    @inline(__always) static func packed(_ value: ExactDecimal) -> (units: UInt64, tag: UInt8)? {
        guard !value.isOutOfRange, value.units <= UInt128(UInt64.max) else { return nil }
        return (UInt64(value.units), value.scale | (value.isNegative ? PackedRows.negative : 0))
    }

    /// How many values are kept whole.
    var wideCount: Int { wide.count }

    /// Appends values already packed (`packed(_:)`, none of them kept whole), copied at once.
    mutating func append(packedUnits: UnsafeBufferPointer<UInt64>, tags packedTags: UnsafeBufferPointer<UInt8>) {
        units.append(contentsOf: packedUnits)
        tags.append(contentsOf: packedTags)
    }

    /// Back to the first `count` values, of which `wideCount` kept whole (as it was then).
    mutating func truncate(to count: Int, wideCount: Int) {
        units.removeLast(units.count - count)
        tags.removeLast(tags.count - count)
        wide.removeLast(wide.count - wideCount)
    }
}
