import Foundation

/// "For a sell or transferOut transaction, the quantity must not exceed the asset's current
/// holdings at the time of the transaction" (BusinessLogic.md "Data Validation Rules"),
/// applied to every change of an asset's ledger: a new transaction, an edit (of its date,
/// quantity or type) and a deletion are refused when, afterwards, the holdings would go
/// below zero on any date.
///
/// Messages: the app's sentences when the change is the last entry of the ledger and the
/// shortfall is there (so "current holdings" means what it says); otherwise the same
/// sentences naming the date.
///
///     // buy 10 on 2024-06-01; a sell of 5 dated 2024-01-01:
///     try HoldingsRules.checkNew(sell5, asset: acme, history: HoldingsHistory(opening: 0, transactions: [buy10]))
///     // throws "Cannot sell more than available holdings on 2024-01-01 (0)."
///
/// A point that was already below zero before the change (a store written by an older
/// version) only fails when the change makes it worse.
public enum HoldingsRules {
    /// A new transaction (no id yet), placed after every transaction of its date.
    /// `history` starts at the transaction's place in the ledger.
    public static func checkNew(_ t: Transaction, asset: Asset?, history: HoldingsHistory) throws {
        try check(removing: nil, adding: t, asset: asset, history: history, available: "current")
    }

    /// `original` becoming `edited` (same id). `history` starts at the earlier of their places.
    public static func checkEdit(original: Transaction, edited: Transaction, asset: Asset?, history: HoldingsHistory) throws {
        try check(removing: original, adding: edited, asset: asset, history: history, available: "available")
    }

    /// Deleting `t`. `history` starts at its place.
    public static func checkDeletion(_ t: Transaction, asset: Asset?, history: HoldingsHistory) throws {
        try check(removing: t, adding: nil, asset: asset, history: history, available: "available")
    }

    /// Whether the change certainly leaves no point of the ledger short, so that the checks
    /// above would pass without reading the history. A change moves the holdings of whole
    /// stretches of the ledger by one amount (a new sell: −quantity from its place on; an
    /// edit that moves a buy later: −quantity between the old and new places, new − old
    /// after both); a stretch moved down is clear when its lowest holdings before the change
    /// (`lowest(from, upTo)`, `CommandContext.lowestHoldings`) stay at or above zero after it.
    /// False means "look closer" (the full check decides, with its messages), never "refused".
    ///
    ///     // holdings 10 from 2024-01-02, 6 after a sell of 4 on 2024-03-01:
    ///     // a sell of 5 dated 2024-02-01 moves both points down by 5; the lowest, 6, stays ≥ 5
    public static func clearlyHolds(removing old: Transaction?, adding new: Transaction?,
                                    lowest: (HoldingsHistory.LedgerKey, HoldingsHistory.LedgerKey?) throws -> ExactDecimal?) rethrows -> Bool {
        for stretch in stretches(removing: old, adding: new) where stretch.change < 0 {
            guard let low = try lowest(stretch.from, stretch.upTo), low + stretch.change >= 0 else { return false }
        }
        return true
    }

    /// The stretches of the ledger the change moves, each with its amount.
    static func stretches(removing old: Transaction?, adding new: Transaction?)
        -> [(from: HoldingsHistory.LedgerKey, upTo: HoldingsHistory.LedgerKey?, change: ExactDecimal)] {
        switch (old, new) {
        case (nil, nil): return []
        case (nil, let new?): return [(HoldingsHistory.ledgerKey(new), nil, new.quantityImpact)]
        case (let old?, nil): return [(HoldingsHistory.ledgerKey(old), nil, ExactDecimal.zero - old.quantityImpact)]
        case (let old?, let new?):
            let from = HoldingsHistory.ledgerKey(old), to = HoldingsHistory.ledgerKey(new)
            let both = new.quantityImpact - old.quantityImpact
            if from < to { return [(from, to, ExactDecimal.zero - old.quantityImpact), (to, nil, both)] }
            if to < from { return [(to, from, new.quantityImpact), (from, nil, both)] }
            return [(from, nil, both)]
        }
    }

    /// Walks the ledger before and after the change side by side and refuses the first
    /// point where the holdings after it are below zero (and below what they were).
    static func check(removing old: Transaction?, adding new: Transaction?, asset: Asset?, history: HoldingsHistory,
                      available: String) throws {
        let others = history.transactions.filter { old == nil || $0.id != old!.id }
        var after = others
        if let new { after.insert(new, at: after.firstIndex { HoldingsHistory.ledgerKey($0) > HoldingsHistory.ledgerKey(new) } ?? after.count) }
        guard let shortfall = firstShortfall(before: history, after: after) else { return }
        // Nothing after the changed entry and short right there: the holdings at stake are
        // the current ones, and the app's sentence says so without a date.
        let changed = new ?? old!
        let isLast = shortfall == changed.date && !after.contains { HoldingsHistory.ledgerKey($0) > HoldingsHistory.ledgerKey(changed) }
        if let new, new.type.isOutflow {
            let most = mostAvailable(at: new, opening: history.opening, others: others)
            if new.quantity > most {
                let verb = new.type.outflowVerb
                let message = isLast ? "Cannot \(verb) more than \(available) holdings (\(most.plainText))."
                                     : "Cannot \(verb) more than available holdings on \(new.date) (\(most.plainText))."
                throw RuleViolation(message, rule: .insufficientHoldings, asset: asset?.name, date: new.date)
            }
        }
        let sentence = new == nil ? TransactionEditRules.deleteNegativeMessage : TransactionEditRules.negativeQuantityMessage
        let message = isLast ? sentence : String(sentence.dropLast()) + " on \(shortfall)."
        throw RuleViolation(message, rule: .insufficientHoldings, asset: asset?.name, date: shortfall)
    }

    /// The first date where the holdings after the change are below zero and below the
    /// holdings before it at the same point of the ledger (nil when there is none).
    static func firstShortfall(before: HoldingsHistory, after: [Transaction]) -> CalendarDate? {
        var was = before.opening, now = before.opening
        var i = 0, j = 0
        // Merge the two ledgers by key; compare the holdings after each key.
        while i < before.transactions.count || j < after.count {
            let keyBefore = i < before.transactions.count ? HoldingsHistory.ledgerKey(before.transactions[i]) : nil
            let keyAfter = j < after.count ? HoldingsHistory.ledgerKey(after[j]) : nil
            let key = [keyBefore, keyAfter].compactMap { $0 }.min()!
            if keyBefore == key { was += before.transactions[i].quantityImpact; i += 1 }
            if keyAfter == key { now += after[j].quantityImpact; j += 1 }
            if now < 0, now < was { return key.date }
        }
        return nil
    }

    /// The most an outflow placed where `t` is could take: the lowest holdings from that
    /// point on without it (later transactions need their share).
    static func mostAvailable(at t: Transaction, opening: ExactDecimal, others: [Transaction]) -> ExactDecimal {
        var held = opening
        var lowest: ExactDecimal?
        for o in others {
            if HoldingsHistory.ledgerKey(o) > HoldingsHistory.ledgerKey(t), lowest == nil { lowest = held }
            held += o.quantityImpact
            if let l = lowest, held < l { lowest = held }
        }
        return lowest ?? held
    }
}
