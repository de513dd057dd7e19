import Foundation

/// The one place today's transaction types become lot events (new types are mapped here).
///
/// - buy, dividend, interest, transfer in: a lot at quantity × price (+ fees), as
///   `Position` counts them;
/// - sell: a disposal (with its stored choice of lots, if any);
/// - transfer out: units leave without a gain; a transfer out linked to a transfer in of
///   another asset (`relatedTransactionID`) is a move between platforms (`MoveUnits`): the
///   lots keep their dates; with another quantity on the way in (a swap that is a move, a
///   merger) it is an exchange: the lots keep their dates and costs and share the new units;
/// - spin-off (the parent's half) linked to a transfer in of the new asset: every lot gives
///   the stated fraction of its cost to a new lot of the same date;
/// - stock dividend: a new lot at zero cost, dated that day;
/// - adjustment: up at the average cost, down like a transfer out;
/// - split (also a reverse split): the holding's lots share the new quantity, dates and
///   costs kept; fee and tax paid in units: units leave like a transfer out.
public enum LotEvents {
    /// The events of `transactions` (any assets; sorted here by date, then id).
    /// `rate(currency, date)` converts the transaction's currency into the reporting one.
    public static func from(_ transactions: [Transaction], choices: [Int64: [LotPick]] = [:],
                            rate: (String, CalendarDate) throws -> ExactDecimal) throws -> [LotEvent] {
        let sorted = transactions.chronological()
        let byID = Dictionary(sorted.compactMap { t in t.id.map { ($0, t) } }, uniquingKeysWith: { a, _ in a })
        var events: [LotEvent] = []
        var moved = Set<Int64>()
        for t in sorted {
            if let id = t.id, moved.contains(id) { continue }
            if let other = movePartner(of: t, in: byID) {
                moved.insert(other.id!)
                events.append(linked(t, other))
                continue
            }
            events.append(try event(for: t, choices: choices, rate: rate))
        }
        return events
    }

    /// The other half of a transfer between two assets: a transfer out (or a spin-off's
    /// parent half) and a transfer in linked to each other.
    static func movePartner(of t: Transaction, in byID: [Int64: Transaction]) -> Transaction? {
        guard t.type.linksLots, let related = t.relatedTransactionID, let other = byID[related], other.assetID != t.assetID else { return nil }
        let leaving: Set<TransactionType> = [.transferOut, .spinOff]
        let pair = leaving.contains(t.type) ? other.type == .transferIn : (t.type == .transferIn && leaving.contains(other.type))
        return pair ? other : nil
    }

    /// The event of a linked pair: a move (the same units), an exchange (other units) or a
    /// spin-off.
    static func linked(_ t: Transaction, _ other: Transaction) -> LotEvent {
        let (from, to) = t.type == .transferIn ? (other, t) : (t, other)
        if from.type == .spinOff {
            return .spinOff(date: t.date, from: from.assetID, to: to.assetID, received: to.quantity, fraction: from.quantity)
        }
        if from.quantity == to.quantity { return .move(date: t.date, from: from.assetID, to: to.assetID, quantity: from.quantity) }
        return .exchange(date: t.date, from: from.assetID, to: to.assetID, quantity: from.quantity, received: to.quantity)
    }

    static func event(for t: Transaction, choices: [Int64: [LotPick]], rate: (String, CalendarDate) throws -> ExactDecimal) throws -> LotEvent {
        let q = t.quantity
        switch t.type {
        case .buy, .transferIn, .dividend, .interest:
            let cost = q * t.pricePerUnit
            return .acquire(date: t.date, holding: t.assetID, quantity: q, cost: t.fees.isZero ? cost : cost + t.fees, rate: try rate(t.currency, t.date))
        case .sell:
            return .dispose(LotEvent.Disposal(date: t.date, holding: t.assetID, quantity: q, proceeds: q * t.pricePerUnit, fees: t.fees,
                                              rate: try rate(t.currency, t.date), chosen: t.id.flatMap { choices[$0] } ?? [], reference: t.id))
        case .transferOut, .fee, .tax:
            return .remove(date: t.date, holding: t.assetID, quantity: q)
        case .split:
            return .splitUnits(date: t.date, holding: t.assetID, change: q)
        case .stockDividend:
            return .stockDividend(date: t.date, holding: t.assetID, quantity: q)
        case .spinOff:
            // A parent half whose new asset's half is missing: the cost leaves, as `Position` has it.
            return .spinOff(date: t.date, from: t.assetID, to: t.assetID, received: 0, fraction: q)
        case .adjustment:
            if q < 0 { return .remove(date: t.date, holding: t.assetID, quantity: -q) }
            return .adjust(date: t.date, holding: t.assetID, quantity: q, price: t.pricePerUnit, rate: try rate(t.currency, t.date))
        }
    }
}
