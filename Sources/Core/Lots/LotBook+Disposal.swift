import Foundation

/// Units leaving a holding: which lots they close, and what a sale realizes.
extension LotBook {
    /// A part of one lot taken out: its date, units and the cost that left with them.
    struct Taken {
        var acquired: CalendarDate
        var sequence: Int
        var quantity: ExactDecimal
        var cost: ExactDecimal
        var converted: ExactDecimal
        var unitCost: ExactDecimal
    }

    /// A sale: the pieces it closes, each with its share of the proceeds and fees.
    mutating func dispose(_ sale: LotEvent.Disposal) throws {
        let taken = try release(sale.quantity, from: sale.holding, on: sale.date, chosen: sale.chosen)
        let parts = taken.map(\.quantity)
        let proceeds = Self.share(sale.proceeds, by: parts), fees = Self.share(sale.fees, by: parts)
        for (i, piece) in taken.enumerated() {
            let net = proceeds[i] - fees[i]
            realized.append(RealizedPiece(holding: sale.holding, reference: sale.reference, acquired: piece.acquired, sold: sale.date,
                                          quantity: piece.quantity, proceeds: net, fees: fees[i], cost: piece.cost,
                                          convertedProceeds: net * sale.rate, convertedCost: piece.converted, convertedFees: fees[i] * sale.rate))
        }
    }

    /// Lots carried to another platform keep their dates and costs (under `.average` the
    /// units leave at the average cost and arrive with it).
    mutating func move(_ quantity: ExactDecimal, from: Int64, to: Int64, on date: CalendarDate) throws {
        for piece in try release(quantity, from: from, on: date, chosen: []) {
            insert(LotState(acquired: piece.acquired, holding: to, quantity: piece.quantity, cost: piece.cost,
                            converted: piece.converted, sequence: piece.sequence, unitCost: piece.unitCost))
            if method == .average { pools[to, default: Pool()].acquire(piece.quantity, cost: piece.cost, converted: piece.converted) }
        }
    }

    /// Takes `quantity` units out of `holding`'s lots: the `chosen` ones, else in the
    /// method's order. Under `.average` the cost that leaves is the running average's,
    /// shared over the pieces in proportion.
    mutating func release(_ quantity: ExactDecimal, from holding: Int64, on date: CalendarDate, chosen: [LotPick]) throws -> [Taken] {
        let held = self.quantity(holding: holding)
        guard quantity <= held else {
            throw RuleViolation("'\(asset)' has \(held.normalized) units in open lots on \(date), not the \(quantity.normalized) that leave.",
                                rule: .insufficientHoldings, asset: asset, date: date)
        }
        var taken: [Taken] = []
        if method == .specific, !chosen.isEmpty {
            try checkChoice(chosen, quantity: quantity, holding: holding, on: date)
            for pick in chosen { taken += take(pick.quantity, from: holding, in: .acquiredOn(pick.acquired)) }
        } else {
            taken = take(quantity, from: holding, in: method == .lifo ? .back : .front)
        }
        guard method == .average else { return taken }
        let removed = pools[holding, default: Pool()].release(quantity)
        let costs = Self.share(removed.cost, by: taken.map(\.quantity)), converted = Self.share(removed.converted, by: taken.map(\.quantity))
        for i in taken.indices {
            taken[i].cost = costs[i]
            taken[i].converted = converted[i]
        }
        return taken
    }

    /// Where in a holding's book (`precedes` order) the lots leave from.
    enum TakeOrder {
        /// The front: the oldest, or under HIFO the highest cost per unit.
        case front
        /// The back: the newest (LIFO).
        case back
        /// Only lots acquired that day, oldest first.
        case acquiredOn(CalendarDate)
    }

    /// Takes `quantity` units from `holding`'s lots in `order`; emptied lots go.
    mutating func take(_ quantity: ExactDecimal, from holding: Int64, in order: TakeOrder) -> [Taken] {
        var book = books.removeValue(forKey: holding) ?? []
        var left = quantity
        var taken: [Taken] = []
        var emptied = 0
        while left > 0, let i = Self.next(in: book, order) {
            let lot = book[i]
            let units = min(left, lot.quantity)
            let all = units == lot.quantity
            let cost = all ? lot.cost : lot.cost.times(units, dividedBy: lot.quantity)
            let converted = all ? lot.converted : lot.converted.times(units, dividedBy: lot.quantity)
            taken.append(Taken(acquired: lot.acquired, sequence: lot.sequence, quantity: units, cost: cost, converted: converted, unitCost: lot.unitCost))
            book[i].quantity = lot.quantity - units
            book[i].cost = lot.cost - cost
            book[i].converted = lot.converted - converted
            if all { emptied += 1 }
            left = left - units
        }
        switch order {
        case .front: book.removeFirst(emptied)  // the emptied lots are the first ones
        case .back: book.removeLast(emptied)
        default: if emptied > 0 { book.removeAll { $0.quantity <= 0 } }
        }
        if !book.isEmpty { books[holding] = book }
        held[holding] = held[holding, default: 0] - (quantity - left)
        return taken
    }

    /// The next lot to take from in `order`: one that still has units.
    static func next(in book: [LotState], _ order: TakeOrder) -> Int? {
        switch order {
        case .front: book.firstIndex { $0.quantity > 0 }
        case .back: book.lastIndex { $0.quantity > 0 }
        case .acquiredOn(let day): book.firstIndex { $0.acquired == day && $0.quantity > 0 }
        }
    }
}
