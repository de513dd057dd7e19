import Foundation

/// The random numbers of Monte Carlo paths, drawn many at a time but in exactly the order of
/// a loop over runs and months that draws, each month, `normal(spare:)` and then `uniform()`
/// (the order of `PathSimulator.simulateWithHooks`). So the figures for a seed do not depend
/// on which loop ran.
///
/// The polar method makes normals in pairs; the second of a pair is the next month's normal,
/// also across runs and calls (`spare`). Pairs are made in three passes over chunks, so that
/// no pass mixes the kinds of work that slow each other down:
/// 1. points in the unit disc: the generator and the rejection test (about 21 % of points
///    fall outside the disc, a mispredicted branch each time), no call;
/// 2. their logarithms: a loop around `log` with nothing else live across the call;
/// 3. the normals (the factors' division and square root vectorize).
/// A uniform that no model reads is skipped (`SplitMix64.skip`), not computed.
final class PathDraws {
    static let chunk = 256

    var generator: SplitMix64
    /// The second normal of the last pair, kept for the next draw.
    var spare: Double?
    private let xs: UnsafeMutablePointer<Double>
    private let ys: UnsafeMutablePointer<Double>
    private let ss: UnsafeMutablePointer<Double>
    private let logs: UnsafeMutablePointer<Double>
    private let factors: UnsafeMutablePointer<Double>

    convenience init(seed: UInt64) { self.init(generator: SplitMix64(seed: seed)) }

    /// Draws from `generator` on, with no spare normal (a position `skip(normals:)` reached).
    init(generator: SplitMix64) {
        self.generator = generator
        xs = .allocate(capacity: Self.chunk)
        ys = .allocate(capacity: Self.chunk)
        ss = .allocate(capacity: Self.chunk)
        logs = .allocate(capacity: Self.chunk)
        factors = .allocate(capacity: Self.chunk)
    }

    deinit {
        for buffer in [xs, ys, ss, logs, factors] { buffer.deallocate() }
    }

    /// Moves `generator` past the next `normals` normals (an even number, so no spare is
    /// left) and their uniforms, exactly as `fill` would, without computing them: how many
    /// draws a normal takes depends only on the polar method's rejection test, so that test
    /// is all that runs (about a tenth of the work of drawing them). This is what lets runs
    /// be simulated in parts side by side with the numbers one loop over every run draws.
    static func skip(normals: Int, generator: inout SplitMix64) {
        precondition(normals % 2 == 0, "a part must start after a whole pair of normals")
        for _ in 0..<(normals / 2) {
            _ = generator.polarPoint()   // the test decides how many draws the point takes
            generator.skip()   // the uniforms of the pair's two months
            generator.skip()
        }
    }

    /// The next `count` months' normals, in order, into `normals[0..<count]`, and their
    /// uniforms into `uniforms` when given (else the uniforms are skipped).
    func fill(_ count: Int, normals: UnsafeMutablePointer<Double>, uniforms: UnsafeMutablePointer<Double>?) {
        var generator = self.generator
        defer { self.generator = generator }
        var done = 0
        if let s = spare, count > 0 {
            normals[0] = s
            if let uniforms { uniforms[0] = generator.uniform() } else { generator.skip() }
            spare = nil
            done = 1
        }
        let xs = xs, ys = ys, ss = ss, logs = logs, factors = factors
        while done < count {
            let pairs = min(Self.chunk, (count - done + 1) / 2)
            // The last pair of all may have only its first normal used now: the second is the
            // spare, and its uniform is drawn when the spare is used.
            let last = count - done < 2 * pairs ? pairs - 1 : pairs
            // 1. Points, each followed by the uniforms of its two months.
            if let uniforms {
                for j in 0..<pairs {
                    (xs[j], ys[j], ss[j]) = generator.polarPoint()
                    uniforms[done + 2 * j] = generator.uniform()
                    if j < last { uniforms[done + 2 * j + 1] = generator.uniform() }
                }
            } else {
                for j in 0..<pairs {
                    (xs[j], ys[j], ss[j]) = generator.polarPoint()
                    generator.skip(2)
                }
                // The spare's uniform is drawn when the spare is used.
                if last < pairs { generator.skip(-1) }
            }
            // 2. Logarithms.
            for j in 0..<pairs { logs[j] = Foundation.log(ss[j]) }
            // 3. Normals.
            for j in 0..<pairs { factors[j] = SplitMix64.polarFactor(ss[j], logarithm: logs[j]) }
            let out = normals + done
            for j in 0..<last {
                out[2 * j] = xs[j] * factors[j]
                out[2 * j + 1] = ys[j] * factors[j]
            }
            if last < pairs {
                out[2 * last] = xs[last] * factors[last]
                spare = ys[last] * factors[last]
            }
            done += 2 * pairs
        }
    }
}
