import Foundation

/// What a custom step or cash-flow function sees for one month of one run.
public struct ProjectionStep: Sendable {
    /// 0 for the deterministic path, 1…runs for Monte Carlo.
    public let run: Int
    /// 1-based month of the projection.
    public let month: Int
    public let date: CalendarDate
    /// The value at the start of the month (Double: this is simulation state).
    public let value: Double
    /// The scheduled contribution at the end of this month.
    public let contribution: Double
    /// A standard normal and a uniform draw from the run's seeded generator (0 and 0.5 on
    /// the deterministic path), so a custom model stays reproducible by seed.
    public let normal: Double
    public let uniform: Double
}

/// Custom functions a projection can use instead of its built-in rules.
public struct ProjectionHooks {
    /// The month's return as a fraction (0.005 = 0.5 %); fees still apply.
    public var stepReturn: ((ProjectionStep) throws -> Double)?
    /// Money added at the end of the month (negative: a withdrawal); replaces the scheduled contribution.
    public var cashFlow: ((ProjectionStep) throws -> Double)?

    public init(stepReturn: ((ProjectionStep) throws -> Double)? = nil, cashFlow: ((ProjectionStep) throws -> Double)? = nil) {
        self.stepReturn = stepReturn
        self.cashFlow = cashFlow
    }

    public var isEmpty: Bool { stepReturn == nil && cashFlow == nil }
}

/// One month of a deterministic path.
public struct ProjectionPoint: Equatable, Sendable {
    public let month: Int
    public let date: CalendarDate
    /// Nominal value at the end of the month, rounded to cents.
    public let value: ExactDecimal
    /// In today's money, rounded to cents.
    public let realValue: ExactDecimal
    /// Σ of the money added (negative when withdrawals dominate), rounded to cents.
    public let contributed: ExactDecimal
}

/// A deterministic projection.
public struct ProjectionPath: Equatable, Sendable {
    public let points: [ProjectionPoint]
    /// The first month-end whose real value reaches the goal (the start date when it already does).
    public let reachDate: CalendarDate?
    /// The first month the value ran out under withdrawals.
    public let depletedDate: CalendarDate?
    public var final: ExactDecimal { points.last?.value ?? 0 }
}

/// Goal projections (issue 6): the deterministic month-by-month path and the required
/// monthly contribution. See `MonteCarlo` for the simulated range.
///
/// The deterministic path is exact decimal arithmetic; only the monthly growth factor (a
/// fractional power) goes through Double, read back to 15 decimal places. With return r,
/// start value PV and contribution C every month, month n ends at the annuity value
/// `PV × g^n + C × (g^n − 1) ÷ (g − 1)` with `g = (1 + r)^(1/12)`.
///
/// Worked example:
///
///     let a = ProjectionAssumptions(startDate: CalendarDate("2024-06-01")!, startValue: 10000, contribution: 500,
///                                   annualReturn: 0.06, months: 240, goal: 100000)
///     let path = try Projection.path(a)
///     path.final                 // 258790.67
///     path.reachDate             // 2034-07-01 (month 121)
///     Projection.requiredMonthlySimple(goal: 100000, current: 10000, months: 240)   // 375
public enum Projection {
    public static func double(_ d: ExactDecimal) -> Double { (d).doubleValue }

    /// A Double read back as a decimal (from its shortest text), rounded to `places`.
    public static func decimal(_ x: Double, places: Int = 2) -> ExactDecimal {
        (ExactDecimal(shortestTextOf: x) ?? 0).rounded(places: places)
    }

    public static func path(_ a: ProjectionAssumptions, hooks: ProjectionHooks = ProjectionHooks()) throws -> ProjectionPath {
        try a.validate()
        let growth = a.monthlyGrowth
        let feeFactor = decimal(Foundation.pow(double(1 - a.fees), 1.0 / 12.0), places: 15)
        let inflationStep = a.monthlyInflation
        var value = a.startValue
        var deflator: ExactDecimal = 1
        var contributed: ExactDecimal = 0
        var points: [ProjectionPoint] = []
        points.reserveCapacity(a.months)
        var reach: CalendarDate? = a.goal.flatMap { a.startValue >= $0 ? a.startDate : nil }
        var depleted: CalendarDate?
        for m in 1...a.months {
            let date = a.date(ofMonth: m)
            let scheduled = a.scheduledContribution(month: m)
            let step = ProjectionStep(run: 0, month: m, date: date, value: double(value), contribution: double(scheduled), normal: 0, uniform: 0.5)
            if let custom = hooks.stepReturn {
                let r = try finite(custom(step), "the step function", m)
                value *= max(0, 1 + decimal(r, places: 12)) * feeFactor
            } else {
                value *= growth
            }
            var flow = scheduled
            if let custom = hooks.cashFlow { flow = decimal(try finite(custom(step), "the cash-flow function", m), places: 2) }
            if value + flow < 0 {
                flow = -value
                if depleted == nil { depleted = date }
            }
            value += flow
            contributed += flow
            deflator *= inflationStep
            let real = value / deflator
            if reach == nil, let goal = a.goal, real >= goal { reach = date }
            points.append(ProjectionPoint(month: m, date: date, value: value.rounded(places: 2), realValue: real.rounded(places: 2),
                                          contributed: contributed.rounded(places: 2)))
        }
        return ProjectionPath(points: points, reachDate: reach, depletedDate: depleted)
    }

    static func finite(_ x: Double, _ what: String, _ month: Int) throws -> Double {
        guard x.isFinite else { throw RuleViolation("In month \(month), \(what) returned \(x); a finite number expected.") }
        // Beyond the decimal range it could only become a silent 0 when read back.
        guard ExactDecimal(shortestTextOf: x) != nil else {
            throw RuleViolation("In month \(month), \(what) returned \(x), beyond the decimal range (±3.4e38).", rule: .outOfRange)
        }
        return x
    }

    /// The seeds' simple formula: (goal − current) ÷ months, never below 0.
    public static func requiredMonthlySimple(goal: ExactDecimal, current: ExactDecimal, months: Int) -> ExactDecimal {
        guard months > 0 else { return max(0, goal - current).rounded(places: 2) }
        return max(0, (goal - current) / ExactDecimal(months)).rounded(places: 2)
    }

    /// The compounding (annuity) formula: the C with `PV × g^n + C × (g^n − 1) ÷ (g − 1) = FV`,
    /// where FV is the goal raised by inflation over the n months (the goal is in today's
    /// money) and g the monthly growth after fees; `(FV − PV) ÷ n` when g = 1. Never below 0.
    public static func requiredMonthlyCompounding(_ a: ProjectionAssumptions, goal: ExactDecimal) -> ExactDecimal {
        let n = a.months
        let g = a.monthlyGrowth
        let future = goal * ExactDecimal.power(a.monthlyInflation, n)
        let gn = ExactDecimal.power(g, n)
        if g == 1 { return max(0, (future - a.startValue) / ExactDecimal(n)).rounded(places: 2) }
        return max(0, (future - a.startValue * gn) * (g - 1) / (gn - 1)).rounded(places: 2)
    }

    /// Whole months from `from` to `to` (the largest n with from + n months ≤ to), at least 1.
    public static func months(from: CalendarDate, to: CalendarDate) -> Int {
        var n = max(0, (to.year - from.year) * 12 + to.month - from.month)
        while n > 0, from.adding(months: n) > to { n -= 1 }
        return max(1, n)
    }
}
