import Foundation

/// A sale that names the lots it closes: `asset:sell{ quantity = 5, lots = { { acquired =
/// "2024-01-05", quantity = 5 } } }`.
///
/// The sale is recorded as `Sell` records it (same defaults and rules; the running average
/// is unchanged by the choice), then the choice is checked against the lots open on its
/// day under the "specific" method (they must be open in this holding and add up to the
/// quantity sold: "The chosen lots add up to 4, not the 5 sold.") and stored with it.
public struct SellChosenLots: Command {
    public var sell: Trade
    public var lots: [LotPick]

    public init(sell: Trade, lots: [LotPick]) {
        self.sell = sell
        self.lots = lots
    }

    public func run(in store: CommandStore) throws -> Transaction {
        guard let lotStore = store as? LotStore else { throw RuleViolation("This store cannot keep a choice of lots.", rule: .notAllowed) }
        let sale = try sell.run(in: lotStore)
        let asset = try lotStore.requireAsset(id: sale.assetID)
        var history = try lotStore.lotHistory(ofAsset: sale.assetID)
        history.choices[sale.id!] = lots
        let events = try LotEvents.from(history.transactions, choices: history.choices) { _, _ in 1 }
        _ = try LotBook.of(events, method: .specific, asset: asset.name)  // throws when a choice names lots that are not open
        try lotStore.storeLotChoice(lots, forTransaction: sale.id!)
        return sale
    }
}
