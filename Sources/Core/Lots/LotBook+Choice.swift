import Foundation

/// A sale's choice of lots must name open lots of its holding and add up to what it sells.
extension LotBook {
    public static func choiceTotalMessage(_ total: ExactDecimal, sold: ExactDecimal) -> String {
        "The chosen lots add up to \(total.normalized), not the \(sold.normalized) sold."
    }

    func checkChoice(_ chosen: [LotPick], quantity: ExactDecimal, holding: Int64, on date: CalendarDate) throws {
        let total = chosen.reduce(ExactDecimal(0)) { $0 + $1.quantity }
        guard total == quantity else {
            throw RuleViolation(Self.choiceTotalMessage(total, sold: quantity), rule: .notAllowed, asset: asset, date: date)
        }
        var wanted: [CalendarDate: ExactDecimal] = [:]
        for pick in chosen {
            guard pick.quantity > 0 else {
                throw RuleViolation("A chosen lot's quantity must be greater than zero (the lot of \(pick.acquired): \(pick.quantity)).",
                                    rule: .outOfRange, asset: asset, date: date)
            }
            wanted[pick.acquired, default: 0] = wanted[pick.acquired, default: 0] + pick.quantity
        }
        let open = openLots(holding: holding)
        for (day, units) in wanted.sorted(by: { $0.key < $1.key }) {
            let available = open.filter { $0.acquired == day }.reduce(ExactDecimal(0)) { $0 + $1.quantity }
            if available.isZero {
                let list = open.map { "\($0.acquired) × \($0.quantity.normalized)" }.joined(separator: ", ")
                throw RuleViolation("No open lot of '\(asset)' was acquired on \(day) (open lots on \(date): \(list.isEmpty ? "none" : list)).",
                                    rule: .notAllowed, asset: asset, date: date)
            }
            if available < units {
                throw RuleViolation("Only \(available.normalized) units of '\(asset)' acquired on \(day) are open on \(date), not \(units.normalized).",
                                    rule: .insufficientHoldings, asset: asset, date: date)
            }
        }
    }
}
