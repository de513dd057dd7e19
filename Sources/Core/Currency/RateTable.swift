import Foundation

/// Stored exchange rates, indexed for the conversion rule:
///
/// 1. the same currency converts at 1;
/// 2. otherwise the rate for the date asked, else the latest earlier one (the result says
///    which day it used and whether that is a fallback);
/// 3. a pair is found directly (EUR→USD), inverted (USD→EUR stored, 1 ÷ rate), or as a
///    cross rate through a third currency (EUR→USD→JPY) when neither is stored;
/// 4. among these, the rate from the latest day wins (ties: direct or inverse first);
/// 5. nothing at all is an error naming the pair and the date (`MissingRateError`).
///
///     let table = RateTable([ExchangeRate(base: "USD", quote: "EUR", date: d("2024-03-01"), rate: "0.8")])
///     try table.convert(100, from: "EUR", to: "USD", on: d("2024-03-02"))
///     // 125 USD, at the rate of 2024-03-01 (a fallback for 2024-03-02)
public struct RateTable: Sendable {
    struct Pair: Hashable, Sendable {
        let base: String
        let quote: String
    }

    struct Point: Sendable {
        let date: CalendarDate
        let rate: ExactDecimal
    }

    /// A one-step conversion: a stored rate or its inverse.
    struct Leg {
        let date: CalendarDate
        let numerator: ExactDecimal
        let denominator: ExactDecimal
    }

    private var series: [Pair: [Point]] = [:]
    private var neighbours: [String: Set<String>] = [:]

    /// A table over `rates` (any order; for one pair and date the last one wins).
    public init(_ rates: [ExchangeRate] = []) {
        var byPair: [Pair: [CalendarDate: ExactDecimal]] = [:]
        for r in rates {
            byPair[Pair(base: r.base, quote: r.quote), default: [:]][r.date] = r.rate
            neighbours[r.base, default: []].insert(r.quote)
            neighbours[r.quote, default: []].insert(r.base)
        }
        for (pair, points) in byPair {
            series[pair] = points.map { Point(date: $0.key, rate: $0.value) }.sorted { $0.date < $1.date }
        }
    }

    public var isEmpty: Bool { series.isEmpty }

    /// Every date on which some stored rate involving `code` exists, ascending: the days a
    /// converted value can change without a price change.
    public func dates(involving code: String) -> [CalendarDate] {
        var dates = Set<CalendarDate>()
        for (pair, points) in series where pair.base == code || pair.quote == code { for p in points { dates.insert(p.date) } }
        return dates.sorted()
    }

    /// The rate that converts `from` into `to` for a value on `date`.
    public func rate(from: String, to: String, on date: CalendarDate) throws -> AppliedRate {
        let from = try Currency.normalize(from), to = try Currency.normalize(to)
        if from == to { return .identity(from, on: date) }
        var best: (leg: Leg, via: String?)? = leg(from, to, date).map { ($0, nil) }
        for middle in (neighbours[from] ?? []).intersection(neighbours[to] ?? []).sorted() {
            guard let first = leg(from, middle, date), let second = leg(middle, to, date) else { continue }
            let cross = Leg(date: min(first.date, second.date), numerator: first.numerator * second.numerator,
                            denominator: first.denominator * second.denominator)
            if best == nil || cross.date > best!.leg.date { best = (cross, middle) }
        }
        guard let (leg, via) = best else { throw MissingRateError(from: from, to: to, date: date).violation }
        return AppliedRate(from: from, to: to, requestedDate: date, rateDate: leg.date,
                           numerator: leg.numerator, denominator: leg.denominator, via: via)
    }

    /// `amount` of `from` in `to` on `date`, with the rate used.
    public func convert(_ amount: ExactDecimal, from: String, to: String, on date: CalendarDate) throws -> (amount: ExactDecimal, rate: AppliedRate) {
        let applied = try rate(from: from, to: to, on: date)
        return (applied.convert(amount), applied)
    }

    /// The stored rate base→quote on `date` or the latest earlier day, or its inverse,
    /// whichever is more recent (the direct one on a tie).
    func leg(_ from: String, _ to: String, _ date: CalendarDate) -> Leg? {
        let direct = latest(Pair(base: from, quote: to), onOrBefore: date).map { Leg(date: $0.date, numerator: $0.rate, denominator: 1) }
        let inverse = latest(Pair(base: to, quote: from), onOrBefore: date).map { Leg(date: $0.date, numerator: 1, denominator: $0.rate) }
        guard let inverse else { return direct }
        guard let direct else { return inverse }
        return inverse.date > direct.date ? inverse : direct
    }

    /// Binary search for the last point on or before `date`.
    func latest(_ pair: Pair, onOrBefore date: CalendarDate) -> Point? {
        guard let points = series[pair] else { return nil }
        var low = 0, high = points.count
        while low < high {
            let mid = (low + high) / 2
            if points[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : points[low - 1]
    }
}
