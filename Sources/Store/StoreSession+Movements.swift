import Core
import Foundation
import GRDB

/// Movements made of one or more transactions: set quantity, swap, dividend, interest.
extension StoreSession {
    /// Sets the asset's quantity by recording an adjustment of the difference (new − current),
    /// at the current price.
    public func setQuantity(ofAsset id: Int64, to quantity: ExactDecimal, date: CalendarDate? = nil, note: String = "") throws -> Transaction {
        let asset = try requireAsset(id: id)
        let valuation = try self.valuation(ofAsset: id)
        let delta = try TransactionEditRules.setQuantityAdjustment(current: valuation.quantity, new: quantity, isCash: asset.isCash)
        return try atomically {
            try record(Transaction(assetID: id, type: .adjustment, date: date ?? today, quantity: delta,
                                   pricePerUnit: valuation.currentPrice, currency: asset.currency, note: note))
        }
    }

    public static let swapSameAssetMessage = "Cannot swap an asset with itself."

    /// A swap: a sell of `from` and a buy of `to`, linked to each other, recorded together or
    /// not at all. `toPrice` defaults to `to`'s current price; `toQuantity` to the proceeds
    /// (quantity × price) ÷ `toPrice`.
    public func swap(from: Int64, to: Int64, quantity: ExactDecimal, price: ExactDecimal?, toQuantity: ExactDecimal?,
                     toPrice: ExactDecimal?, date: CalendarDate? = nil) throws -> (sell: Transaction, buy: Transaction) {
        if from == to { throw ValidationError(Self.swapSameAssetMessage) }
        let source = try requireAsset(id: from)
        let target = try requireAsset(id: to)
        let date = date ?? today
        let sellPrice = source.isCash ? 1 : try price ?? valuation(ofAsset: from).currentPrice
        let buyPrice = target.isCash ? 1 : try toPrice ?? valuation(ofAsset: to).currentPrice
        let buyQuantity: ExactDecimal
        if let toQuantity { buyQuantity = toQuantity } else {
            guard buyPrice > 0 else { throw ValidationError("Give to_quantity or to_price: '\(target.name)' has no price to convert the proceeds.") }
            let proceeds = try AmountRange.total(quantity: quantity, price: sellPrice)
            let units = try proceeds.divided(by: buyPrice)
            buyQuantity = units.rounded(places: 8)
        }
        return try atomically {
            var sell = try record(Transaction(assetID: from, type: .sell, date: date, quantity: quantity, pricePerUnit: sellPrice, currency: source.currency))
            var buy = try record(Transaction(assetID: to, type: .buy, date: date, quantity: buyQuantity, pricePerUnit: buyPrice,
                                             currency: target.currency, relatedTransactionID: sell.id))
            try link(&sell, &buy)
            return (sell, buy)
        }
    }

    /// Links two transactions to each other (related_id both ways).
    func link(_ a: inout Transaction, _ b: inout Transaction) throws {
        try db.execute(sql: "UPDATE asset_transaction SET related_id = ? WHERE id = ?", arguments: [b.id, a.id])
        try db.execute(sql: "UPDATE asset_transaction SET related_id = ? WHERE id = ?", arguments: [a.id, b.id])
        a.relatedTransactionID = b.id
        b.relatedTransactionID = a.id
    }

    /// Income paid by `source` into the cash asset `asset`: a dividend or interest transaction
    /// of `amount`. In-kind interest (`asset == source`, interest only) adds `quantity` units
    /// of the asset itself at `price`.
    public func recordIncome(_ type: TransactionType, asset id: Int64, source: Int64, amount: ExactDecimal?,
                             quantity: ExactDecimal? = nil, price: ExactDecimal? = nil, date: CalendarDate? = nil, note: String = "") throws -> Transaction {
        precondition(type == .dividend || type == .interest)
        let asset = try requireAsset(id: id)
        _ = try requireAsset(id: source)
        let label = type == .dividend ? "Dividend" : "Interest"
        let draft: Transaction
        if id == source {
            guard type == .interest else { throw ValidationError("A dividend is paid into a cash asset, not into the asset paying it.") }
            guard let quantity else { throw ValidationError("In-kind interest needs a quantity.") }
            let unitPrice = try price ?? valuation(ofAsset: id).currentPrice
            draft = Transaction(assetID: id, type: type, date: date ?? today, quantity: quantity, pricePerUnit: unitPrice,
                                currency: asset.currency, sourceAssetID: source, note: note)
        } else {
            guard asset.isCash else { throw ValidationError("\(label) is paid into a cash asset; '\(asset.name)' is not cash.") }
            guard let amount else { throw ValidationError("\(label) needs an amount.") }
            draft = Transaction(assetID: id, type: type, date: date ?? today, quantity: amount, pricePerUnit: 1,
                                currency: asset.currency, sourceAssetID: source, note: note)
        }
        return try atomically { try record(draft) }
    }

    /// Σ of the dividends and interest paid by `source` (income is reported per source asset).
    public func income(fromSource source: Int64) throws -> ExactDecimal {
        let totals = try String.fetchAll(db, sql: "SELECT total FROM asset_transaction WHERE source_asset_id = ? AND type IN ('dividend', 'interest')",
                                         arguments: [source])
        return try totals.reduce(ExactDecimal.zero) { $0 + (try ExactDecimal.parse($1)) }
    }
}
