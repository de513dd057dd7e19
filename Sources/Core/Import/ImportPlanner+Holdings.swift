import Foundation

extension ImportPlanner {
    /// A sell or transfer out may not take more than was held on its date, nor an adjustment
    /// make the quantity negative (`HoldingsRules.exceeds` decides, `HoldingsRules.violation`
    /// words it): checked on each asset's timeline of stored and imported
    /// transactions merged by date (stored ones first on the same day, as their ids are
    /// lower). One pass per asset, no replay per row.
    mutating func checkHoldings() {
        // Each asset's imported rows as (day, index in the plan): sorting these small pairs,
        // not the rows themselves, keeps the file's order within a day.
        var imported: [ImportPlan.AssetRef: [(day: Int, index: Int)]] = [:]
        plan.transactions.withUnsafeBufferPointer { rows in  // fields read in place: a row is 288 bytes to copy
            for index in rows.indices { imported[rows[index].asset, default: []].append((rows[index].transaction.date.dayNumber, index)) }
        }
        for (ref, entries) in imported {
            var stored: [Transaction] = []
            if case .existing(let id) = ref { stored = context.transactions[id] ?? [] }
            let added = entries.sorted { ($0.day, $0.index) < ($1.day, $1.index) }.map(\.index)
            checkTimeline(stored: stored, added: added, asset: asset(of: ref))
        }
    }

    func asset(of ref: ImportPlan.AssetRef) -> Asset {
        switch ref {
        case .new(let index): plan.newAssets[index]
        case .existing(let id): context.assets.first { $0.id == id }!
        }
    }

    /// `added`: indices in `plan.transactions`, in date order. Each step reads a row's date,
    /// type and quantity in place; a whole transaction is made only for a message.
    private mutating func checkTimeline(stored: [Transaction], added: [Int], asset: Asset) {
        var held: ExactDecimal = 0
        var s = 0, a = 0
        var lastReducer: Int?  // the imported row to blame for a stored sell that no longer fits
        var blamed = Set<Int>()
        while s < stored.count || a < added.count {
            let step: (date: CalendarDate, type: TransactionType, quantity: ExactDecimal)
            let takeStored: Bool
            if a < added.count {
                let date = plan.transactions.withUnsafeBufferPointer { $0[added[a]].transaction.date }
                takeStored = s < stored.count && stored[s].date <= date
            } else {
                takeStored = true
            }
            if takeStored {
                step = (stored[s].date, stored[s].type, stored[s].quantity)
            } else {
                step = plan.transactions.withUnsafeBufferPointer { ($0[added[a]].transaction.date, $0[added[a]].transaction.type, $0[added[a]].transaction.quantity) }
            }
            // The rule's own comparison first (cheap, on the fields read in place); the whole
            // transaction is made only when it fails.
            if HoldingsRules.exceeds(step.type, step.quantity, held: held),
               let violation = HoldingsRules.violation(takeStored ? stored[s] : plan.transactions[added[a]].transaction, held: held, asset: asset) {
                if !takeStored {
                    errors.append(RowError(line: plan.transactions[added[a]].line, column: title(.quantity), message: violation.message))
                    a += 1  // a refused row moves nothing
                    continue
                } else if let culprit = lastReducer.map({ plan.transactions[$0].line }), blamed.insert(culprit).inserted {
                    errors.append(RowError(line: culprit, column: title(.quantity),
                                           message: HoldingsRules.leavesStoredShortMessage(step.type, quantity: step.quantity, on: step.date)))
                }
            }
            let impact = step.type.quantityImpact(step.quantity)
            if !takeStored, impact < 0 { lastReducer = added[a] }
            held += impact
            // The single write's overflow rule (`RecordTransaction`): the quantity held after
            // a row stays in range, so that its value and every total of values can be computed.
            if !takeStored, let overflow = Self.heldOutOfRange(held, asset: asset) {
                errors.append(RowError(line: plan.transactions[added[a]].line, column: title(.quantity), message: overflow))
                held -= impact  // a refused row moves nothing
            }
            if takeStored { s += 1 } else { a += 1 }
        }
    }

    /// `AmountRange.checkHeld`'s message when `held` is out of range, else nil.
    static func heldOutOfRange(_ held: ExactDecimal, asset: Asset) -> String? {
        do { try AmountRange.checkHeld(held, asset: asset.name) } catch { return "\(error)" }
        return nil
    }
}
