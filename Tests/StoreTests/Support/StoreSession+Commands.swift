import Core
import Foundation
@testable import Store

/// The tests' short ways to run a command on a session: each builds the command and runs it
/// through `execute`, the one door for changes. The app's code builds its commands itself;
/// these lived in the Store and moved here, where their only callers are.
extension StoreSession {
    /// Creates an investment plan: the `CreateInvestmentPlan` command.
    public func createInvestmentPlan(_ plan: InvestmentPlan, portfolioID: Int64? = nil) throws -> InvestmentPlan {
        try execute(CreateInvestmentPlan(plan, portfolioID: portfolioID))
    }

    /// Creates a saving plan: the `CreateSavingPlan` command.
    public func createSavingPlan(_ plan: RegularSavingPlan) throws -> RegularSavingPlan { try execute(CreateSavingPlan(plan)) }

    /// Edits, pauses or resumes a saving plan: the `EditSavingPlan` command.
    @discardableResult
    public func editSavingPlan(_ edit: EditSavingPlan) throws -> RegularSavingPlan { try execute(edit) }

    /// Deletes a saving plan: the `DeleteSavingPlan` command.
    public func deleteSavingPlan(id: Int64) throws { try execute(DeleteSavingPlan(id: id)) }

    /// Executes every due occurrence of the automatic plans: the `RunSavingPlans` command.
    public func runDuePlans(asOf: CalendarDate? = nil) throws -> [Transaction] { try execute(RunSavingPlans(asOf: asOf)) }

    /// Sets the asset's quantity: the `SetQuantity` command.
    public func setQuantity(ofAsset id: Int64, to quantity: ExactDecimal, date: CalendarDate? = nil, note: String = "") throws -> Transaction {
        try execute(SetQuantity(asset: id, quantity: quantity, date: date, note: note))
    }

    /// A swap: the `Swap` command.
    public func swap(from: Int64, to: Int64, quantity: ExactDecimal, price: ExactDecimal?, toQuantity: ExactDecimal?,
                     toPrice: ExactDecimal?, date: CalendarDate? = nil) throws -> (sell: Transaction, buy: Transaction) {
        try execute(Swap(from: from, to: to, quantity: quantity, price: price, toQuantity: toQuantity, toPrice: toPrice, date: date))
    }

    /// Income paid by `source` into `asset`: the `Dividend` or `Interest` command.
    public func recordIncome(_ type: TransactionType, asset id: Int64, source: Int64, amount: ExactDecimal?,
                             quantity: ExactDecimal? = nil, price: ExactDecimal? = nil, date: CalendarDate? = nil, note: String = "") throws -> Transaction {
        precondition(type == .dividend || type == .interest)
        if type == .dividend { return try execute(Dividend(asset: id, source: source, amount: amount, date: date, note: note)) }
        return try execute(Interest(asset: id, source: source, amount: amount, quantity: quantity, price: price, date: date, note: note))
    }

    /// Replaces the portfolio's targets for `dimension`: the `SetTargets` command.
    public func setTargets(portfolio id: Int64, by dimension: AllocationDimension, _ targets: [String: ExactDecimal]) throws {
        try execute(SetTargets(portfolio: id, by: dimension, targets: targets))
    }

    /// Creates a category: the `CreateCategory` command.
    public func createCategory(name: String, targetPercent: ExactDecimal? = nil) throws -> Category {
        try execute(CreateCategory(name: name, targetPercent: targetPercent))
    }

    /// Edits a transaction in place: `change` sets the new fields of an `EditTransaction`.
    public func editTransaction(id: Int64, _ change: (inout Transaction) throws -> Void) throws -> Transaction {
        let original = try requireTransaction(id: id)
        var edited = original
        try change(&edited)
        return try execute(EditTransaction(from: original, to: edited))
    }

    /// Deletes a transaction: the `DeleteTransaction` command.
    public func deleteTransaction(id: Int64) throws { try execute(DeleteTransaction(id: id)) }

    /// Changes a price record: the `EditPrice` command.
    public func editPrice(id: Int64, price newPrice: ExactDecimal?, date newDate: CalendarDate?) throws -> PricePoint {
        try execute(EditPrice(id: id, price: newPrice, date: newDate))
    }

    /// Deletes a price record: the `DeletePrice` command.
    public func deletePrice(id: Int64) throws { try execute(DeletePrice(id: id)) }

    /// Updates an asset's attributes: `change` sets the new values of an `UpdateAsset`.
    public func updateAsset(id: Int64, _ change: (inout Asset) throws -> Void) throws -> Asset {
        var updated = try requireAsset(id: id)
        try change(&updated)
        return try execute(UpdateAsset(to: updated, id: id))
    }

    /// Deletes an asset: the `DeleteAsset` command.
    public func deleteAsset(id: Int64) throws { try execute(DeleteAsset(id: id)) }

    /// Deletes a portfolio: the `DeletePortfolio` command.
    public func deletePortfolio(id: Int64) throws { try execute(DeletePortfolio(id: id)) }

    /// Records the plan's trades: the `ApplyRebalancePlan` command.
    public func apply(_ plan: TradePlan, date: CalendarDate? = nil, note: String? = nil) throws -> [Transaction] {
        try execute(ApplyRebalancePlan(plan, date: date, note: note))
    }
}
