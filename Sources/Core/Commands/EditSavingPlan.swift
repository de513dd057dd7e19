import Foundation

/// Edits a regular saving plan: the fields given replace the old ones, then the plan's own
/// rules (`RegularSavingPlan.validate`) apply as on creation; a new asset or source must
/// exist. `source: .some(nil)` removes the source (the plan then runs as a transfer in).
///
/// Pausing and resuming is `isActive`. Occurrences that fell due while a plan was paused are
/// skipped, not caught up: resuming moves the next due date to the first occurrence on or
/// after today (a person resuming a plan paused since March does not expect March's buy).
///
///     try session.execute(EditSavingPlan(id: plan.id!, amount: 250))
///     try session.execute(EditSavingPlan(id: plan.id!, isActive: false))   // pause
public struct EditSavingPlan: Command {
    public var id: Int64
    public var name: String?
    public var asset: Int64?
    /// nil: unchanged; `.some(nil)`: no source.
    public var source: Int64??
    public var amount: ExactDecimal?
    public var frequency: SavingFrequency?
    public var startDate: CalendarDate?
    public var nextDueDate: CalendarDate?
    public var executionMethod: SavingExecutionMethod?
    public var isActive: Bool?
    public var dayOfMonth: Int?

    public init(id: Int64, name: String? = nil, asset: Int64? = nil, source: Int64?? = nil, amount: ExactDecimal? = nil,
                frequency: SavingFrequency? = nil, startDate: CalendarDate? = nil, nextDueDate: CalendarDate? = nil,
                executionMethod: SavingExecutionMethod? = nil, isActive: Bool? = nil, dayOfMonth: Int? = nil) {
        self.id = id
        self.name = name
        self.asset = asset
        self.source = source
        self.amount = amount
        self.frequency = frequency
        self.startDate = startDate
        self.nextDueDate = nextDueDate
        self.executionMethod = executionMethod
        self.isActive = isActive
        self.dayOfMonth = dayOfMonth
    }

    public func run(in store: CommandStore) throws -> RegularSavingPlan {
        let original = try store.requireSavingPlan(id: id)
        var plan = edited(original)
        if original.isActive == false, plan.isActive, nextDueDate == nil {
            plan = plan.markingExecuted(through: store.today.adding(days: -1))
        }
        try plan.validate()
        if let asset { _ = try store.requireAsset(id: asset) }
        if let source, let sourceID = source { _ = try store.requireAsset(id: sourceID) }
        plan.name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try store.update(plan)
        return plan
    }

    /// The plan with the given fields replaced. A plan that becomes monthly without a day
    /// of month takes its start date's day; one that stops being monthly drops it.
    func edited(_ original: RegularSavingPlan) -> RegularSavingPlan {
        var plan = original
        if let name { plan.name = name }
        if let asset { plan.assetID = asset }
        if let source { plan.sourceAssetID = source }
        if let amount { plan.amount = amount }
        if let frequency { plan.frequency = frequency }
        if let startDate { plan.startDate = startDate }
        if let nextDueDate { plan.nextDueDate = nextDueDate }
        if let executionMethod { plan.executionMethod = executionMethod }
        if let isActive { plan.isActive = isActive }
        if let dayOfMonth { plan.dayOfMonth = dayOfMonth }
        if plan.frequency == .monthly, plan.dayOfMonth == nil { plan.dayOfMonth = plan.startDate.day }
        if plan.frequency != .monthly { plan.dayOfMonth = nil }
        return plan
    }
}
