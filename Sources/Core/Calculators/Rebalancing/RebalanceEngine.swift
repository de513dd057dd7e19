import Foundation

/// A trade as a custom rule returns it, before checking: the asset by name, a side, and
/// either an amount of money or a quantity.
public struct TradeRequest: Equatable, Sendable {
    /// 1-based position in the rule's answer, for the error messages.
    public let index: Int
    public let asset: String
    public let side: String
    public let amount: ExactDecimal?
    public let quantity: ExactDecimal?

    public init(index: Int, asset: String, side: String, amount: ExactDecimal? = nil, quantity: ExactDecimal? = nil) {
        self.index = index
        self.asset = asset
        self.side = side
        self.amount = amount
        self.quantity = quantity
    }

    /// "trade 2 (sell ACME 500)".
    public var label: String {
        let size = amount.map { " " + $0.plainText } ?? quantity.map { " \($0.plainText) units" } ?? ""
        return "trade \(index) (\(side) \(asset)\(size))"
    }
}

/// Turns a strategy's group changes, or a custom rule's trades, into a `TradePlan`.
///
/// Groups map to assets: a buy goes to the group's chosen asset (`choose[group]`, by default
/// its largest holding); a sell comes from the chosen asset first, then from the group's other
/// holdings, largest first. Quantities are amount ÷ price, 8 decimals (a sell of a whole
/// holding sells its exact quantity).
///
/// Cash: when the portfolio holds a cash asset (the largest, or `choose["cash"]`), it funds the
/// buys and receives the sells, so the plan's trades on it are replaced by one net trade:
/// `new money + Σ sells − Σ buys` of the other assets (a deposit when positive, a withdrawal
/// when negative). In the seeds' Example 4 that is the 500 the cash group should buy.
public enum RebalanceEngine {
    /// The one "too small" rule of every strategy (the app's rebalancing rule): a group change
    /// under 1 unit of currency is "no action", and a cash net under it is not traded.
    public static let minimumTrade: ExactDecimal = 1
    /// Rounding slack, not a threshold: amounts are money, so half a cent either way is equal.
    static let cent = ExactDecimal(string: "0.01")!
    static let quantityPlaces = 8

    // MARK: From group changes

    public static func plan(_ input: RebalanceInput, adjustments: GroupAdjustments, strategy: String,
                            choose: [String: Int64] = [:], newMoney: ExactDecimal = 0) -> TradePlan {
        var trades: [PlannedTrade] = []
        var problems: [String] = []
        let cashID = cashHolding(input, choose: choose)?.assetID
        for group in adjustments.keys.sorted() {
            let change = adjustments[group]!
            let members = input.holdings.filter { $0.group == group }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.name < $1.name }
            let chosen = choose[group].flatMap { id in input.holdings.first { $0.assetID == id } } ?? members.first
            if change > 0 {
                guard let asset = chosen else {
                    problems.append("No asset holds '\(group)' to buy \(change.fixedText(places: 2)): name one with choose = { [\"\(group)\"] = \"…\" }.")
                    continue
                }
                guard asset.price > 0 else {
                    problems.append("'\(asset.name)' has no price to buy at: record a price first.")
                    continue
                }
                trades.append(trade(asset, .buy, amount: change))
            } else {
                var left = -change
                let order = (chosen.map { [$0] } ?? []) + members.filter { $0.assetID != chosen?.assetID }
                for asset in order where left > 0 && asset.value > 0 {
                    let take = min(left, asset.value)
                    trades.append(trade(asset, .sell, amount: take))
                    left -= take
                }
                if left >= cent {
                    problems.append("'\(group)' holds \(input.value(group).fixedText(places: 2)), less than the \((-change).fixedText(places: 2)) to sell.")
                }
            }
        }
        return finish(input, trades: trades, strategy: strategy, cashID: cashID, newMoney: newMoney, problems: problems)
    }

    // MARK: From a custom rule

    /// Checks a custom rule's trades: known assets of the portfolio, side buy or sell, either an
    /// amount or a quantity above zero, no sell above the holding, buys funded by the sells,
    /// the cash and the new money. The error names the offending trade.
    public static func plan(_ input: RebalanceInput, requests: [TradeRequest], strategy: String,
                            choose: [String: Int64] = [:], newMoney: ExactDecimal = 0) throws -> TradePlan {
        let cash = cashHolding(input, choose: choose)
        var trades: [PlannedTrade] = []
        var sold: [Int64: ExactDecimal] = [:]
        for r in requests {
            guard let holding = input.holdings.first(where: { $0.name == r.asset }) else {
                throw RuleViolation("\(r.label): '\(r.asset)' is not an asset of this portfolio.")
            }
            guard let side = RebalanceAction(rawValue: r.side), side != .noAction else {
                throw RuleViolation("\(r.label): side must be \"buy\" or \"sell\", not '\(r.side)'.")
            }
            if r.amount != nil, r.quantity != nil { throw RuleViolation("\(r.label): give either amount or quantity, not both.") }
            guard let size = r.amount ?? r.quantity else { throw RuleViolation("\(r.label): give an amount or a quantity.") }
            guard size > 0 else { throw RuleViolation("\(r.label): \(r.amount != nil ? "amount" : "quantity") must be greater than zero.") }
            guard holding.price > 0 else { throw RuleViolation("\(r.label): '\(holding.name)' has no price; record one first.") }
            var t = r.amount != nil ? trade(holding, side, amount: size) : trade(holding, side, quantity: size)
            if side == .sell {
                let already = sold[holding.assetID] ?? 0
                // Up to half a cent (or 1e-8 units) over the holding counts as all of it.
                let requested = r.amount.map { $0 / t.price } ?? size
                let slack = r.amount != nil ? cent / 2 / t.price : ExactDecimal(string: "0.00000001")!
                if HoldingsRules.exceeds(.sell, already + requested, held: holding.quantity + slack) {
                    throw RuleViolation(HoldingsRules.rebalanceBeyondHoldingMessage(r.label, value: holding.value, quantity: holding.quantity,
                                                                                    alreadySold: already > 0),
                                        rule: .insufficientHoldings, asset: holding.name)
                }
                if already + t.quantity > holding.quantity { t = trade(holding, .sell, quantity: holding.quantity - already) }
                sold[holding.assetID] = already + t.quantity
            }
            trades.append(t)
        }
        // Funding: the buys of non-cash assets against their sells, the cash and the new money.
        let funding = cash?.value ?? 0
        let sells = trades.filter { $0.side == .sell && $0.assetID != cash?.assetID }.reduce(ExactDecimal.zero) { $0 + $1.amount }
        let available = sells + funding + newMoney
        var bought: ExactDecimal = 0
        for (i, t) in trades.enumerated() where t.side == .buy && t.assetID != cash?.assetID {
            bought += t.amount
            if bought > available + cent / 2 {
                throw RuleViolation("\(requests[i].label): buys are not funded: \(bought.fixedText(places: 2)) bought so far, \(available.fixedText(places: 2)) available (sells \(sells.fixedText(places: 2)) + cash \(funding.fixedText(places: 2)) + new money \(newMoney.fixedText(places: 2))).")
            }
        }
        return finish(input, trades: trades, strategy: strategy, cashID: cash?.assetID, newMoney: newMoney, problems: [])
    }

    /// The plan when there are no targets: no trades, and a problem saying how to set them.
    public static func withoutTargets(_ input: RebalanceInput, strategy: String, dimension: String) -> TradePlan {
        let rows = rows(input.values, [:])
        return TradePlan(strategy: strategy, trades: [], groups: [], before: rows, after: rows, summary: [], newMoney: 0,
                         problems: ["No targets by \(dimension) for this portfolio: set them with portfolio:set_targets{…} or pass targets = {…}."],
                         targetsWarning: nil)
    }

    // MARK: Shared

    /// The cash asset that funds buys: `choose["cash"]` when it is cash, else the largest cash holding.
    public static func cashHolding(_ input: RebalanceInput, choose: [String: Int64] = [:]) -> RebalanceHolding? {
        let cash = input.holdings.filter(\.isCash)
        if let id = choose["cash"], let h = cash.first(where: { $0.assetID == id }) { return h }
        return cash.max { $0.value != $1.value ? $0.value < $1.value : $0.name > $1.name }
    }

    static func trade(_ h: RebalanceHolding, _ side: RebalanceAction, amount: ExactDecimal) -> PlannedTrade {
        let price = h.isCash ? 1 : h.price
        if side == .sell, amount >= h.value - cent / 2 {
            return PlannedTrade(assetID: h.assetID, asset: h.name, group: h.group, side: side, amount: h.value, quantity: h.quantity, price: price, isCash: h.isCash)
        }
        let quantity = h.isCash ? amount : (amount / price).rounded(places: quantityPlaces, mode: side == .sell ? .down : .plain)
        return PlannedTrade(assetID: h.assetID, asset: h.name, group: h.group, side: side, amount: amount, quantity: quantity, price: price, isCash: h.isCash)
    }

    static func trade(_ h: RebalanceHolding, _ side: RebalanceAction, quantity: ExactDecimal) -> PlannedTrade {
        let price = h.isCash ? 1 : h.price
        return PlannedTrade(assetID: h.assetID, asset: h.name, group: h.group, side: side, amount: quantity * price,
                            quantity: quantity, price: price, isCash: h.isCash)
    }

    /// Replaces the trades on the funding cash asset by their net, then builds rows and summary.
    static func finish(_ input: RebalanceInput, trades planned: [PlannedTrade], strategy: String, cashID: Int64?,
                       newMoney: ExactDecimal, problems: [String]) -> TradePlan {
        var trades = planned
        if let cashID, let cash = input.holdings.first(where: { $0.assetID == cashID }) {
            trades.removeAll { $0.assetID == cashID }
            var net = newMoney
            for t in trades { net += t.side == .sell ? t.amount : -t.amount }
            if abs(net) >= minimumTrade { trades.append(trade(cash, net > 0 ? .buy : .sell, amount: abs(net))) }
        }
        var changes: [String: ExactDecimal] = [:]
        for t in trades { changes[t.group, default: 0] += t.side == .buy ? t.amount : -t.amount }
        var afterValues = input.values
        for (g, c) in changes { afterValues[g, default: 0] += c }
        let groupRows = afterValues.keys.map { g -> RebalanceRow in
            let c = changes[g] ?? 0
            return RebalanceRow(key: g, currentValue: input.value(g), targetValue: input.targetValue(g, newMoney: newMoney),
                                action: abs(c) < minimumTrade ? .noAction : (c > 0 ? .buy : .sell), amount: abs(c))
        }.sorted { $0.amount != $1.amount ? $0.amount > $1.amount : $0.key < $1.key }
        return TradePlan(strategy: strategy, trades: trades, groups: groupRows,
                         before: rows(input.values, input.targets), after: rows(afterValues, input.targets),
                         summary: summary(changes), newMoney: newMoney, problems: problems,
                         targetsWarning: Drift.targetsWarning(input.targets))
    }

    static func rows(_ values: [String: ExactDecimal], _ targets: [String: ExactDecimal]) -> [PlanRow] {
        let allocation = Allocation.rows(values.map { (key: $0.key, value: $0.value) })
        return allocation.map { PlanRow(key: $0.key, value: $0.value, percent: $0.percent, target: targets[$0.key] ?? 0) }
    }

    /// The summary lines: the largest sell pairs with the largest buy, greedily (each move the
    /// smaller of what the sell has left and what the buy still needs): "Move 1000.00 from
    /// crypto to stock"; leftovers become "Sell X of A" / "Buy X of B" (targets not summing
    /// to 100). Moves that would show as 0.00 are left out.
    public static func summary(_ changes: [String: ExactDecimal]) -> [String] {
        let ordered = changes.sorted { abs($0.value) != abs($1.value) ? abs($0.value) > abs($1.value) : $0.key < $1.key }
        var sells = ordered.filter { $0.value <= -minimumTrade }.map { (key: $0.key, left: -$0.value) }
        var buys = ordered.filter { $0.value >= minimumTrade }.map { (key: $0.key, left: $0.value) }
        var lines: [String] = []
        var s = 0, b = 0
        while s < sells.count, b < buys.count {
            let amount = min(sells[s].left, buys[b].left)
            if amount.rounded(places: 2) > 0 { lines.append("Move \(amount.fixedText(places: 2)) from \(sells[s].key) to \(buys[b].key)") }
            sells[s].left -= amount
            buys[b].left -= amount
            if sells[s].left.rounded(places: 2).isZero { s += 1 }
            if buys[b].left.rounded(places: 2).isZero { b += 1 }
        }
        for sell in sells[min(s, sells.count)...] where sell.left.rounded(places: 2) > 0 { lines.append("Sell \(sell.left.fixedText(places: 2)) of \(sell.key)") }
        for buy in buys[min(b, buys.count)...] where buy.left.rounded(places: 2) > 0 { lines.append("Buy \(buy.left.fixedText(places: 2)) of \(buy.key)") }
        return lines
    }
}
