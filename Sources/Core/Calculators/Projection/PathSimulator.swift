import Foundation

/// The inner loop of `MonteCarlo.run`: walks every path month by month and writes each
/// month's value month-major (`out[m × runs + r]`). Paths are simulated in blocks of
/// `blockRuns`, written run by run into a small buffer and then copied month by month, so
/// no write strides across the whole result. Nothing allocates per path or per month.
struct PathSimulator {
    static let blockRuns = 64

    let runs: Int
    let months: Int
    let startValue: Double
    let feeFactor: Double
    let inflationFactor: Double
    let goal: Double?
    let scheduled: [Double]
    var generator: SplitMix64
    /// The second normal of each Box–Muller pair, kept for the next draw (also across paths).
    var spare: Double?
    /// Per run, the month it first reached the goal in real terms: 0 at the start, -1 never.
    var reachMonth: [Int]
    var depleted = 0

    init(runs: Int, months: Int, startValue: Double, feeFactor: Double, inflationFactor: Double,
         goal: Double?, scheduled: [Double], seed: UInt64) {
        self.runs = runs
        self.months = months
        self.startValue = startValue
        self.feeFactor = feeFactor
        self.inflationFactor = inflationFactor
        self.goal = goal
        self.scheduled = scheduled
        generator = SplitMix64(seed: seed)
        reachMonth = [Int](repeating: -1, count: runs)
    }

    /// A built-in model: `growth(z, u)` turns the month's normal and uniform draw into its growth factor.
    @inline(__always)
    mutating func simulate(into out: UnsafeMutableBufferPointer<Double>, growth: (Double, Double) -> Double) {
        var block = [Double](repeating: 0, count: Self.blockRuns * months)
        let hasGoal = self.goal != nil
        let goal = self.goal ?? 0
        // Locals rather than stored properties, so the generator's state stays in registers.
        var generator = self.generator
        var spare = self.spare
        var reachMonth = self.reachMonth
        var depleted = self.depleted
        defer {
            self.generator = generator
            self.spare = spare
            self.reachMonth = reachMonth
            self.depleted = depleted
        }
        scheduled.withUnsafeBufferPointer { scheduled in
            block.withUnsafeMutableBufferPointer { block in
                for first in stride(from: 0, to: runs, by: Self.blockRuns) {
                    let count = min(Self.blockRuns, runs - first)
                    for i in 0..<count {
                        let r = first + i
                        var value = startValue
                        var deflator = 1.0
                        var isDepleted = false
                        var reached = hasGoal && value >= goal ? 0 : -1
                        let row = i * months
                        for m in 0..<months {
                            let z = generator.normal(spare: &spare)
                            let u = generator.uniform()
                            value *= max(0, growth(z, u)) * feeFactor
                            var flow = scheduled[m]
                            if value + flow < 0 {
                                flow = -value
                                isDepleted = true
                            }
                            value += flow
                            deflator *= inflationFactor
                            block[row + m] = value
                            if reached < 0, hasGoal, value / deflator >= goal { reached = m + 1 }
                        }
                        reachMonth[r] = reached
                        if isDepleted { depleted += 1 }
                    }
                    for m in 0..<months {
                        let base = m * runs + first
                        for i in 0..<count { out[base + i] = block[i * months + m] }
                    }
                }
            }
        }
    }

    /// Any model with a custom step or cash-flow function: each month builds the step the hooks see.
    mutating func simulateWithHooks(into out: UnsafeMutableBufferPointer<Double>, model: ReturnModel, hooks: ProjectionHooks,
                                    dates: [CalendarDate], meanMonthly: Double, logDrift: Double, volatility: Double) throws {
        for r in 0..<runs {
            var value = startValue
            var deflator = 1.0
            var isDepleted = false
            if let goal, value >= goal { reachMonth[r] = 0 }
            for m in 0..<months {
                let z = generator.normal(spare: &spare)
                let u = generator.uniform()
                let step = ProjectionStep(run: r + 1, month: m + 1, date: dates[m], value: value, contribution: scheduled[m], normal: z, uniform: u)
                let growth: Double
                switch model {
                case .normal: growth = 1 + meanMonthly + volatility * z
                case .lognormal: growth = Foundation.exp(logDrift + volatility * z)
                case .bootstrap(let history): growth = 1 + history[Int(Double(history.count) * u)]
                case .custom: growth = 1 + (try Projection.finite(hooks.stepReturn!(step), "the step function", m + 1))
                }
                value *= max(0, growth) * feeFactor
                var flow = scheduled[m]
                if let cashFlow = hooks.cashFlow { flow = try Projection.finite(cashFlow(step), "the cash-flow function", m + 1) }
                if value + flow < 0 {
                    flow = -value
                    isDepleted = true
                }
                value += flow
                deflator *= inflationFactor
                out[m * runs + r] = value
                if reachMonth[r] < 0, let goal, value / deflator >= goal { reachMonth[r] = m + 1 }
            }
            if isDepleted { depleted += 1 }
        }
    }
}
