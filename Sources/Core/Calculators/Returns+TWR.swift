import Foundation

extension Returns {
    /// One sub-period of a time-weighted return: the values at the end of `from` and of `to`,
    /// and the net flow into the scope during (from, to] (flows at the end of their day).
    public struct SubPeriod: Equatable, Sendable {
        public var from: CalendarDate
        public var to: CalendarDate
        public var startValue: ExactDecimal
        public var endValue: ExactDecimal
        public var flow: ExactDecimal

        public init(from: CalendarDate, to: CalendarDate, startValue: ExactDecimal, endValue: ExactDecimal, flow: ExactDecimal) {
            self.from = from
            self.to = to
            self.startValue = startValue
            self.endValue = endValue
            self.flow = flow
        }

        /// (end − start − flow) ÷ start; unavailable when the start value is 0 (nothing held
        /// yet, or a position closed and reopened) or negative.
        public var periodReturn: ReturnFigure {
            if startValue.isZero { return .unavailable(Reason.startValueZero) }
            if startValue < 0 { return .unavailable(Reason.startValueNegative) }
            return .value((endValue - startValue - flow) / startValue)
        }

        /// True when the sub-period has a return (its start value is above zero) and so is
        /// linked into the chain; known without dividing.
        var isLinked: Bool { !startValue.isZero && !(startValue < 0) }
    }

    /// A sub-period with its return and the cumulative TWR after it: one line of a trail.
    public struct LinkedSubPeriod: Equatable, Sendable {
        public let period: SubPeriod
        public let periodReturn: ReturnFigure
        /// The chained return from the first sub-period to the end of this one.
        public let cumulative: ExactDecimal
    }

    /// The time-weighted return and the trail that produced it.
    public struct TimeWeighted: Equatable, Sendable {
        public let figure: ReturnFigure
        public let trail: [LinkedSubPeriod]
    }

    /// Linked products are folded into one quotient past this magnitude (1e15), far below
    /// the decimal range.
    static let foldAbove = ExactDecimal(1_000_000_000_000_000)

    /// Time-weighted return: Π (1 + rᵢ) − 1 over the sub-periods, rᵢ = (end − start − flow)
    /// ÷ start. A sub-period whose start value is 0 is skipped (factor 1, its reason kept in
    /// the trail), never counted as −100 %. Exact.
    ///
    ///     // 1,000,000 → 1,262,484 with a 100,000 deposit at the end, then → 1,192,328:
    ///     // 1.162484 × 1,192,328 ÷ 1,262,484 − 1 ≈ 0.0978849813
    public static func timeWeighted(_ periods: [SubPeriod]) -> TimeWeighted {
        var chain = Chain()
        var trail: [LinkedSubPeriod] = []
        trail.reserveCapacity(periods.count)
        for period in periods {
            chain.link(period)
            trail.append(LinkedSubPeriod(period: period, periodReturn: period.periodReturn, cumulative: chain.cumulative))
        }
        return TimeWeighted(figure: chain.figure(periods), trail: trail)
    }

    /// The figure of `timeWeighted(_:)` alone, from the same chain (so the same value to the
    /// last digit), without the trail's two divisions per sub-period: a report over 19
    /// years of daily prices has 5,000 sub-periods, and few readers ask for its trail.
    public static func timeWeightedFigure(_ periods: [SubPeriod]) -> ReturnFigure {
        var chain = Chain()
        for period in periods { chain.link(period) }
        return chain.figure(periods)
    }

    /// The product of the linked sub-periods' factors.
    ///
    /// It is kept as Π(end − flow) ÷ Π start, divided only when read, so that sub-periods
    /// without flows telescope exactly (1050/1000 × 1100/1050 = 1.1, not 1.0999…); the pair
    /// is folded into one quotient before it outgrows the exponent.
    struct Chain {
        var numerator = ExactDecimal(1), denominator = ExactDecimal(1)
        var linked = 0

        mutating func link(_ period: SubPeriod) {
            guard period.isLinked else { return }
            // Exact products while they stay small (so 1.2 × 100/120 links to exactly 1);
            // folded into one quotient before they could pass the decimal range.
            if numerator.magnitude > Returns.foldAbove || denominator.magnitude > Returns.foldAbove {
                numerator /= denominator
                denominator = 1
            }
            numerator *= period.endValue - period.flow
            denominator *= period.startValue
            linked += 1
        }

        /// The chained return so far.
        var cumulative: ExactDecimal { numerator / denominator - 1 }

        func figure(_ periods: [SubPeriod]) -> ReturnFigure {
            if periods.isEmpty { return .unavailable(Reason.fewerThanTwoValuations) }
            if linked == 0 { return .unavailable(Reason.startValueZero + " in every sub-period (nothing was held)") }
            return .value(cumulative)
        }
    }

    /// TWR from a value series with flows: `values[i]` is the value at the end of its day,
    /// flows are in the scope's point of view. Sub-periods run between consecutive values;
    /// each flow belongs to the sub-period whose end date is on or after it.
    public static func timeWeighted(values: [(date: CalendarDate, value: ExactDecimal)], flows: [CashFlow]) -> TimeWeighted {
        if values.count < 2 { return TimeWeighted(figure: .unavailable(Reason.fewerThanTwoValuations), trail: []) }
        return timeWeighted(subPeriods(values: values, flows: flows))
    }

    /// The sub-periods between consecutive values, each with the flows dated in (from, to].
    public static func subPeriods(values: [(date: CalendarDate, value: ExactDecimal)], flows: [CashFlow]) -> [SubPeriod] {
        if values.count < 2 { return [] }
        let inOrder = !zip(flows, flows.dropFirst()).contains { $1.date < $0.date }
        let sortedFlows = inOrder ? flows : flows.sorted { $0.date < $1.date }
        var f = 0
        while f < sortedFlows.count, sortedFlows[f].date <= values[0].date { f += 1 }
        var periods: [SubPeriod] = []
        periods.reserveCapacity(values.count - 1)
        for i in 1..<values.count {
            var flow = ExactDecimal.zero
            while f < sortedFlows.count, sortedFlows[f].date <= values[i].date { flow += sortedFlows[f].amount; f += 1 }
            periods.append(SubPeriod(from: values[i - 1].date, to: values[i].date, startValue: values[i - 1].value, endValue: values[i].value, flow: flow))
        }
        return periods
    }
}
