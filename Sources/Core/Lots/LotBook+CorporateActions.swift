import Foundation

/// Corporate actions and conversions that carry lots from one holding to another with their
/// acquisition dates: exchanges (a swap that is a move, a share-class conversion, a merger)
/// and spin-offs.
extension LotBook {
    /// `quantity` units of `from` become `received` units of `to`: the lots leave in the
    /// method's order (as a move's do) and arrive with their dates and costs, each with its
    /// share of `received` in proportion to its units (the last takes the rest, so the total
    /// is exact). Under `.average` the cost that leaves is the running average's.
    mutating func exchange(_ quantity: ExactDecimal, from: Int64, to: Int64, received: ExactDecimal, on date: CalendarDate) throws {
        let taken = try release(quantity, from: from, on: date, chosen: [])
        let units = Self.share(received, by: taken.map(\.quantity))
        for (i, piece) in taken.enumerated() where units[i] > 0 {
            insert(LotState(acquired: piece.acquired, holding: to, quantity: units[i], cost: piece.cost, converted: piece.converted,
                            sequence: piece.sequence, unitCost: piece.cost / units[i]))
            if method == .average { pools[to, default: Pool()].acquire(units[i], cost: piece.cost, converted: piece.converted) }
        }
    }

    /// A spin-off: every lot of `from` keeps its units and gives `fraction` of its cost to a
    /// new lot of `to` of the same date, whose units are its share of `received`. Under
    /// `.average` the running average's cost basis gives the same fraction (`Position`).
    mutating func spinOff(from: Int64, to: Int64, received: ExactDecimal, fraction: ExactDecimal) {
        var book = books[from] ?? []
        guard !book.isEmpty else { return }
        let units = Self.share(received, by: book.map(\.quantity))
        var children: [LotState] = []
        for i in book.indices {
            let cost = book[i].cost * fraction, converted = book[i].converted * fraction
            book[i].cost = book[i].cost - cost
            book[i].converted = book[i].converted - converted
            book[i].unitCost = book[i].unitCost - book[i].unitCost * fraction  // the same ratio for every lot: HIFO's order holds
            if units[i] > 0 {
                children.append(LotState(acquired: book[i].acquired, holding: to, quantity: units[i], cost: cost, converted: converted,
                                         sequence: book[i].sequence, unitCost: cost / units[i]))
            }
        }
        books[from] = book
        for child in children { insert(child) }
        guard method == .average else { return }
        var parent = pools[from, default: Pool()]
        let cost = parent.quantity > 0 ? parent.cost * fraction : 0, converted = parent.quantity > 0 ? parent.converted * fraction : 0
        parent.cost = parent.cost - cost
        parent.converted = parent.converted - converted
        pools[from] = parent
        if to != from, received > 0 { pools[to, default: Pool()].acquire(received, cost: cost, converted: converted) }
    }
}
