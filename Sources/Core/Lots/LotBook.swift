import Foundation

/// The lot engine: folds `LotEvent`s in date order into open lots and realized pieces under
/// one `LotMethod`. Pure and computed on demand: lots are a view of the history, never
/// stored (only a sale's choice of lots is).
///
///     var book = LotBook(method: .fifo, asset: "ACME")
///     try book.apply(.acquire(date: d("2024-01-05"), holding: 1, quantity: 10, cost: 1000, rate: 1))
///     try book.apply(.acquire(date: d("2024-02-05"), holding: 1, quantity: 10, cost: 1200, rate: 1))
///     try book.apply(.dispose(.init(date: d("2024-03-01"), holding: 1, quantity: 15, proceeds: 1950)))
///     // realized: 10 of 2024-01-05 (gain 300) and 5 of 2024-02-05 (gain 50); open: 5 of 2024-02-05 at 600
///
/// Under `.average` the holding's cost is the running average of `Position` (the same
/// arithmetic, so the realized totals agree to the last digit); lots keep their dates and
/// quantities, the oldest leaving first, and share that cost in proportion.
public struct LotBook: Sendable {
    public let method: LotMethod
    /// The asset's name, for messages.
    public let asset: String
    /// Each holding's open lots in the order the method sells them (`precedes`): by
    /// acquisition date, then arrival (HIFO: by cost per unit first), so a sale takes from
    /// the front (LIFO: the back) without sorting again.
    var books: [Int64: [LotState]] = [:]
    /// Units open per holding.
    var held: [Int64: ExactDecimal] = [:]
    /// The running average per holding (method `.average` only).
    var pools: [Int64: Pool] = [:]
    var nextSequence = 0
    public internal(set) var realized: [RealizedPiece] = []

    struct LotState {
        var acquired: CalendarDate
        var holding: Int64
        var quantity: ExactDecimal
        var cost: ExactDecimal
        var converted: ExactDecimal
        /// Order of arrival: ties between lots of one day go oldest first.
        var sequence: Int
        /// cost ÷ quantity when the lot arrived (HIFO's order; a partial sale keeps it).
        var unitCost: ExactDecimal = 0
    }

    /// Units and what they cost, as `Position` keeps them (and the converted cost beside).
    struct Pool {
        var quantity: ExactDecimal = 0
        var cost: ExactDecimal = 0
        var converted: ExactDecimal = 0
    }

    public init(method: LotMethod, asset: String = "") {
        self.method = method
        self.asset = asset
    }

    /// The book after `events` (in date order; ties in the order given).
    public static func of(_ events: [LotEvent], method: LotMethod, asset: String = "") throws -> LotBook {
        var book = LotBook(method: method, asset: asset)
        for event in events { try book.apply(event) }
        return book
    }

    /// Applies one event.
    public mutating func apply(_ event: LotEvent) throws {
        switch event {
        case let .acquire(date, holding, quantity, cost, rate):
            add(acquired: date, holding: holding, quantity: quantity, cost: cost, converted: cost * rate)
        case let .transferIn(_, holding, quantity, cost, acquired, rate):
            add(acquired: acquired, holding: holding, quantity: quantity, cost: cost, converted: cost * rate)
        case let .stockDividend(date, holding, quantity):
            add(acquired: date, holding: holding, quantity: quantity, cost: 0, converted: 0)
        case let .adjust(date, holding, quantity, price, rate):
            let (cost, converted) = adjustmentCost(holding: holding, quantity: quantity, price: price, rate: rate)
            add(acquired: date, holding: holding, quantity: quantity, cost: cost, converted: converted)
        case .dispose(let sale):
            try dispose(sale)
        case let .remove(date, holding, quantity):
            _ = try release(quantity, from: holding, on: date, chosen: [])
        case let .move(date, from, to, quantity):
            try move(quantity, from: from, to: to, on: date)
        case let .exchange(date, from, to, quantity, received):
            try exchange(quantity, from: from, to: to, received: received, on: date)
        case let .spinOff(_, from, to, received, fraction):
            spinOff(from: from, to: to, received: received, fraction: fraction)
        case let .splitUnits(date, holding, change):
            splitUnits(holding: holding, change: change, on: date)
        case let .split(_, ratio):
            for key in books.keys {
                for i in books[key]!.indices {
                    books[key]![i].quantity = books[key]![i].quantity * ratio
                    books[key]![i].unitCost = books[key]![i].unitCost / ratio  // the same for every lot: the order holds
                }
                held[key] = held[key, default: 0] * ratio
            }
            for key in pools.keys { pools[key]!.quantity = pools[key]!.quantity * ratio }
        }
    }

    /// A split of one holding by the units it adds: its lots share the new total in
    /// proportion. Units added to a holding with no open lots (a broker that writes a split
    /// as old units out, then new ones in) arrive at zero cost, dated that day.
    private mutating func splitUnits(holding: Int64, change: ExactDecimal, on date: CalendarDate) {
        var book = books[holding] ?? []
        let before = held[holding, default: 0]
        guard before > 0, !book.isEmpty else {
            if change > 0 { add(acquired: date, holding: holding, quantity: change, cost: 0, converted: 0) }
            return
        }
        let shares = Self.share(before + change, by: book.map(\.quantity))
        for i in book.indices {
            book[i].quantity = shares[i]
            // The same ratio for every lot, so HIFO's order holds.
            if shares[i] > 0 { book[i].unitCost = book[i].cost / shares[i] }
        }
        book.removeAll { $0.quantity <= 0 }
        books[holding] = book
        held[holding] = book.reduce(ExactDecimal(0)) { $0 + $1.quantity }
        if method == .average { pools[holding, default: Pool()].quantity += change }
    }

    /// The open lots, oldest first (ties in order of arrival), optionally of one holding.
    public func openLots(holding: Int64? = nil) -> [OpenLot] {
        // A lot split by a move shares its date and arrival with the part left behind: the holding settles the order.
        let open = (holding.map { books[$0] ?? [] } ?? books.values.flatMap { $0 })
            .sorted { ($0.acquired, $0.sequence, $0.holding) < ($1.acquired, $1.sequence, $1.holding) }
        guard method == .average else {
            return open.map { OpenLot(acquired: $0.acquired, holding: $0.holding, quantity: $0.quantity, cost: $0.cost, convertedCost: $0.converted) }
        }
        // Each holding's average cost, shared over its lots in proportion (the last takes the rest).
        var result: [OpenLot] = []
        for key in Set(open.map(\.holding)).sorted() {
            let mine = open.filter { $0.holding == key }
            let pool = pools[key] ?? Pool()
            let costs = Self.share(pool.cost, by: mine.map(\.quantity)), converted = Self.share(pool.converted, by: mine.map(\.quantity))
            for (i, lot) in mine.enumerated() {
                result.append(OpenLot(acquired: lot.acquired, holding: key, quantity: lot.quantity, cost: costs[i], convertedCost: converted[i]))
            }
        }
        return result.enumerated().sorted { ($0.element.acquired, $0.element.holding, $0.offset) < ($1.element.acquired, $1.element.holding, $1.offset) }
            .map(\.element)
    }

    /// Units held in open lots, optionally of one holding.
    public func quantity(holding: Int64? = nil) -> ExactDecimal {
        holding.map { held[$0] ?? 0 } ?? held.values.reduce(0, +)
    }

    // MARK: Arrivals

    mutating func add(acquired: CalendarDate, holding: Int64, quantity: ExactDecimal, cost: ExactDecimal, converted: ExactDecimal) {
        guard quantity > 0 else { return }
        insert(LotState(acquired: acquired, holding: holding, quantity: quantity, cost: cost, converted: converted, sequence: nextSequence))
        nextSequence += 1
        if method == .average { pools[holding, default: Pool()].acquire(quantity, cost: cost, converted: converted) }
    }

    /// Puts a lot into its holding's book at its place (usually the end: history comes in
    /// date order; a transfer in with an older date or a moved lot goes further in).
    mutating func insert(_ arriving: LotState) {
        var lot = arriving
        if lot.unitCost.isZero, lot.quantity > 0 { lot.unitCost = lot.cost / lot.quantity }
        var book = books.removeValue(forKey: lot.holding) ?? []
        if let last = book.last, precedes(lot, last) {
            var low = 0, high = book.count
            while low < high {
                let mid = (low + high) / 2
                if precedes(lot, book[mid]) { high = mid } else { low = mid + 1 }
            }
            book.insert(lot, at: low)
        } else {
            book.append(lot)
        }
        books[lot.holding] = book
        held[lot.holding] = held[lot.holding, default: 0] + lot.quantity
    }

    /// Whether `a` is sold before `b`: the older first (ties: the first to arrive); under
    /// HIFO the higher cost per unit first.
    func precedes(_ a: LotState, _ b: LotState) -> Bool {
        if method == .hifo, a.unitCost != b.unitCost { return a.unitCost > b.unitCost }
        return (a.acquired, a.sequence) < (b.acquired, b.sequence)
    }

    /// An adjustment up adds units at the average cost of what is held (`Position`'s rule).
    func adjustmentCost(holding: Int64, quantity: ExactDecimal, price: ExactDecimal, rate: ExactDecimal) -> (ExactDecimal, ExactDecimal) {
        let pool = method == .average ? (pools[holding] ?? Pool()) : (books[holding] ?? []).reduce(into: Pool()) {
            $0.quantity = $0.quantity + $1.quantity
            $0.cost = $0.cost + $1.cost
            $0.converted = $0.converted + $1.converted
        }
        if pool.quantity.isZero {
            let cost = quantity * price
            return (cost, cost * rate)
        }
        return ((pool.cost / pool.quantity) * quantity, (pool.converted / pool.quantity) * quantity)
    }

    /// `total` shared over `parts` in proportion to them, the last part taking what is left
    /// so the shares add up to `total` exactly. The other shares are rounded to 12 places,
    /// so that adding the pieces back up (totals by term) rounds nothing and gives the sale's
    /// figure to the last digit.
    static func share(_ total: ExactDecimal, by parts: [ExactDecimal]) -> [ExactDecimal] {
        let whole = parts.reduce(0, +)
        var shares: [ExactDecimal] = []
        var left = total
        for (i, part) in parts.enumerated() {
            let piece: ExactDecimal = i == parts.count - 1 ? left : (whole.isZero ? 0 : total.times(part, dividedBy: whole).rounded(places: 12))
            shares.append(piece)
            left = left - piece
        }
        return shares
    }
}

extension LotBook.Pool {
    /// `Position.acquire`: at zero holdings the next purchase starts afresh.
    mutating func acquire(_ units: ExactDecimal, cost: ExactDecimal, converted: ExactDecimal) {
        if quantity <= 0 {
            self.cost = 0
            self.converted = 0
        }
        quantity = quantity + units
        self.cost = self.cost + cost
        self.converted = self.converted + converted
    }

    /// `Position.release`: units leave at the average cost; returns the cost that left.
    mutating func release(_ units: ExactDecimal) -> (cost: ExactDecimal, converted: ExactDecimal) {
        guard quantity > 0 else {
            quantity = quantity - units
            return (0, 0)
        }
        let all = units >= quantity
        let removed = all ? cost : cost.times(units, dividedBy: quantity)
        let removedConverted = all ? converted : converted.times(units, dividedBy: quantity)
        quantity = quantity - units
        cost = quantity <= 0 ? 0 : cost - removed
        converted = quantity <= 0 ? 0 : converted - removedConverted
        return (removed, removedConverted)
    }
}
