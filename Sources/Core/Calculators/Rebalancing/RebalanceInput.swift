import Foundation

/// One asset as a rebalancing strategy sees it.
public struct RebalanceHolding: Equatable, Sendable {
    public let assetID: Int64
    public let name: String
    /// The group it counts towards (its type, category or own name).
    public let group: String
    public let quantity: ExactDecimal
    /// Current price (1 for cash).
    public let price: ExactDecimal
    public let isCash: Bool

    public init(assetID: Int64, name: String, group: String, quantity: ExactDecimal, price: ExactDecimal, isCash: Bool = false) {
        self.assetID = assetID
        self.name = name
        self.group = group
        self.quantity = quantity
        self.price = price
        self.isCash = isCash
    }

    /// quantity × price.
    public var value: ExactDecimal { quantity * price }
}

/// How far a group may drift before a band strategy acts, in percentage points of the total.
///
/// The band half-width of a group with target t is
/// `max(floor, min(absolute, relative × t ÷ 100))`, each part optional. The "5/25 rule" is
/// `absolute: 5, relative: 25`: a 60 % target may move ±5 points, a 10 % target ±2.5.
/// `relative: 25, floor: 1` gives a 2 % target a band of ±1 point rather than ±0.5.
public struct RebalanceTolerance: Equatable, Sendable {
    public var absolute: ExactDecimal?
    public var relative: ExactDecimal?
    public var floor: ExactDecimal?

    /// ±5 points, the seeds' "minor deviation" limit.
    public static let standard = RebalanceTolerance(absolute: Drift.minorDeviationLimit)

    public init(absolute: ExactDecimal? = nil, relative: ExactDecimal? = nil, floor: ExactDecimal? = nil) {
        self.absolute = absolute
        self.relative = relative
        self.floor = floor
    }

    public func validate() throws {
        if absolute == nil, relative == nil { throw RuleViolation("A tolerance needs an absolute width in points or a relative one in percent, e.g. tolerance = 5 or { absolute = 5, relative = 25 }.") }
        for (name, value) in [("absolute", absolute), ("relative", relative), ("floor", floor)] {
            if let value, value < 0 { throw RuleViolation("Tolerance '\(name)' must be zero or greater, not \(value.plainText).") }
        }
    }

    /// The band half-width in points for a group with `target` percent.
    public func width(forTarget target: ExactDecimal) -> ExactDecimal {
        var width: ExactDecimal?
        if let absolute { width = absolute }
        if let relative {
            let r = relative * target / 100
            width = width.map { min($0, r) } ?? r
        }
        return max(floor ?? 0, width ?? 0)
    }
}

/// Where a band strategy takes a group that left its band.
public enum BandDestination: String, CaseIterable, Sendable {
    case target, edge

    public static func parse(_ text: String) throws -> BandDestination {
        if let d = BandDestination(rawValue: text.lowercased()) { return d }
        throw RuleViolation("Unknown band destination '\(text)'. Use \"target\" or \"edge\".")
    }
}

/// What every strategy starts from: the holdings, grouped, and the targets by group.
public struct RebalanceInput: Sendable {
    public let holdings: [RebalanceHolding]
    /// Target percent by group; a group without a target has target 0.
    public let targets: [String: ExactDecimal]
    /// Group values (Σ of their holdings), with 0 for a target nobody holds.
    public let values: [String: ExactDecimal]
    public let total: ExactDecimal

    public init(holdings: [RebalanceHolding], targets: [String: ExactDecimal]) throws {
        try Drift.validateTargets(targets)
        self.holdings = holdings
        self.targets = targets
        var values: [String: ExactDecimal] = [:]
        for h in holdings { values[h.group, default: 0] += h.value }
        for key in targets.keys where values[key] == nil { values[key] = 0 }
        self.values = values
        total = values.values.reduce(ExactDecimal.zero, +)
    }

    /// Every group, sorted by name.
    public var groups: [String] { values.keys.sorted() }

    public func target(_ group: String) -> ExactDecimal { targets[group] ?? 0 }
    public func value(_ group: String) -> ExactDecimal { values[group] ?? 0 }

    /// Actual percent (exact, unrounded); 0 when the total is 0.
    public func actualPercent(_ group: String) -> ExactDecimal { total > 0 ? value(group) / total * 100 : 0 }

    /// actual − target, in points (exact).
    public func drift(_ group: String) -> ExactDecimal { actualPercent(group) - target(group) }

    /// The value of the group's target after `newMoney` came in (or went out).
    public func targetValue(_ group: String, newMoney: ExactDecimal = 0) -> ExactDecimal { (total + newMoney) * target(group) / 100 }

    /// Value of the cash holdings.
    public var cash: ExactDecimal { holdings.filter(\.isCash).reduce(ExactDecimal.zero) { $0 + $1.value } }
}

/// A strategy's answer: the signed change of each group's value (+ buy, − sell).
public typealias GroupAdjustments = [String: ExactDecimal]
