import Foundation

/// Executes every due occurrence of the active automatic saving plans up to `asOf` (default
/// today), oldest first, and advances their next due dates, so running twice adds nothing.
/// A plan whose asset was deleted does not run (and keeps its next due date).
///
/// Each occurrence: with a source, a linked sell of `amount` worth of the source (which must
/// hold that much on the occurrence's day, `RegularSavingPlan.validateSourceBalance`) and buy
/// of the asset; without,
/// a transfer in. Units are amount ÷ the price on or before the date (1 for cash), to 8
/// decimals; a price above zero is required. Returns the transactions made.
public struct RunSavingPlans: Command {
    public var asOf: CalendarDate?

    public init(asOf: CalendarDate? = nil) { self.asOf = asOf }

    public func run(in store: CommandStore) throws -> [Transaction] {
        let asOf = asOf ?? store.today
        var made: [Transaction] = []
        for plan in try store.savingPlans() where plan.executionMethod == .automatic && plan.assetID != nil {
            for date in plan.dueOccurrences(asOf: asOf) { made += try execute(plan, on: date, in: store) }
            let advanced = plan.markingExecuted(through: asOf)
            if advanced.nextDueDate != plan.nextDueDate { try store.setNextDueDate(ofSavingPlan: plan.id!, to: advanced.nextDueDate) }
        }
        return made
    }

    func execute(_ plan: RegularSavingPlan, on date: CalendarDate, in store: CommandStore) throws -> [Transaction] {
        let asset = try store.requireAsset(id: plan.assetID!)
        let price = try Self.price(of: asset, onOrBefore: date, in: store)
        let units: ExactDecimal = plan.amount / price
        let note = "Saving plan: \(plan.name)"
        guard let sourceID = plan.sourceAssetID else {
            return [try RecordTransaction(Transaction(assetID: asset.id!, type: .transferIn, date: date, quantity: units.rounded(places: 8),
                                                      pricePerUnit: price, currency: asset.currency, note: note)).run(in: store)]
        }
        let source = try store.requireAsset(id: sourceID)
        let sourcePrice = try Self.price(of: source, onOrBefore: date, in: store)
        let sourceUnits: ExactDecimal = plan.amount / sourcePrice
        // What the source held at the end of the occurrence's day (not today: a missed
        // occurrence run later is checked against its own day).
        let held = try store.holdings(ofAsset: sourceID, from: HoldingsHistory.LedgerKey(date: date, id: .max)).opening
        let available: ExactDecimal = held * sourcePrice
        try RuleViolation.about(asset: source.name, date: date) { try plan.validateSourceBalance(available: available) }
        var sell = try RecordTransaction(Transaction(assetID: sourceID, type: .sell, date: date, quantity: sourceUnits.rounded(places: 8),
                                                     pricePerUnit: sourcePrice, currency: source.currency, note: note)).run(in: store)
        var buy = try RecordTransaction(Transaction(assetID: asset.id!, type: .buy, date: date, quantity: units.rounded(places: 8),
                                                    pricePerUnit: price, currency: asset.currency, note: note)).run(in: store)
        try store.link(&sell, &buy)
        return [sell, buy]
    }

    /// The price on or before `date` (1 for cash); it must be above zero.
    static func price(of asset: Asset, onOrBefore date: CalendarDate, in store: CommandStore) throws -> ExactDecimal {
        if asset.isCash { return 1 }
        guard let price = try store.price(ofAsset: asset.id!, onOrBefore: date), price > 0 else {
            throw RuleViolation("'\(asset.name)' has no price above zero on or before \(date).", rule: .missingPrice, asset: asset.name, date: date)
        }
        return price
    }
}
