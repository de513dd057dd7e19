import Core
import Foundation
import GRDB

/// Investment plans and regular saving plans.
extension StoreSession {
    // MARK: Investment plans

    /// Validates and stores an investment plan; `portfolioID` (optional) is what its
    /// progress measures, otherwise the net worth.
    public func createInvestmentPlan(_ plan: InvestmentPlan, portfolioID: Int64? = nil) throws -> InvestmentPlan {
        try plan.validate()
        if let portfolioID, try portfolio(id: portfolioID) == nil { throw StoreError.notFound("No portfolio with id \(portfolioID).") }
        var plan = plan
        plan.name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try db.execute(sql: """
            INSERT INTO investment_plan(name, target_amount, monthly_contribution, start_date, target_date, risk_tolerance, status, notes, portfolio_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [plan.name, plan.targetAmount.plainText, plan.monthlyContribution.plainText, plan.startDate.description,
                             plan.targetDate.description, plan.riskTolerance.rawValue, plan.status.rawValue, plan.notes, portfolioID])
        plan.id = db.lastInsertedRowID
        noteChange("investment_plan", .added)
        return plan
    }

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
        guard let (plan, portfolioID) = try investmentPlan(id: id) else { throw StoreError.notFound("No investment plan with id \(id).") }
        let date = asOf ?? today
        let assets = try portfolioID.map { try self.assets(inPortfolio: $0) } ?? self.assets()
        return InvestmentPlanProgress(plan: plan, currentAmount: try value(of: assets, at: date), today: date)
    }

    // MARK: Regular saving plans

    /// Validates and stores a saving plan.
    public func createSavingPlan(_ plan: RegularSavingPlan) throws -> RegularSavingPlan {
        try plan.validate()
        _ = try requireAsset(id: plan.assetID)
        if let source = plan.sourceAssetID { _ = try requireAsset(id: source) }
        var plan = plan
        plan.name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try db.execute(sql: """
            INSERT INTO saving_plan(name, asset_id, source_asset_id, amount, frequency, start_date, next_due_date, execution_method, is_active, day_of_month)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [plan.name, plan.assetID, plan.sourceAssetID, plan.amount.plainText, plan.frequency.rawValue, plan.startDate.description,
                             plan.nextDueDate.description, plan.executionMethod.rawValue, plan.isActive, plan.dayOfMonth])
        plan.id = db.lastInsertedRowID
        noteChange("saving_plan", .added)
        return plan
    }

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

    /// The price of an asset on or before `date` (1 for cash); an error when there is none.
    func price(ofAsset asset: Asset, onOrBefore date: CalendarDate) throws -> ExactDecimal {
        if asset.isCash { return 1 }
        guard let text = try String.fetchOne(db, sql: "SELECT price FROM price_history WHERE asset_id = ? AND date <= ? ORDER BY date DESC LIMIT 1",
                                             arguments: [asset.id, date.description]),
              let price = ExactDecimal.parseOrNil(text), price > 0 else {
            throw ValidationError("'\(asset.name)' has no price above zero on or before \(date).")
        }
        return price
    }

    /// Executes every due occurrence of the active automatic plans up to `asOf`, oldest first,
    /// all or nothing, and advances their next due dates (so running twice adds nothing).
    /// With a source: a linked sell of `amount` worth of the source and buy of the asset at
    /// its price on or before the date; without: a transfer in. Returns the transactions.
    public func runDuePlans(asOf: CalendarDate? = nil) throws -> [Transaction] {
        let asOf = asOf ?? today
        return try atomically {
            var made: [Transaction] = []
            for plan in try savingPlans() where plan.executionMethod == .automatic {
                for date in plan.dueOccurrences(asOf: asOf) { made += try execute(plan, on: date) }
                let advanced = plan.markingExecuted(through: asOf)
                if advanced.nextDueDate != plan.nextDueDate {
                    try db.execute(sql: "UPDATE saving_plan SET next_due_date = ? WHERE id = ?", arguments: [advanced.nextDueDate.description, plan.id])
                    noteChange("saving_plan", .changed)
                }
            }
            return made
        }
    }

    func execute(_ plan: RegularSavingPlan, on date: CalendarDate) throws -> [Transaction] {
        let asset = try requireAsset(id: plan.assetID)
        let price = try price(ofAsset: asset, onOrBefore: date)
        let units: ExactDecimal = plan.amount / price
        let note = "Saving plan: \(plan.name)"
        guard let sourceID = plan.sourceAssetID else {
            return [try record(Transaction(assetID: asset.id!, type: .transferIn, date: date, quantity: units.rounded(places: 8),
                                           pricePerUnit: price, currency: asset.currency, note: note))]
        }
        let source = try requireAsset(id: sourceID)
        let sourcePrice = try self.price(ofAsset: source, onOrBefore: date)
        let sourceUnits: ExactDecimal = plan.amount / sourcePrice
        let available: ExactDecimal = try position(ofAsset: sourceID).quantity * sourcePrice
        try plan.validateSourceBalance(available: available)
        var sell = try record(Transaction(assetID: sourceID, type: .sell, date: date, quantity: sourceUnits.rounded(places: 8),
                                          pricePerUnit: sourcePrice, currency: source.currency, note: note))
        var buy = try record(Transaction(assetID: asset.id!, type: .buy, date: date, quantity: units.rounded(places: 8),
                                         pricePerUnit: price, currency: asset.currency, note: note))
        try link(&sell, &buy)
        return [sell, buy]
    }

    /// Manual plans due on or before `asOf`: one reminder per occurrence.
    public func reminders(asOf: CalendarDate? = nil) throws -> [(plan: RegularSavingPlan, date: CalendarDate)] {
        let asOf = asOf ?? today
        return try savingPlans().filter { $0.executionMethod == .manual }.flatMap { plan in
            plan.dueOccurrences(asOf: asOf).map { (plan, $0) }
        }
    }
}
