import Foundation

/// How contributions come in.
public enum ContributionFrequency: String, CaseIterable, Sendable {
    case monthly, yearly

    public static func parse(_ text: String) throws -> ContributionFrequency {
        if let f = ContributionFrequency(rawValue: text.lowercased()) { return f }
        throw RuleViolation("Unknown contribution frequency '\(text)'. Use \"monthly\" or \"yearly\".")
    }
}

/// The inputs of a goal projection. Rates are fractions per year (0.07 = 7 %).
///
/// Month m (1-based) ends with `value × growth + contribution`, where growth is
/// `((1 + annualReturn) × (1 − fees))^(1/12)` and the contribution is `contribution` every
/// month (monthly) or in months 12, 24, … (yearly), raised by `contributionGrowth` at the start
/// of each new year. Real values divide by `(1 + inflation)^(m/12)`; the goal is compared with
/// the real value (today's money), which equals the nominal one when inflation is 0.
public struct ProjectionAssumptions: Equatable, Sendable {
    public var startDate: CalendarDate
    public var startValue: ExactDecimal
    public var contribution: ExactDecimal
    public var frequency: ContributionFrequency
    public var contributionGrowth: ExactDecimal
    public var annualReturn: ExactDecimal
    public var volatility: ExactDecimal
    public var inflation: ExactDecimal
    public var fees: ExactDecimal
    public var months: Int
    public var goal: ExactDecimal?

    public init(startDate: CalendarDate, startValue: ExactDecimal, contribution: ExactDecimal = 0, frequency: ContributionFrequency = .monthly,
                contributionGrowth: ExactDecimal = 0, annualReturn: ExactDecimal = 0, volatility: ExactDecimal = 0,
                inflation: ExactDecimal = 0, fees: ExactDecimal = 0, months: Int, goal: ExactDecimal? = nil) {
        self.startDate = startDate
        self.startValue = startValue
        self.contribution = contribution
        self.frequency = frequency
        self.contributionGrowth = contributionGrowth
        self.annualReturn = annualReturn
        self.volatility = volatility
        self.inflation = inflation
        self.fees = fees
        self.months = months
        self.goal = goal
    }

    /// At most 100 years of months.
    public static let maximumMonths = 1200

    public func validate() throws {
        if months < 1 || months > Self.maximumMonths { throw RuleViolation("A projection runs 1 to \(Self.maximumMonths) months, not \(months).") }
        if startValue < 0 { throw RuleViolation("Start value must be zero or greater.") }
        if annualReturn <= -1 { throw RuleViolation("Annual return must be above -1 (-100 %).") }
        if volatility < 0 { throw RuleViolation("Volatility must be zero or greater.") }
        if fees < 0 || fees >= 1 { throw RuleViolation("Fees must be at least 0 and below 1 (100 %).") }
        if inflation <= -1 { throw RuleViolation("Inflation must be above -1.") }
        if let goal, goal <= 0 { throw RuleViolation("Goal must be greater than zero.") }
    }

    /// The date month `m` ends on: the start date plus m months.
    public func date(ofMonth m: Int) -> CalendarDate { startDate.adding(months: m) }

    /// The scheduled contribution at the end of month `m` (1-based).
    public func scheduledContribution(month m: Int) -> ExactDecimal {
        let year = (m - 1) / 12
        if frequency == .yearly, m % 12 != 0 { return 0 }
        guard year > 0, !contributionGrowth.isZero else { return contribution }
        return contribution * ExactDecimal.power(1 + contributionGrowth, year)
    }

    /// The expected monthly growth factor after fees (a fractional power: computed in Double,
    /// read back as a decimal to 15 places).
    public var monthlyGrowth: ExactDecimal {
        Projection.decimal(Foundation.pow(Projection.double((1 + annualReturn) * (1 - fees)), 1.0 / 12.0), places: 15)
    }

    /// The monthly inflation factor.
    public var monthlyInflation: ExactDecimal {
        Projection.decimal(Foundation.pow(Projection.double(1 + inflation), 1.0 / 12.0), places: 15)
    }
}

extension ExactDecimal {
    /// base^n for n ≥ 0, exact.
    static func power(_ base: ExactDecimal, _ n: Int) -> ExactDecimal {
        var result: ExactDecimal = 1
        for _ in 0..<max(0, n) { result *= base }
        return result
    }
}
