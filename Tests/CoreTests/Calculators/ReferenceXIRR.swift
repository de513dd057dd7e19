import Foundation
@testable import Core

/// `Returns.xirr` as it was before issue 14 (a dictionary per day, `exp` for every flow at every
/// rate of the scan), kept as the oracle the faster scan must equal.
enum ReferenceXIRR {
    /// XIRR, as spreadsheets define it: the annual rate r with
    /// Σ amountᵢ ÷ (1 + r)^((dᵢ − d₀) ÷ 365) = 0 (Actual/365), amounts from the investor's
    /// point of view (money put in negative, money taken out or held at the end positive).
    ///
    /// The rate is never guessed from a single start point: the net present value is scanned
    /// over rates from −99.99 % to 100,000 % to bracket every root, each bracket is refined by
    /// Newton's method kept inside it (bisection when a step leaves it), and the result is
    /// rounded to `floatRatePlaces`. No sign change, no root, or several roots are reported as
    /// such. Amounts on the same day are added first.
    ///
    /// Flows spanning less than a year are refused unless `annualizeShortPeriod`.
    ///
    ///     // −10000 (2008-01-01), 2750 (2008-03-01), 4250 (2008-10-30), 3250 (2009-02-15),
    ///     // 2750 (2009-04-01): 0.3733625335
    public static func xirr(_ flows: [CashFlow], annualizeShortPeriod: Bool = false) -> ReturnFigure {
        var byDate: [CalendarDate: ExactDecimal] = [:]
        for flow in flows { byDate[flow.date, default: 0] += flow.amount }
        let netted = byDate.filter { !$0.value.isZero }.sorted { $0.key < $1.key }
        if netted.count < 2 { return .unavailable("fewer than two cash flows (on different days, not netting to zero)") }
        let signs = netted.map { $0.value > 0 }
        let signChanges = zip(signs, signs.dropFirst()).filter { $0 != $1 }.count
        if signChanges == 0 { return .unavailable(Returns.Reason.noSignChange) }
        let first = netted[0].key, last = netted[netted.count - 1].key
        if !annualizeShortPeriod, !Returns.spansAtLeastAYear(from: first, to: last) {
            return .unavailable(Returns.Reason.shorterThanAYear(days: first.days(until: last)))
        }
        let amountsAsFloat = netted.map { Returns.float($0.value) }
        let yearsAsFloat = netted.map { Double(first.days(until: $0.key)) / 365 }
        let npv = NetPresentValue(amounts: amountsAsFloat, years: yearsAsFloat)

        var rootsAsFloat: [Double] = []
        var previous: (rate: Double, npv: Double)?
        for rateAsFloat in Returns.xirrGrid {
            let npvAsFloat = npv.value(at: rateAsFloat)
            guard npvAsFloat.isFinite else { previous = nil; continue }
            if npvAsFloat == 0 {
                rootsAsFloat.append(rateAsFloat)
            } else if let p = previous, p.npv != 0, (p.npv < 0) != (npvAsFloat < 0) {
                rootsAsFloat.append(npv.root(between: p.rate, and: rateAsFloat, lowValue: p.npv))
            }
            previous = (rateAsFloat, npvAsFloat)
        }
        var distinct: [Double] = []
        for root in rootsAsFloat.sorted() where distinct.last.map({ abs($0 - root) > 1e-9 }) ?? true { distinct.append(root) }
        if distinct.isEmpty {
            return .unavailable("no root: no rate between −99.99 % and 100,000 % makes the net present value zero")
        }
        if distinct.count > 1 {
            let list = distinct.compactMap { Returns.decimalRate(fromFloat: $0)?.plainText }.joined(separator: ", ")
            return .unavailable("several roots (\(list)): the cash flows change sign more than once and no single rate describes them")
        }
        guard let rate = Returns.decimalRate(fromFloat: distinct[0]) else { return .unavailable("the rate overflows") }
        return .value(rate)
    }

    /// Σ amountᵢ × (1 + r)^(−yearsᵢ) and its derivative: binary floating point throughout,
    /// for the fractional powers; only the final rate becomes a decimal.
    struct NetPresentValue {
        let amounts: [Double]
        let years: [Double]

        func value(at rate: Double) -> Double {
            let logGrowth = Foundation.log1p(rate)
            var sum = 0.0
            for i in amounts.indices { sum += amounts[i] * Foundation.exp(-years[i] * logGrowth) }
            return sum
        }

        func derivative(at rate: Double) -> Double {
            let logGrowth = Foundation.log1p(rate)
            var sum = 0.0
            for i in amounts.indices { sum -= years[i] * amounts[i] * Foundation.exp(-(years[i] + 1) * logGrowth) }
            return sum
        }

        /// The root inside [low, high] (values of opposite signs): Newton steps, replaced by
        /// bisection whenever a step would leave the bracket.
        func root(between low: Double, and high: Double, lowValue: Double) -> Double {
            var lo = low, hi = high
            let loNegative = lowValue < 0
            var x = (lo + hi) / 2
            for _ in 0..<200 {
                let fx = value(at: x)
                if fx == 0 { return x }
                if (fx < 0) == loNegative { lo = x } else { hi = x }
                let slope = derivative(at: x)
                var next = slope != 0 && slope.isFinite ? x - fx / slope : .nan
                if !(next > lo && next < hi) { next = (lo + hi) / 2 }
                if abs(next - x) < 1e-15 * max(1, abs(x)) || hi - lo < 1e-15 { return next }
                x = next
            }
            return x
        }
    }
}
