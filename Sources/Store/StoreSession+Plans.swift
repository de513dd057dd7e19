import Core
import Foundation
import GRDB

/// Investment plans and regular saving plans.
extension StoreSession {
    // MARK: Investment plans

    public func investmentPlan(id: Int64) throws -> (plan: InvestmentPlan, portfolioID: Int64?)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM investment_plan WHERE id = ?", arguments: [id]) else { return nil }
        let plan = InvestmentPlan(id: try row.value("id"), name: try row.value("name"), targetAmount: try row.decimal("target_amount"),
                                  monthlyContribution: try row.decimal("monthly_contribution"), startDate: try row.date("start_date"),
                                  targetDate: try row.date("target_date"), riskTolerance: try RiskTolerance.parse(try row.value("risk_tolerance")),
                                  status: try InvestmentPlanStatus.parse(try row.value("status")), notes: try row.value("notes"))
        return (plan, try row.value("portfolio_id"))
    }

    /// Progress of a plan as of a date: the current amount is the value on that date of its
    /// portfolio (or of every asset).
    public func progress(ofPlan id: Int64, asOf: CalendarDate? = nil) throws -> InvestmentPlanProgress {
        guard let (plan, portfolioID) = try investmentPlan(id: id) else { throw StoreError.notFound(table: "investment_plan", id: id) }
        let date = asOf ?? today
        let assets = try portfolioID.map { try self.assets(inPortfolio: $0) } ?? self.assets()
        return InvestmentPlanProgress(plan: plan, currentAmount: try value(of: assets, at: date), today: date)
    }

    // MARK: Regular saving plans

    public func savingPlans() throws -> [RegularSavingPlan] {
        try Row.fetchAll(db, sql: "SELECT * FROM saving_plan ORDER BY id").map { row in
            RegularSavingPlan(id: try row.value("id"), name: try row.value("name"), assetID: try row.value("asset_id"), sourceAssetID: try row.value("source_asset_id"),
                              amount: try row.decimal("amount"), frequency: try SavingFrequency.parse(try row.value("frequency")),
                              startDate: try row.date("start_date"), nextDueDate: try row.date("next_due_date"),
                              executionMethod: try SavingExecutionMethod.parse(try row.value("execution_method")),
                              isActive: try row.value("is_active"), dayOfMonth: try row.value("day_of_month"))
        }
    }

    public func savingPlan(id: Int64) throws -> RegularSavingPlan? { try savingPlans().first { $0.id == id } }

    /// Manual plans due on or before `asOf`: one reminder per occurrence (none for a plan
    /// whose asset was deleted).
    public func reminders(asOf: CalendarDate? = nil) throws -> [(plan: RegularSavingPlan, date: CalendarDate)] {
        let asOf = asOf ?? today
        return try savingPlans().filter { $0.executionMethod == .manual && $0.assetID != nil }.flatMap { plan in
            plan.dueOccurrences(asOf: asOf).map { (plan, $0) }
        }
    }
}
