import Foundation

/// `min_trades`: brings every group inside its band with as few trading groups as possible.
///
/// Each group outside its band moves only to the band edge (the least it must). What those
/// moves leave unbalanced is given to as few other groups as possible: first the groups that
/// already trade in the needed direction, up to their far band edge, then the in-band groups
/// with the most room before their band edge, largest first. Where `bands` spreads the
/// difference over every in-band group, this touches one or two.
///
/// Worked example (four groups of 25 % target at 35 / 20 / 23 / 22 % of 10,000, ±5 points):
///
///     try MinTradesStrategy.adjustments(input, tolerance: .standard)
///     // A to its edge (30 %): −500; B has the most room below its upper edge: +500.
///     // `bands` would sell 1000 of A and buy 500 B, 200 C, 300 D.
public enum MinTradesStrategy {
    public static func adjustments(_ input: RebalanceInput, tolerance: RebalanceTolerance) throws -> GroupAdjustments {
        try tolerance.validate()
        guard input.total > 0 else { return [:] }
        var result = try BandsStrategy.adjustments(input, tolerance: tolerance, to: .edge).filter {
            BandsStrategy.isOutside(input, $0.key, tolerance: tolerance)
        }
        var net = result.values.reduce(ExactDecimal.zero, +)   // > 0: more buys than sells → someone must sell
        guard abs(net) >= RebalanceEngine.minimumTrade else { return result }
        let direction: ExactDecimal = net > 0 ? -1 : 1            // the sign of what the others must do
        // Room of a group in `direction`, staying inside its band: value may go to (target ± width) × total.
        func room(_ g: String) -> ExactDecimal {
            let width = tolerance.width(forTarget: input.target(g))
            let current = input.value(g) + (result[g] ?? 0)
            if direction > 0 {
                return max(0, input.total * (input.target(g) + width) / 100 - current)
            }
            return max(0, current - max(0, input.total * (input.target(g) - width) / 100))
        }
        let trading = input.groups.filter { g in (result[g].map { ($0 > 0) == (direction > 0) } ?? false) }
        let others = input.groups.filter { result[$0] == nil }.sorted { room($0) != room($1) ? room($0) > room($1) : $0 < $1 }
        for g in trading + others {
            guard abs(net) >= RebalanceEngine.minimumTrade else { break }
            let take = min(room(g), abs(net))
            guard take > 0 else { continue }
            result[g, default: 0] += direction * take
            net += direction * take
        }
        // Bands too tight to absorb everything: the last group takes the rest.
        if abs(net) >= RebalanceEngine.minimumTrade, let g = (trading + others).first {
            result[g, default: 0] -= net
        }
        return result.filter { abs($0.value) >= RebalanceEngine.minimumTrade }
    }
}
