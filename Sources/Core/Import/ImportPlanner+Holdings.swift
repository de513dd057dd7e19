import Foundation

extension ImportPlanner {
    /// A sell or transfer out may not take more than was held on its date, nor an adjustment
    /// make the quantity negative (`HoldingsRules.exceeds` decides, `HoldingsRules.violation`
    /// words it): checked on each asset's timeline of stored and imported
    /// transactions merged by date (stored ones first on the same day, as their ids are
    /// lower). One pass per asset, no replay per row.
    mutating func checkHoldings() {
        // Each slot's planned rows as (day, index in `steps`): sorting these small pairs,
        // not the rows themselves, keeps the file's order within a day.
        var imported = [[(day: Int32, index: Int32)]](repeating: [], count: slots.count)
        for index in steps.indices { imported[Int(steps[index].slot)].append((steps[index].day, Int32(index))) }
        for (slot, entries) in imported.enumerated() where !entries.isEmpty {
            let ref = slots[slot].ref
            var stored: [Transaction] = []
            if case .existing(let id) = ref { stored = context.transactions[id] ?? [] }
            let added = entries.sorted { ($0.day, $0.index) < ($1.day, $1.index) }.map { Int($0.index) }
            checkTimeline(stored: stored, added: added, asset: asset(of: ref))
        }
    }

    func asset(of ref: ImportPlan.AssetRef) -> Asset {
        switch ref {
        case .new(let index): plan.newAssets[index]
        case .existing(let id): context.assets.first { $0.id == id }!
        }
    }

    /// `added`: indices in `steps`, in date order. Each step reads a row's date, type and
    /// quantity; a whole transaction is made only for a message.
    private mutating func checkTimeline(stored: [Transaction], added: [Int], asset: Asset) {
        var held: ExactDecimal = 0
        var s = 0, a = 0
        var lastReducer: Int?  // the imported row to blame for a stored sell that no longer fits
        var blamed = Set<Int>()
        while s < stored.count || a < added.count {
            let step: (date: CalendarDate, type: TransactionType, quantity: ExactDecimal)
            let takeStored = a >= added.count || (s < stored.count && stored[s].date <= steps[added[a]].date)
            if takeStored {
                step = (stored[s].date, stored[s].type, stored[s].quantity)
            } else {
                step = (steps[added[a]].date, steps[added[a]].type, steps[added[a]].quantity)
            }
            // The rule's own comparison first (cheap); the whole transaction is made only when it fails.
            if HoldingsRules.exceeds(step.type, step.quantity, held: held),
               let violation = HoldingsRules.violation(takeStored ? stored[s] : steps[added[a]].transaction(of: asset), held: held, asset: asset) {
                if !takeStored {
                    errors.append(RowError(line: Int(steps[added[a]].line), column: title(.quantity), message: violation.message))
                    a += 1  // a refused row moves nothing
                    continue
                } else if let culprit = lastReducer.map({ Int(steps[$0].line) }), blamed.insert(culprit).inserted {
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
                errors.append(RowError(line: Int(steps[added[a]].line), column: title(.quantity), message: overflow))
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
