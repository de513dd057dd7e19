import Foundation

/// How a Monte Carlo run draws each month's return.
public enum ReturnModel: Sendable {
    /// monthly return = μm + σm × z, with μm = (1 + annual return)^(1/12) − 1 and σm = volatility ÷ √12.
    case normal
    /// growth factor = exp(ln(1 + annual return) ÷ 12 − σm²/2 + σm × z): never below −100 %,
    /// with the same expected growth as `normal`.
    case lognormal
    /// A month drawn uniformly, with replacement, from these monthly returns (fractions).
    case bootstrap([Double])
    /// The step function of `ProjectionHooks` gives each return.
    case custom

    public var name: String {
        switch self {
        case .normal: "normal"
        case .lognormal: "lognormal"
        case .bootstrap: "bootstrap"
        case .custom: "custom"
        }
    }
}

/// One month of the simulated range.
public struct PercentileRow: Equatable, Sendable {
    public let month: Int
    public let date: CalendarDate
    /// One value per requested percentile, nominal, rounded to cents.
    public let values: [ExactDecimal]
}

/// When the runs first reach the goal.
public struct ReachDistribution: Equatable, Sendable {
    /// Per requested percentile, the date by which that share of all runs has reached the goal
    /// (nil when fewer runs ever reach it).
    public let percentiles: [CalendarDate?]
    /// Share of runs first reaching the goal in each calendar year, in year order.
    public let byYear: [(year: Int, share: ExactDecimal)]

    public static func == (a: ReachDistribution, b: ReachDistribution) -> Bool {
        a.percentiles == b.percentiles && a.byYear.map(\.year) == b.byYear.map(\.year) && a.byYear.map(\.share) == b.byYear.map(\.share)
    }
}

public struct MonteCarloResult: Equatable, Sendable {
    public let runs: Int
    public let levels: [Double]
    public let rows: [PercentileRow]
    /// Share of runs whose real value reached the goal by the end (4 decimals); nil without a goal.
    public let probability: ExactDecimal?
    public let reach: ReachDistribution?
    /// Share of runs that ran out of money under withdrawals (4 decimals).
    public let depletedProbability: ExactDecimal
}

/// Monte Carlo goal projections: `runs` paths of `months` months, from a `SplitMix64`
/// seeded with `seed` (the same seed gives the same result). Each path draws its month's
/// return from the model, applies fees, then adds the month's contribution (or the custom
/// cash flow); a path that cannot pay a withdrawal stops at 0. The arithmetic is Double;
/// every reported amount is a decimal rounded to cents.
///
/// A custom step function is called once per run and month, as is a custom cash-flow
/// function: at most 2 × runs × months calls.
///
/// Worked example:
///
///     let mc = try MonteCarlo.run(assumptions, runs: 2000, seed: 42, model: .lognormal)
///     mc.rows.last!.values       // [p10, p50, p90] of the last month, in cents
///     mc.probability             // e.g. 0.6315: share of runs that reached the goal
///     mc.reach!.percentiles[1]   // the date by which half of all runs had reached it
///     // The same seed gives the same figures; at volatility 0 every percentile is `Projection.path`.
public enum MonteCarlo {
    public static let defaultLevels: [Double] = [10, 50, 90]
    public static let maximumRuns = 100_000
    /// runs × months; every run-month keeps one Double until the percentiles are taken (96 MB).
    public static let maximumSteps = 12_000_000

    /// Run-months per part below which a part costs more to start than it saves.
    static let minimumPart = 250_000

    /// `threads`: how many parts run side by side (nil: one per core, at most 8, and fewer for
    /// small runs). The figures are the same for every number of threads: each run draws the
    /// numbers of the one sequential stream of `seed`. With hooks (Lua functions) the paths
    /// are walked on the calling thread.
    public static func run(_ a: ProjectionAssumptions, runs: Int, seed: UInt64, model: ReturnModel,
                           levels: [Double] = defaultLevels, hooks: ProjectionHooks = ProjectionHooks(),
                           threads: Int? = nil) throws -> MonteCarloResult {
        try a.validate()
        guard runs >= 1, runs <= maximumRuns else { throw RuleViolation("Runs must be between 1 and \(maximumRuns), not \(runs).") }
        guard runs * a.months <= maximumSteps else {
            throw RuleViolation("\(runs) runs of \(a.months) months is too many: at most \(maximumSteps / 1_000_000) million run-months (e.g. 10,000 runs of 100 years). Use fewer runs.")
        }
        for p in levels where !(p >= 0 && p <= 100) { throw RuleViolation("Percentiles must lie in 0…100, not \(p).") }
        if case .bootstrap(let history) = model, history.isEmpty {
            throw RuleViolation("Bootstrap needs at least one monthly return of history.")
        }
        if case .custom = model, hooks.stepReturn == nil { throw RuleViolation("The custom model needs a step function.") }
        let months = a.months
        let expected = Projection.double(1 + a.annualReturn)
        let volatility = Projection.double(a.volatility) / 12.0.squareRoot()
        let meanMonthly = Foundation.pow(expected, 1.0 / 12.0) - 1
        let logDrift = Foundation.log(expected) / 12.0 - volatility * volatility / 2
        let feeFactor = Foundation.pow(Projection.double(1 - a.fees), 1.0 / 12.0)
        let inflationFactor = Foundation.pow(Projection.double(1 + a.inflation), 1.0 / 12.0)
        let goal = a.goal.map(Projection.double)
        let scheduled = (1...months).map { Projection.double(a.scheduledContribution(month: $0)) }
        let dates = (1...months).map { a.date(ofMonth: $0) }
        let startValue = Projection.double(a.startValue)
        let parts = max(1, threads ?? ParallelWork.partCount(runs * months, minimumPart: minimumPart))

        // Month-major: values[m × runs + r], so each month's runs are contiguous for the percentiles.
        // Every loop writes every value, so the 38 MB of the benchmark are not zeroed first.
        var paths = PathSimulator(runs: runs, months: months, startValue: startValue, feeFactor: feeFactor,
                                  inflationFactor: inflationFactor, goal: goal, scheduled: scheduled, seed: seed)
        let values = try [Double](unsafeUninitializedCapacity: months * runs) { out, count in
            count = months * runs
            LargePages.advise(UnsafeMutableRawBufferPointer(out))
            // Without hooks each model gets its own loop with nothing but arithmetic in it;
            // every loop draws the same numbers in the same order, so the figures are the same.
            switch model {
            case .normal where hooks.isEmpty:
                paths.simulate(into: out, model: NormalGrowth(meanMonthly: meanMonthly, volatility: volatility), parts: parts)
            case .lognormal where hooks.isEmpty:
                paths.simulate(into: out, model: LognormalGrowth(logDrift: logDrift, volatility: volatility), parts: parts)
            case .bootstrap(let history) where hooks.isEmpty:
                history.withUnsafeBufferPointer { h in
                    paths.simulate(into: out, model: BootstrapGrowth(history: h), parts: parts)
                }
            default:
                try paths.simulateWithHooks(into: out, model: model, hooks: hooks, dates: dates,
                                            meanMonthly: meanMonthly, logDrift: logDrift, volatility: volatility)
            }
        }
        let reachMonth = paths.reachMonth
        let depleted = paths.depleted

        // Each month's percentiles are independent: the months are shared among the parts.
        let rows = values.withUnsafeBufferPointer { values in
            let shares = min(parts, months)
            return ParallelWork.map(shares) { part -> [PercentileRow] in
                let selector = PercentileSelector(capacity: runs)
                return (part * months / shares..<(part + 1) * months / shares).map { m in
                    let figures = selector.percentiles(of: UnsafeBufferPointer(rebasing: values[(m * runs)..<((m + 1) * runs)]), levels)
                    return PercentileRow(month: m + 1, date: dates[m], values: figures.map { Projection.decimal($0) })
                }
            }.flatMap { $0 }
        }

        var probability: ExactDecimal?
        var reach: ReachDistribution?
        if goal != nil {
            let reached = reachMonth.filter { $0 >= 0 }.sorted()
            probability = Projection.decimal(Double(reached.count) / Double(runs), places: 4)
            let percentiles = levels.map { level -> CalendarDate? in
                // The run at this rank of all runs (never-reaching runs rank last).
                let rank = Int((level / 100 * Double(runs)).rounded(.up)) - 1
                guard rank >= 0 || level == 0 else { return nil }
                let i = max(0, rank)
                guard i < reached.count else { return nil }
                return reached[i] == 0 ? a.startDate : dates[reached[i] - 1]
            }
            var counts: [Int: Int] = [:]
            for month in reached { counts[(month == 0 ? a.startDate : dates[month - 1]).year, default: 0] += 1 }
            let byYear = counts.keys.sorted().map { (year: $0, share: Projection.decimal(Double(counts[$0]!) / Double(runs), places: 4)) }
            reach = ReachDistribution(percentiles: percentiles, byYear: byYear)
        }
        return MonteCarloResult(runs: runs, levels: levels, rows: rows, probability: probability, reach: reach,
                                depletedProbability: Projection.decimal(Double(depleted) / Double(runs), places: 4))
    }

    /// Linear interpolation between the closest ranks of a sorted sample.
    public static func percentile(_ sorted: [Double], _ level: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let position = level / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// `percentile(column.sorted(), level)` for every level, without sorting (see `PercentileSelector`).
    static func percentiles(of column: [Double], _ levels: [Double]) -> [Double] {
        column.withUnsafeBufferPointer { PercentileSelector(capacity: column.count).percentiles(of: $0, levels) }
    }

    /// Month-on-month returns of a value series (months with a value of 0 before them are skipped).
    public static func monthlyReturns(_ values: [ExactDecimal]) -> [Double] {
        guard values.count > 1 else { return [] }
        var result: [Double] = []
        for i in 1..<values.count where values[i - 1] > 0 {
            result.append(Projection.double(values[i] / values[i - 1]) - 1)
        }
        return result
    }
}
