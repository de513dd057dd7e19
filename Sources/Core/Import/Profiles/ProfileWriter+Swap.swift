import Foundation

extension ProfileWriter {
    static let swapNeedsMessage = "A swap needs the asset and quantity given and the to_asset and to_quantity received."
    static let swapFeesMessage = "A swap at cost moves no money: take its fees from quantity or to_quantity, or give the swap's value (price or amount)."

    /// A swap step: `quantity` of `asset` given, `toQuantity` of `toAsset` received, one
    /// linked pair through `Swap`, both halves or neither. The asset received is created in
    /// the currency of the one given (the value passes from one to the other in it).
    ///
    /// With a value (the row's `price` of the asset given, or its `amount`) it is a sale at
    /// that value (less `fees`, which the sale realizes) and a purchase of the units received
    /// costing what the sale brought. Without one (a ledger that gives no prices, a
    /// coin-to-coin fill priced in a coin) nothing is guessed: it is an exchange at cost, the
    /// cost basis and the lots' dates going with the units, nothing realized until the
    /// units received are sold.
    mutating func writeSwap(_ op: ProfileOperation) throws -> [Transaction] {
        guard let name = op.asset, !name.isEmpty, let q = op.quantity, let toName = op.toAsset, !toName.isEmpty, let toQ = op.toQuantity else {
            throw RuleViolation(Self.swapNeedsMessage, rule: .required)
        }
        let given = try security(name, type: op.assetType, currency: op.currency, date: op.date)
        let received = try security(toName, type: op.assetType, currency: given.currency, date: op.date)
        let value = op.amount ?? op.price.map { q * $0 }
        let note = op.note.isEmpty ? Self.swapNote(q, given, toQ, received, atCost: value == nil) : op.note
        guard let value else {
            guard op.fees.isZero else { throw RuleViolation(Self.swapFeesMessage, rule: .notAllowed, asset: given.name) }
            let pair = try Swap(from: given.id!, to: received.id!, quantity: q, toQuantity: toQ, date: op.date, asMove: true, note: note).run(in: store)
            return [pair.sell, pair.buy]
        }
        let (price, rest) = try Self.salePrice(op, value: value, quantity: q)
        let net = value - op.fees
        guard net >= 0 else { throw RuleViolation("A swap's fees (\(op.fees.plainText)) are more than its value (\(value.plainText)).", rule: .outOfRange, asset: given.name) }
        let (toPrice, toFees) = CarriedCost.priceAndFees(cost: net, quantity: toQ)
        let pair = try Swap(from: given.id!, to: received.id!, quantity: q, price: price, toQuantity: toQ, toPrice: toPrice, date: op.date,
                            fees: op.fees + rest, toFees: toFees, note: note).run(in: store)
        return [pair.sell, pair.buy]
    }

    /// The price the units given are sold at: the row's, else the amount ÷ the units rounded
    /// up to 8 places, the rounding's remainder (`rest`) kept in the fees so that the
    /// proceeds are the amount exactly.
    static func salePrice(_ op: ProfileOperation, value: ExactDecimal, quantity q: ExactDecimal) throws -> (price: ExactDecimal, rest: ExactDecimal) {
        if op.amount == nil, let price = op.price { return (price, 0) }
        guard q > 0 else { throw RuleViolation("The units given must be greater than zero.", rule: .outOfRange) }
        let exact: ExactDecimal = value / q
        let price = exact.rounded(places: 8, mode: .up)
        return (price, q * price - value)
    }

    /// "Swapped 100 USDT for 0.4995 SOL (at cost: no price in the file)".
    static func swapNote(_ q: ExactDecimal, _ given: Asset, _ toQ: ExactDecimal, _ received: Asset, atCost: Bool) -> String {
        "Swapped \(q.plainText) \(given.name) for \(toQ.plainText) \(received.name)" + (atCost ? " (at cost: no price in the file)" : "")
    }
}
