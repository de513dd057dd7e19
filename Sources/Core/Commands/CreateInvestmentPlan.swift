import Foundation

/// A new investment plan (`InvestmentPlan.validate`: a name, target above zero, monthly
/// contribution ≥ 0, target date after the start); `portfolioID`, when given, is what its
/// progress measures (otherwise the net worth) and must exist.
public struct CreateInvestmentPlan: Command {
    public var plan: InvestmentPlan
    public var portfolioID: Int64?

    public init(_ plan: InvestmentPlan, portfolioID: Int64? = nil) {
        self.plan = plan
        self.portfolioID = portfolioID
    }

    public func run(in store: CommandStore) throws -> InvestmentPlan {
        try plan.validate()
        if let portfolioID { _ = try store.requirePortfolio(id: portfolioID) }
        var plan = plan
        plan.name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try store.insert(plan, portfolioID: portfolioID)
    }
}
