/// How Monte Carlo's blocks of runs are shared among parts that run side by side.
///
/// A part must first find where its first block's draws begin (`PathDraws.skip`, about a
/// third of the cost of simulating a block), and the later a part starts, the more it
/// skips. So later parts get fewer blocks, chosen for every part to end at about the same
/// time: with `s` the cost of skipping a block relative to simulating one, part k starting
/// at block b_k ends at s·b_k + (b_{k+1} − b_k), equal for every part.
enum PartPlan {
    /// Skipping a block's draws relative to simulating it (measured with the normal model on
    /// the benchmark's 10,000 × 480: 60 instructions per pair of normals against about 190 for
    /// drawing and simulating them, 0.2–0.3 of the CPU time; see Documentation/Architecture.md).
    static let skipCost = 0.3

    /// `count` blocks split into at most `parts` contiguous, non-empty ranges, in order.
    static func blocks(count: Int, parts: Int) -> [Range<Int>] {
        let parts = max(1, min(parts, count))
        guard parts > 1 else { return [0..<count] }
        // The common finishing time T: Σ over parts of what each simulates is `count`, with
        // b_{k+1} = T + (1 − s)·b_k, so b_parts = T·(1 − (1 − s)^parts)/s.
        let keep = 1 - skipCost
        var geometric = 0.0, power = 1.0
        for _ in 0..<parts { geometric += power; power *= keep }
        let time = Double(count) / geometric
        var bounds = [0]
        var start = 0.0
        for k in 1..<parts {
            start = time + keep * start
            let bound = min(count - (parts - k), max(bounds[k - 1] + 1, Int(start.rounded())))
            bounds.append(bound)
        }
        bounds.append(count)
        return (0..<parts).map { bounds[$0]..<bounds[$0 + 1] }
    }
}
