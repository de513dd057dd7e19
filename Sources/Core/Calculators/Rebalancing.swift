import Foundation

/// What to do with one group to reach its target.
public enum RebalanceAction: String, CaseIterable, Sendable {
    case buy, sell
    case noAction = "no action"
}

/// One group's suggested trade.
public struct RebalanceRow: Equatable, Sendable {
    public let key: String
    public let currentValue: ExactDecimal
    /// total × target ÷ 100.
    public let targetValue: ExactDecimal
    public let action: RebalanceAction
    /// |target value − current value|, exact (also given for "no action", where it is below 1).
    public let amount: ExactDecimal
}

/// Money moved from one over-allocated group to an under-allocated one.
public struct RebalanceMove: Equatable, Sendable {
    public let from: String
    public let to: String
    public let amount: ExactDecimal

    /// "Move 1000.00 from crypto to stock".
    public var text: String { "Move \(amount.fixedText(places: 2)) from \(from) to \(to)" }
}

/// The rebalancing suggestion for a whole allocation.
public struct RebalancePlan: Equatable, Sendable {
    /// Sorted by amount, largest first, then by key.
    public let rows: [RebalanceRow]
    public let moves: [RebalanceMove]
    /// The moves as text (those that would show as 0.00 left out), then any sell or buy left unmatched ("Sell 100.00 of crypto",
    /// "Buy 50.00 of cash"), which happens when the targets do not add up to 100.
    public let summary: [String]
    /// As in `Drift.targetsWarning`.
    public let targetsWarning: String?
}

/// Rebalancing suggestions (BusinessLogic-Phases.md "Rebalancing Suggestions"):
/// an over-allocated group sells (actual % − target %) × total, an under-allocated one buys
/// (target % − actual %) × total. Computed from the values, so the amounts are exact:
/// `adjustment = total × target ÷ 100 − value`. An adjustment under 1 unit of currency is
/// "no action". A key without a target has target 0; a target without a value has value 0.
///
/// Worked example (seeds' Example 4):
///
///     let plan = try Rebalancing.suggest(
///         values: [("stock", 5000), ("crypto", 1500), ("bond", 2000), ("cash", 1500)],
///         targets: ["stock": 60, "bond": 20, "cash": 20])
///     // rows:    crypto sell 1500, stock buy 1000, cash buy 500, bond no action 0
///     // summary: "Move 1000.00 from crypto to stock", "Move 500.00 from crypto to cash"
///
/// The moves pair the largest sell with the largest buy, greedily: each move is the smaller
/// of what the sell has left and what the buy still needs. A total of 0 or less gives an
/// empty plan.
public enum Rebalancing {
    /// Adjustments strictly below this are "no action".
    public static let minimumTrade: ExactDecimal = 1

    public static func suggest(values: [(key: String, value: ExactDecimal)], targets: [String: ExactDecimal]) throws -> RebalancePlan {
        try Drift.validateTargets(targets)
        let warning = Drift.targetsWarning(targets)
        var sums: [String: ExactDecimal] = [:]
        for entry in values { sums[entry.key, default: 0] += entry.value }
        let total = sums.values.reduce(ExactDecimal.zero, +)
        guard total > 0 else { return RebalancePlan(rows: [], moves: [], summary: [], targetsWarning: warning) }
        for key in targets.keys where sums[key] == nil { sums[key] = 0 }

        var rows: [RebalanceRow] = sums.map { key, value in
            let targetValue = total * (targets[key] ?? 0) / 100
            let adjustment = targetValue - value
            let amount = abs(adjustment)
            let action: RebalanceAction = amount < minimumTrade ? .noAction : (adjustment > 0 ? .buy : .sell)
            return RebalanceRow(key: key, currentValue: value, targetValue: targetValue, action: action, amount: amount)
        }
        rows.sort { $0.amount != $1.amount ? $0.amount > $1.amount : $0.key < $1.key }

        var sells = rows.filter { $0.action == .sell }.map { (key: $0.key, left: $0.amount) }
        var buys = rows.filter { $0.action == .buy }.map { (key: $0.key, left: $0.amount) }
        var moves: [RebalanceMove] = []
        var s = 0, b = 0
        while s < sells.count, b < buys.count {
            let amount = min(sells[s].left, buys[b].left)
            moves.append(RebalanceMove(from: sells[s].key, to: buys[b].key, amount: amount))
            sells[s].left -= amount
            buys[b].left -= amount
            if sells[s].left.isZero { s += 1 }
            if buys[b].left.isZero { b += 1 }
        }
        var summary = moves.filter { $0.amount.rounded(places: 2) > 0 }.map(\.text)
        for sell in sells[s...] where sell.left.rounded(places: 2) > 0 {
            summary.append("Sell \(sell.left.fixedText(places: 2)) of \(sell.key)")
        }
        for buy in buys[b...] where buy.left.rounded(places: 2) > 0 {
            summary.append("Buy \(buy.left.fixedText(places: 2)) of \(buy.key)")
        }
        return RebalancePlan(rows: rows, moves: moves, summary: summary, targetsWarning: warning)
    }
}
