import Foundation

/// One thing that happens to an asset's lots, in the lot engine's own terms (so new
/// transaction types map into it without changing the engine: `LotEvents.from`).
///
/// `holding` says where the units are (an asset id: one security on one platform); a
/// `move` carries lots from one holding to another with their dates and costs. Amounts are
/// in the asset's currency; `rate` converts them into the reporting currency on the day of
/// the event (1 when they are the same).
public enum LotEvent: Equatable, Sendable {
    /// Units bought (or received as income at a value): a new lot dated `date` at `cost`
    /// (fees included).
    case acquire(date: CalendarDate, holding: Int64, quantity: ExactDecimal, cost: ExactDecimal, rate: ExactDecimal)
    /// Units sold: closes lots (by the method, or by `chosen`), realizing
    /// proceeds − fees − cost per piece; fees are shared in proportion to the quantity.
    case dispose(Disposal)
    /// Units leaving to somewhere untracked (a transfer out, an adjustment down): closes
    /// lots like a sale but realizes nothing.
    case remove(date: CalendarDate, holding: Int64, quantity: ExactDecimal)
    /// An adjustment up: units at the holding's average cost (at `price` when it holds
    /// nothing), dated `date`.
    case adjust(date: CalendarDate, holding: Int64, quantity: ExactDecimal, price: ExactDecimal, rate: ExactDecimal)
    /// Units moved between platforms: the lots keep their acquisition dates and costs.
    case move(date: CalendarDate, from: Int64, to: Int64, quantity: ExactDecimal)
    /// Units of one holding exchanged for `received` units of another that is the same
    /// economic holding (a swap recorded as a move, a share-class conversion, a merger): the
    /// lots leave as a sale would take them and arrive keeping their dates and costs, each
    /// with its share of `received`.
    case exchange(date: CalendarDate, from: Int64, to: Int64, quantity: ExactDecimal, received: ExactDecimal)
    /// A spin-off: `received` units of a new holding `to`, and `fraction` of every lot's cost
    /// in `from` moved to them. Each lot of `from` keeps its units and gives the new holding
    /// a lot of the same date (its share of `received`, in proportion to its units).
    case spinOff(date: CalendarDate, from: Int64, to: Int64, received: ExactDecimal, fraction: ExactDecimal)
    /// A split (ratio 2: each unit becomes 2; a reverse split 1:10 has ratio 0.1) of every
    /// holding: quantities × ratio, costs unchanged, dates kept.
    case split(date: CalendarDate, ratio: ExactDecimal)
    /// A split of one holding written as the units it adds (negative: takes away), as the
    /// `split` transaction stores it: its lots share the new quantity in proportion to their
    /// own (the last takes the rest, so the total is exact); costs and dates are unchanged.
    case splitUnits(date: CalendarDate, holding: Int64, change: ExactDecimal)
    /// New units at zero cost, dated the day they arrive.
    case stockDividend(date: CalendarDate, holding: Int64, quantity: ExactDecimal)
    /// Units arriving with their history: a lot dated `acquired` at `cost` (in the
    /// reporting currency at `rate`).
    case transferIn(date: CalendarDate, holding: Int64, quantity: ExactDecimal, cost: ExactDecimal, acquired: CalendarDate, rate: ExactDecimal)

    /// A sale of `quantity` units for `proceeds` (before fees).
    public struct Disposal: Equatable, Sendable {
        public var date: CalendarDate
        public var holding: Int64
        public var quantity: ExactDecimal
        public var proceeds: ExactDecimal
        public var fees: ExactDecimal
        public var rate: ExactDecimal
        /// The lots the sale names (method "specific"); empty: the oldest first.
        public var chosen: [LotPick]
        /// The transaction it comes from, named by the pieces it realizes.
        public var reference: Int64?

        public init(date: CalendarDate, holding: Int64, quantity: ExactDecimal, proceeds: ExactDecimal, fees: ExactDecimal = 0,
                    rate: ExactDecimal = 1, chosen: [LotPick] = [], reference: Int64? = nil) {
            self.date = date
            self.holding = holding
            self.quantity = quantity
            self.proceeds = proceeds
            self.fees = fees
            self.rate = rate
            self.chosen = chosen
            self.reference = reference
        }
    }

    /// The day it happens.
    public var date: CalendarDate {
        switch self {
        case .acquire(let date, _, _, _, _), .remove(let date, _, _), .adjust(let date, _, _, _, _), .move(let date, _, _, _), .exchange(let date, _, _, _, _), .spinOff(let date, _, _, _, _),
             .split(let date, _), .splitUnits(let date, _, _), .stockDividend(let date, _, _), .transferIn(let date, _, _, _, _, _): date
        case .dispose(let d): d.date
        }
    }
}

/// Part of a sale's choice of lots: `quantity` units of the lot(s) acquired on `acquired`.
public struct LotPick: Equatable, Hashable, Sendable {
    public var acquired: CalendarDate
    public var quantity: ExactDecimal

    public init(acquired: CalendarDate, quantity: ExactDecimal) {
        self.acquired = acquired
        self.quantity = quantity
    }
}
