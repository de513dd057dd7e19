import Foundation

/// The one place today's transaction types become lot events (new types are mapped here).
///
/// - buy, dividend, interest, transfer in: a lot at quantity × price (+ fees), as
///   `Position` counts them;
/// - sell: a disposal (with its stored choice of lots, if any);
/// - transfer out: units leave without a gain; a transfer out linked to a transfer in of
///   another asset (`relatedTransactionID`) is a move between platforms: the lots keep
///   their dates;
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
                let (from, to) = t.type == .transferOut ? (t, other) : (other, t)
                events.append(.move(date: t.date, from: from.assetID, to: to.assetID, quantity: from.quantity))
                continue
            }
            events.append(try event(for: t, choices: choices, rate: rate))
        }
        return events
    }

    /// The other half of a transfer between two assets: a transfer out and a transfer in
    /// linked to each other.
    static func movePartner(of t: Transaction, in byID: [Int64: Transaction]) -> Transaction? {
        guard t.type == .transferOut || t.type == .transferIn, let related = t.relatedTransactionID, let other = byID[related],
              other.assetID != t.assetID, other.type == (t.type == .transferOut ? .transferIn : .transferOut) else { return nil }
        return other
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
        case .adjustment:
            if q < 0 { return .remove(date: t.date, holding: t.assetID, quantity: -q) }
            return .adjust(date: t.date, holding: t.assetID, quantity: q, price: t.pricePerUnit, rate: try rate(t.currency, t.date))
        }
    }
}
