import Foundation

extension Returns {
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
        xirr(netted: dailyNet(flows), annualizeShortPeriod: annualizeShortPeriod)
    }

    /// The same over flows read in place (`InvestorFlows`: a performance report's, without
    /// a copy of its 100,000 flows).
    static func xirr<Flows: RandomAccessCollection<CashFlow>>(_ flows: Flows, annualizeShortPeriod: Bool = false) -> ReturnFigure {
        xirr(netted: dailyNet(flows), annualizeShortPeriod: annualizeShortPeriod)
    }

    /// The same from flows already added up per day (`dailyNet`'s form).
    static func xirr(netted: [(date: CalendarDate, value: ExactDecimal)], annualizeShortPeriod: Bool) -> ReturnFigure {
        if netted.count < 2 { return .unavailable("fewer than two cash flows (on different days, not netting to zero)") }
        let signs = netted.map { $0.value > 0 }
        let signChanges = zip(signs, signs.dropFirst()).filter { $0 != $1 }.count
        if signChanges == 0 { return .unavailable(Reason.noSignChange) }
        let first = netted[0].date, last = netted[netted.count - 1].date
        if !annualizeShortPeriod, !spansAtLeastAYear(from: first, to: last) {
            return .unavailable(Reason.shorterThanAYear(days: first.days(until: last)))
        }
        let days = netted.map { first.days(until: $0.date) }
        let npv = NetPresentValue(amounts: netted.map { float($0.value) }, days: days)

        var rootsAsFloat: [Double] = []
        var previous: (rate: Double, npv: Double)?
        let estimates = npv.estimates(at: xirrGrid)
        for (k, rateAsFloat) in xirrGrid.enumerated() {
            let npvAsFloat = estimates[k]  // its sign, zero and finiteness are value(at:)'s
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
            let list = distinct.compactMap { decimalRate(fromFloat: $0)?.plainText }.joined(separator: ", ")
            return .unavailable("several roots (\(list)): the cash flows change sign more than once and no single rate describes them")
        }
        guard let rate = decimalRate(fromFloat: distinct[0]) else { return .unavailable("the rate overflows") }
        return .value(rate)
    }

    /// The flows added up per day (in their order within a day), days whose sum is zero left
    /// out, in date order. A sort that keeps the order of equal dates instead of a dictionary:
    /// a performance report's flows come in date order already.
    static func dailyNet<Flows: RandomAccessCollection<CashFlow>>(_ flows: Flows) -> [(date: CalendarDate, value: ExactDecimal)] {
        if zip(flows, flows.dropFirst()).contains(where: { $1.date < $0.date }) {
            return dailyNetInOrder(flows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element))
        }
        return dailyNetInOrder(flows)
    }

    private static func dailyNetInOrder<Flows: RandomAccessCollection<CashFlow>>(_ ordered: Flows) -> [(date: CalendarDate, value: ExactDecimal)] {
        var result: [(date: CalendarDate, value: ExactDecimal)] = []
        var i = ordered.startIndex
        while i != ordered.endIndex {
            let date = ordered[i].date
            var sum = ExactDecimal.zero
            while i != ordered.endIndex, ordered[i].date == date { sum += ordered[i].amount; ordered.formIndex(after: &i) }
            if !sum.isZero { result.append((date, sum)) }
        }
        return result
    }

    /// Rates at which the net present value is sampled to bracket roots: dense near 0.
    static let xirrGrid: [Double] = {
        var rates: [Double] = [-0.9999, -0.999, -0.995]
        var r = -0.99
        while r < 1.0 { rates.append(r); r += 0.005 }
        r = 1.0
        while r < 10 { rates.append(r); r += 0.05 }
        rates += [10, 15, 20, 30, 50, 100, 200, 500, 1000]
        return rates
    }()

    /// Σ amountᵢ × (1 + r)^(−yearsᵢ) and its derivative: binary floating point throughout,
    /// for the fractional powers; only the final rate becomes a decimal.
    struct NetPresentValue {
        let amounts: [Double]
        let years: [Double]
        /// Whole days from the first flow, ascending (years = days ÷ 365).
        let days: [Int]

        init(amounts: [Double], days: [Int]) {
            self.amounts = amounts
            self.days = days
            years = days.map { Double($0) / Returns.daysPerYear }
        }

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

        /// A stand-in for `value(at:)` with its sign, and zero or not finite exactly when it
        /// is, at a fraction of its cost (the scan for roots evaluates ~600 rates).
        ///
        /// The discount factors (1 + r)^(−days ÷ 365) are taken as powers of one factor per day,
        /// multiplied along the ascending days, instead of an `exp` each. The relative error of
        /// each factor, against `value(at:)`'s, is below `bound` ε per unit of days, of flows and
        /// of exponent; with both sums' own rounding (n ε each), the two sums differ by less than
        /// `bound` × Σ|terms|. Farther from zero than that, the estimate has `value(at:)`'s sign;
        /// otherwise (near a root, near the ends of the double range) it is `value(at:)` itself.
        func estimate(at rate: Double) -> Double {
            let logGrowth = Foundation.log1p(rate)
            let daily = Foundation.exp(-logGrowth / 365)
            // daily^1 … daily^7 (gaps between flows are mostly a day or a weekend), by `pow`
            // each so that none carries more than its one rounding.
            let shortSteps = (0...7).map { Foundation.pow(daily, Double($0)) }
            var factor = 1.0
            var previousDay = 0
            var sum = 0.0, magnitude = 0.0
            for i in amounts.indices {
                let step = days[i] - previousDay
                if step > 0 {
                    factor *= step < shortSteps.count ? shortSteps[step] : Foundation.pow(daily, Double(step))
                    previousDay = days[i]
                }
                let term = amounts[i] * factor
                sum += term
                magnitude += Swift.abs(term)
            }
            return decided(sum: sum, magnitude: magnitude, factor: factor, logGrowth: logGrowth, daily: daily, rate: rate)
        }

        /// `estimate(at:)` at each of `rates`, four rates at a time: the flows' loop carries
        /// four factors, sums and magnitudes side by side (`SIMD4`), each lane doing exactly
        /// the operations `estimate(at:)` does for its rate (the days' steps are the same for
        /// every rate; each lane's powers are its own), so each result is the same double.
        /// One pass over the flows for four rates instead of four (issue 27: XIRR's scan of
        /// 590 rates was 60 M instructions of a first `af.performance{}`).
        func estimates(at rates: [Double]) -> [Double] {
            var results: [Double] = []
            results.reserveCapacity(rates.count)
            var start = 0
            while start < rates.count {
                let lanes = Swift.min(4, rates.count - start)
                var rate = SIMD4<Double>(repeating: rates[start]), logGrowth = SIMD4<Double>(), daily = SIMD4<Double>()
                for l in 0..<lanes { rate[l] = rates[start + l] }
                for l in 0..<4 {
                    logGrowth[l] = Foundation.log1p(rate[l])
                    daily[l] = Foundation.exp(-logGrowth[l] / 365)
                }
                let shortSteps: [SIMD4<Double>] = (0...7).map { k in
                    var powers = SIMD4<Double>()
                    for l in 0..<4 { powers[l] = Foundation.pow(daily[l], Double(k)) }
                    return powers
                }
                var factor = SIMD4<Double>(repeating: 1), sum = SIMD4<Double>(), magnitude = SIMD4<Double>()
                var previousDay = 0
                amounts.withUnsafeBufferPointer { amounts in
                    days.withUnsafeBufferPointer { days in
                        for i in 0..<amounts.count {
                            let step = days[i] - previousDay
                            if step > 0 {
                                if step < shortSteps.count {
                                    factor *= shortSteps[step]
                                } else {
                                    var powers = SIMD4<Double>()
                                    for l in 0..<4 { powers[l] = Foundation.pow(daily[l], Double(step)) }
                                    factor *= powers
                                }
                                previousDay = days[i]
                            }
                            let term = amounts[i] * factor
                            sum += term
                            magnitude += term.replacing(with: -term, where: term .< 0)  // |term|, lane by lane
                        }
                    }
                }
                for l in 0..<lanes {
                    results.append(decided(sum: sum[l], magnitude: magnitude[l], factor: factor[l], logGrowth: logGrowth[l],
                                           daily: daily[l], rate: rate[l]))
                }
                start += lanes
            }
            return results
        }

        /// The estimate's sum when it is certainly on the side of zero `value(at:)` is, else
        /// `value(at:)` itself (see `estimate(at:)`).
        private func decided(sum: Double, magnitude: Double, factor: Double, logGrowth: Double, daily: Double, rate: Double) -> Double {
            let n = Double(amounts.count), lastDay = Double(days.last ?? 0)
            let perFactor = lastDay * (1 + 2.5 * Swift.abs(logGrowth) / 365) + 2 * n + 2
            let bound = 2 * (perFactor + 2 * (n + 2)) * Double.ulpOfOne
            let safe = logGrowth.isFinite && daily.isFinite && perFactor * Double.ulpOfOne < 1e-6
                && factor > 1e-280 && factor < 1e280 && magnitude < 1e300 && Swift.abs(sum) > bound * magnitude
            return safe ? sum : value(at: rate)
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

extension Returns {
    /// `dailyNet` of a performance report's investor flows (`InvestorFlows`: −start on `from`,
    /// the flows negated, +end on `to`), from its TWR sub-periods instead of its 100,000 flows
    /// (issue 27): in a report every flow's date is a boundary, so a sub-period's flow is the
    /// sum of its end day's flows, added in their order from zero, as `dailyNet` adds them.
    /// Negating a sum negates each term's rounding alike (the arithmetic is symmetric in the
    /// sign), and the end value comes after the last day's flows. The same days and values
    /// (a test compares); `periods` must cover `from`…`to` with each flow's date a boundary.
    static func investorDailyNet(from: CalendarDate, startValue: ExactDecimal, periods: [SubPeriod],
                                 endValue: ExactDecimal) -> [(date: CalendarDate, value: ExactDecimal)] {
        var result: [(date: CalendarDate, value: ExactDecimal)] = []
        let start = ExactDecimal.zero + -startValue
        if !start.isZero { result.append((from, start)) }
        for (k, period) in periods.enumerated() {
            var sum = -period.flow
            if k == periods.count - 1 { sum += endValue }
            if !sum.isZero { result.append((period.to, sum)) }
        }
        return result
    }
}

/// A performance report's flows as the investor sees them, read in place: the start value
/// (−), the scope's flows negated (money put in is paid by the investor), the end value (+).
struct InvestorFlows: RandomAccessCollection {
    let start: CashFlow
    let flows: [CashFlow]
    let end: CashFlow

    var startIndex: Int { 0 }
    var endIndex: Int { flows.count + 2 }

    subscript(i: Int) -> CashFlow {
        if i == 0 { return start }
        if i == flows.count + 1 { return end }
        let f = flows[i - 1]
        return CashFlow(date: f.date, amount: -f.amount)
    }
}
