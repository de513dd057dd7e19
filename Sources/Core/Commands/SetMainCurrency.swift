import Foundation

/// Changes the main currency (the `main_currency` setting, USD when unset or unknown).
///
/// A stored financial goal is converted at today's rate (or the latest earlier one) and
/// rounded to a whole number (the app's rule); when no rate exists the change is refused
/// and nothing changes. Returns the goal before and after, nil when there was no goal to
/// convert or the currency did not change.
public struct SetMainCurrency: Command {
    /// The setting's key in the store.
    public static let settingKey = "main_currency"
    public static let defaultCurrency = "USD"

    public var code: String

    public init(code: String) { self.code = code }

    /// The main currency as stored in `value` (a setting's text): the default when unset.
    public static func currency(from value: String?) -> String {
        value.flatMap { Currency.isKnown($0) ? $0.uppercased() : nil } ?? defaultCurrency
    }

    public func run(in store: CommandStore) throws -> (oldGoal: ExactDecimal, newGoal: ExactDecimal)? {
        let new = try Currency.normalize(code)
        let old = Self.currency(from: try store.setting(Self.settingKey))
        guard new != old else { return nil }
        var converted: (ExactDecimal, ExactDecimal)?
        if let goal = try store.setting(SetFinancialGoal.settingKey).flatMap(ExactDecimal.parseOrNil) {
            let table = try store.rateTable(for: [old, new], through: store.today)
            let value = try table.convert(goal, from: old, to: new, on: store.today).amount.rounded(places: 0)
            if value <= 0 { throw RuleViolation(GoalRules.notPositiveMessage) }
            try store.setSetting(SetFinancialGoal.settingKey, value.plainText)
            converted = (goal, value)
        }
        try store.setSetting(Self.settingKey, new)
        return converted
    }
}
