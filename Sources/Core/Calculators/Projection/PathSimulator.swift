import Foundation

/// The inner loop of `MonteCarlo.run`: walks every path month by month and writes each
/// month's value month-major (`out[m × runs + r]`), so each month's runs are contiguous for
/// the percentiles. Without hooks, paths go in blocks of `blockRuns`: `PathDraws` first draws
/// the block's random numbers (run after run, in the generator's order), they are turned
/// month-major, then one loop per month takes the block's runs side by side, two at a time in
/// vector registers (independent chains the processor overlaps, instead of one run's months,
/// each waiting for the one before; each lane does exactly the operations of one run's loop)
/// and writes the month's values as one contiguous row. Nothing allocates per path or per
/// month. The blocks are shared among the machine's cores (`PartPlan`), with the same figures
/// as one loop.
struct PathSimulator {
    static let blockRuns = 64

    let runs: Int
    let months: Int
    let startValue: Double
    let feeFactor: Double
    let inflationFactor: Double
    let goal: Double?
    let scheduled: [Double]
    let seed: UInt64
    /// The generator and the polar method's spare normal of the loop with hooks.
    let draws: PathDraws
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
        self.seed = seed
        draws = PathDraws(seed: seed)
        reachMonth = [Int](repeating: -1, count: runs)
    }

    /// A built-in model, its runs simulated in `parts` side by side (one part: this thread
    /// alone). Runs are split at block boundaries; each part finds where its first block's
    /// draws begin in the generator's one stream (`PathDraws.skip`), so every run gets the
    /// numbers the one loop over all runs would give it and the figures do not depend on
    /// `parts`. The same operations, in the same order, as `simulateWithHooks`.
    mutating func simulate<Model: GrowthModel>(into out: UnsafeMutableBufferPointer<Double>, model: Model, parts: Int) {
        let blocks = PartPlan.blocks(count: (runs + Self.blockRuns - 1) / Self.blockRuns, parts: parts)
        let simulator = self
        var reach = [Int](repeating: -1, count: runs)
        let depletedByPart = reach.withUnsafeMutableBufferPointer { reach in
            let reach = reach.baseAddress!
            // Each part writes only its own runs' values and reach months.
            return ParallelWork.map(blocks.count) { part -> Int in
                var generator = SplitMix64(seed: simulator.seed)
                PathDraws.skip(normals: blocks[part].lowerBound * Self.blockRuns * simulator.months, generator: &generator)
                return simulator.simulateBlocks(blocks[part], draws: PathDraws(generator: generator), into: out, reachMonth: reach, model: model)
            }
        }
        reachMonth = reach
        depleted += depletedByPart.reduce(0, +)
    }

    /// Runs of the blocks `blocks` (`blockRuns` runs each): `PathDraws` first draws a block's
    /// random numbers, then one loop per month takes the block's runs side by side, two per
    /// `SIMD2`, and writes the month's values as one contiguous row. Writes only these runs' values and reach
    /// months; returns how many of them could not pay a withdrawal.
    @inline(__always)
    func simulateBlocks<Model: GrowthModel>(_ blocks: Range<Int>, draws: PathDraws, into out: UnsafeMutableBufferPointer<Double>,
                                            reachMonth: UnsafeMutablePointer<Int>, model: Model) -> Int {
        let stride = Self.blockRuns
        let (runs, months, startValue, feeFactor, inflationFactor) = (self.runs, self.months, self.startValue, self.feeFactor, self.inflationFactor)
        let usesUniform = Model.usesUniform
        let hasGoal = goal != nil
        let goal = self.goal ?? 0
        let startReached: Double = hasGoal && startValue >= goal ? 0 : -1
        var depleted = 0
        // The block's draws as `PathDraws` gives them, run-major ([i × months + m]), then
        // month-major ([m × stride + i]), so that a month's loop takes its runs two at a time in
        // vector registers (`SIMD2`: lane by lane the same operations as one run's loop). Per
        // pair of runs their values, whether they could not pay a withdrawal, and the month they
        // reached the goal. The lanes past `count` in a partial block compute on zeros and are
        // never written out.
        let pairs = stride / 2
        let drawn = UnsafeMutablePointer<Double>.allocate(capacity: stride * months)
        let z = UnsafeMutablePointer<Double>.allocate(capacity: stride * months)
        z.initialize(repeating: 0, count: stride * months)
        let u = usesUniform ? UnsafeMutablePointer<Double>.allocate(capacity: stride * months) : z   // not read when unused
        if usesUniform { u.initialize(repeating: 0, count: stride * months) }
        let value = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: pairs)
        let reached = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: pairs)
        let sank = UnsafeMutablePointer<SIMDMask<SIMD2<Int64>>>.allocate(capacity: pairs)
        defer {
            drawn.deallocate()
            z.deallocate()
            if usesUniform { u.deallocate() }
            value.deallocate()
            reached.deallocate()
            sank.deallocate()
        }
        let zero = SIMD2<Double>(repeating: 0), goals = SIMD2<Double>(repeating: goal)
        scheduled.withUnsafeBufferPointer { scheduled in
            for block in blocks {
                let first = block * stride
                let count = min(stride, runs - first)
                let used = (count + 1) / 2
                if usesUniform {
                    let uniforms = UnsafeMutablePointer<Double>.allocate(capacity: count * months)
                    draws.fill(count * months, normals: drawn, uniforms: uniforms)
                    Self.transpose(uniforms, runs: count, months: months, into: u)
                    uniforms.deallocate()
                } else {
                    draws.fill(count * months, normals: drawn, uniforms: nil)
                }
                Self.transpose(drawn, runs: count, months: months, into: z)
                for p in 0..<used {
                    value[p] = SIMD2(repeating: startValue)
                    sank[p] = SIMDMask(repeating: false)
                    reached[p] = SIMD2(repeating: startReached)
                }
                var deflator = 1.0
                for m in 0..<months {
                    let flow = SIMD2<Double>(repeating: scheduled[m])
                    deflator *= inflationFactor
                    let deflators = SIMD2<Double>(repeating: deflator), month = SIMD2<Double>(repeating: Double(m + 1))
                    let zm = UnsafeRawPointer(z + m &* stride), um = UnsafeRawPointer(u + m &* stride)
                    let row = UnsafeMutableRawPointer(out.baseAddress! + (m &* runs &+ first))
                    for p in 0..<used {
                        let g = model.growth(zm.loadUnaligned(fromByteOffset: p &* 16, as: SIMD2<Double>.self),
                                             um.loadUnaligned(fromByteOffset: p &* 16, as: SIMD2<Double>.self))
                        // max(0, g), as Swift's `max` gives it (g ≥ 0 ? g : 0).
                        let next = value[p] * (zero.replacing(with: g, where: g .>= zero) * feeFactor) + flow
                        // Cannot pay: value + (−value), which is +0.
                        let short = next .< zero
                        let kept = next.replacing(with: zero, where: short)
                        value[p] = kept
                        sank[p] .|= short
                        if 2 &* p &+ 1 < count {
                            row.storeBytes(of: kept, toByteOffset: p &* 16, as: SIMD2<Double>.self)
                        } else {
                            row.storeBytes(of: kept[0], toByteOffset: p &* 16, as: Double.self)
                        }
                        if hasGoal {
                            let r = reached[p]
                            reached[p] = r.replacing(with: month, where: (r .< zero) .& (kept / deflators .>= goals))
                        }
                    }
                }
                for i in 0..<count {
                    reachMonth[first + i] = Int(reached[i / 2][i % 2])
                    if sank[i / 2][i % 2] { depleted += 1 }
                }
            }
        }
        return depleted
    }

    /// `source[i × months + m]` to `target[m × blockRuns + i]` for every run i < `runs` and month m.
    @inline(__always)
    static func transpose(_ source: UnsafeMutablePointer<Double>, runs: Int, months: Int, into target: UnsafeMutablePointer<Double>) {
        for i in 0..<runs {
            let from = source + i &* months, to = target + i
            for m in 0..<months { to[m &* blockRuns] = from[m] }
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
                let z = draws.generator.normal(spare: &draws.spare)
                let u = draws.generator.uniform()
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
