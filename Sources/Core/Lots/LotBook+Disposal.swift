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
                                          convertedProceeds: net * sale.rate, convertedCost: piece.converted))
        }
    }

    /// Lots carried to another platform keep their dates and costs (under `.average` the
    /// units leave at the average cost and arrive with it).
    mutating func move(_ quantity: ExactDecimal, from: Int64, to: Int64, on date: CalendarDate) throws {
        for piece in try release(quantity, from: from, on: date, chosen: []) {
            lots.append(LotState(acquired: piece.acquired, holding: to, quantity: piece.quantity, cost: piece.cost,
                                 converted: piece.converted, sequence: piece.sequence))
            if method == .average { pools[to, default: Pool()].acquire(piece.quantity, cost: piece.cost, converted: piece.converted) }
        }
        lots.sort { $0.sequence < $1.sequence }
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
            for pick in chosen { taken += take(pick.quantity, from: order(holding) { $0.acquired == pick.acquired }) }
        } else {
            taken = take(quantity, from: order(holding) { _ in true })
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

    /// Indices of `holding`'s lots that pass `filter`, in the order the method sells them.
    func order(_ holding: Int64, _ filter: (LotState) -> Bool) -> [Int] {
        let mine = lots.indices.filter { lots[$0].holding == holding && filter(lots[$0]) }
        switch method {
        case .lifo:
            return mine.sorted { (lots[$0].acquired, lots[$0].sequence) > (lots[$1].acquired, lots[$1].sequence) }
        case .hifo:
            return mine.sorted { a, b in
                let x = lots[a], y = lots[b]
                let left = x.cost * y.quantity, right = y.cost * x.quantity  // cost per unit, compared without dividing
                return left != right ? left > right : (x.acquired, x.sequence) < (y.acquired, y.sequence)
            }
        case .fifo, .average, .specific:
            return mine.sorted { (lots[$0].acquired, lots[$0].sequence) < (lots[$1].acquired, lots[$1].sequence) }
        }
    }

    /// Takes `quantity` units from the lots at `indices`, in that order; emptied lots go.
    mutating func take(_ quantity: ExactDecimal, from indices: [Int]) -> [Taken] {
        var left = quantity
        var taken: [Taken] = []
        for i in indices where left > 0 {
            let lot = lots[i]
            let units = min(left, lot.quantity)
            let all = units == lot.quantity
            let cost = all ? lot.cost : lot.cost * units / lot.quantity
            let converted = all ? lot.converted : lot.converted * units / lot.quantity
            taken.append(Taken(acquired: lot.acquired, sequence: lot.sequence, quantity: units, cost: cost, converted: converted))
            lots[i].quantity = lot.quantity - units
            lots[i].cost = lot.cost - cost
            lots[i].converted = lot.converted - converted
            left = left - units
        }
        lots.removeAll { $0.quantity <= 0 }
        return taken
    }
}
