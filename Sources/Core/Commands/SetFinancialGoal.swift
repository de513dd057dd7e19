import Foundation

/// Sets the financial goal (a setting) from the text the user typed (`GoalRules.parseGoal`:
/// a number above zero; empty text clears it). Returns the goal now set.
public struct SetFinancialGoal: Command {
    /// The setting's key in the store.
    public static let settingKey = "financial_goal"

    public var text: String

    public init(text: String) { self.text = text }

    public func run(in store: CommandStore) throws -> ExactDecimal? {
        let goal = try GoalRules.parseGoal(text)
        try store.setSetting(Self.settingKey, goal?.plainText)
        return goal
    }
}
