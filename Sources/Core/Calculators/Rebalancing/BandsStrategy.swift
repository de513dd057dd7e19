import Foundation

/// `bands`: acts only on groups whose drift is outside their band (see `RebalanceTolerance`),
/// bringing them back to target (default) or just to the band edge.
///
/// What the out-of-band groups sell and buy rarely balances. The difference is taken from
/// (or given to) the groups inside their band: first those whose own drift it reduces, in
/// proportion to their distance from target and never past it; anything still left is shared
/// by every in-band group in proportion to its target. No group inside its band is otherwise
/// touched, so on a portfolio that is mostly within bands this trades far less than `full`.
///
/// Worked example (seeds' Example 4, ±5 points):
///
///     try BandsStrategy.adjustments(example4, tolerance: .standard)
///     // stock −10 and crypto +15 are outside: stock +1000, crypto −1500;
///     // the 500 left over goes to cash (−5, inside, under target): cash +500
///     try BandsStrategy.adjustments(example4, tolerance: .standard, to: .edge)
///     // stock +500, crypto −1000, cash +500
public enum BandsStrategy {
    public static func isOutside(_ input: RebalanceInput, _ group: String, tolerance: RebalanceTolerance) -> Bool {
        abs(input.drift(group)) > tolerance.width(forTarget: input.target(group))
    }

    public static func adjustments(_ input: RebalanceInput, tolerance: RebalanceTolerance, to destination: BandDestination = .target) throws -> GroupAdjustments {
        try tolerance.validate()
        guard input.total > 0 else { return [:] }
        var result: GroupAdjustments = [:]
        var inside: [String] = []
        for group in input.groups {
            guard isOutside(input, group, tolerance: tolerance) else { inside.append(group); continue }
            let drift = input.drift(group)
            let points = destination == .target ? -drift : -(drift - (drift > 0 ? 1 : -1) * tolerance.width(forTarget: input.target(group)))
            result[group] = input.total * points / 100
        }
        let net = result.values.reduce(ExactDecimal.zero, +)
        absorb(-net, into: inside, input, &result)
        // Nothing in band can absorb the rest: the out-of-band groups' own changes are left as they are.
        return result.filter { abs($0.value) >= RebalanceEngine.minimumTrade }
    }

    /// Spreads `amount` (+ buy, − sell) over `groups`: first those it brings closer to target, capped at their distance, then by target weight.
    static func absorb(_ amount: ExactDecimal, into groups: [String], _ input: RebalanceInput, _ result: inout GroupAdjustments) {
        guard !amount.isZero, !groups.isEmpty else { return }
        var left = amount
        // Gaps in the helpful direction: a buy helps groups under target, a sell those over.
        let gaps = groups.map { g -> (String, ExactDecimal) in
            let gap = input.targetValue(g) - input.value(g)
            return (g, amount > 0 ? max(0, gap) : max(0, -gap))
        }
        let totalGap = gaps.reduce(ExactDecimal.zero) { $0 + $1.1 }
        if totalGap > 0 {
            let used = min(abs(amount), totalGap)
            for (g, gap) in gaps where gap > 0 {
                let share = used * gap / totalGap * (amount > 0 ? 1 : -1)
                result[g, default: 0] += share
                left -= share
            }
        }
        guard abs(left) > ExactDecimal(string: "0.000001")! else { return }
        // Buys follow the targets, sells the values (a group cannot sell what it does not hold).
        let weights = groups.map { left > 0 ? input.target($0) : input.value($0) }
        let sum = weights.reduce(ExactDecimal.zero, +)
        for (i, g) in groups.enumerated() {
            let share = sum > 0 ? left * weights[i] / sum : left / ExactDecimal(groups.count)
            result[g, default: 0] += share
        }
    }
}
