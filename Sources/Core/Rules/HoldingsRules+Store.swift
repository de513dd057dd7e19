import Foundation

extension HoldingsRules {
    /// The entry every command goes through for a change of an asset's ledger (a new
    /// transaction, an edit, a deletion). The ledger's quick path (`clearlyHolds`, from the
    /// store's `lowestHoldings`) may only say "clear"; anything it cannot prove goes to the
    /// full check on the history from the change's place on, which decides and words the
    /// refusal.
    ///
    ///     try HoldingsRules.check(removing: nil, adding: sell, asset: acme, in: store)   // a new sell
    public static func check(removing old: Transaction?, adding new: Transaction?, asset: Asset, in store: CommandContext) throws {
        let id = asset.id!
        if try clearlyHolds(removing: old, adding: new, lowest: { try store.lowestHoldings(ofAsset: id, from: $0, upTo: $1) }) { return }
        let from = [old, new].compactMap { $0.map(HoldingsHistory.ledgerKey) }.min()!
        let history = try store.holdings(ofAsset: id, from: from)
        switch (old, new) {
        case (nil, let new?): try checkNew(new, asset: asset, history: history)
        case (let old?, let new?): try checkEdit(original: old, edited: new, asset: asset, history: history)
        case (let old?, nil): try checkDeletion(old, asset: asset, history: history)
        case (nil, nil): return
        }
    }
}
