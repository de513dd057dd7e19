import Foundation

extension ImportPlanner {
    /// A sell or transfer out may not take more than was held on its date, nor an adjustment
    /// make the quantity negative: checked on each asset's timeline of stored and imported
    /// transactions merged by date (stored ones first on the same day, as their ids are
    /// lower). One pass per asset, no replay per row.
    mutating func checkHoldings() {
        // Each asset's imported rows as (day, index in the plan): sorting these small pairs,
        // not the rows themselves, keeps the file's order within a day.
        var imported: [ImportPlan.AssetRef: [(day: Int, index: Int)]] = [:]
        for index in plan.transactions.indices {  // by index: a row is 288 bytes to copy
            imported[plan.transactions[index].asset, default: []].append((plan.transactions[index].transaction.date.dayNumber, index))
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

    /// `added`: indices in `plan.transactions`, in date order.
    private mutating func checkTimeline(stored: [Transaction], added: [Int], asset: Asset) {
        var held: ExactDecimal = 0
        var s = 0, a = 0
        var lastReducer: Int?  // the imported row to blame for a stored sell that no longer fits
        var blamed = Set<Int>()
        while s < stored.count || a < added.count {
            let takeStored = a == added.count || (s < stored.count && stored[s].date <= plan.transactions[added[a]].transaction.date)
            let t = takeStored ? stored[s] : plan.transactions[added[a]].transaction
            if let message = holdingsProblem(t, held: held, asset: asset) {
                if !takeStored {
                    errors.append(RowError(line: plan.transactions[added[a]].line, column: title(.quantity), message: message))
                    a += 1  // a refused row moves nothing
                    continue
                } else if let culprit = lastReducer.map({ plan.transactions[$0].line }), blamed.insert(culprit).inserted {
                    errors.append(RowError(line: culprit, column: title(.quantity),
                                           message: "This leaves the stored \(t.type.rawValue) of \(t.quantity.plainText) on \(t.date) beyond holdings."))
                }
            }
            if !takeStored, t.quantityImpact < 0 { lastReducer = added[a] }
            held += t.quantityImpact
            if takeStored { s += 1 } else { a += 1 }
        }
    }

    /// The store's message (TransactionRules) when `t` takes more than `held`, else nil.
    func holdingsProblem(_ t: Transaction, held: ExactDecimal, asset: Asset) -> String? {
        let exceeds = (t.type.isOutflow && t.quantity > held) || (t.type == .adjustment && held + t.quantity < 0)
        guard exceeds else { return nil }
        do { try TransactionRules.validateNew(t, asset: asset, currentQuantity: held, today: context.today) } catch { return "\(error)" }
        return nil
    }
}
