import Core
import Foundation
import GRDB

/// Movements made of one or more transactions: set quantity, swap, dividend, interest
/// (each a command of `Core/Commands`), and income per source.
extension StoreSession {
    /// Sets the asset's quantity: the `SetQuantity` command.
    public func setQuantity(ofAsset id: Int64, to quantity: ExactDecimal, date: CalendarDate? = nil, note: String = "") throws -> Transaction {
        try execute(SetQuantity(asset: id, quantity: quantity, date: date, note: note))
    }

    public static let swapSameAssetMessage = Swap.sameAssetMessage

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

    /// Σ of the dividends and interest paid by `source` (income is reported per source asset).
    public func income(fromSource source: Int64) throws -> ExactDecimal {
        let totals = try String.fetchAll(db, sql: "SELECT total FROM asset_transaction WHERE source_asset_id = ? AND type IN ('dividend', 'interest')",
                                         arguments: [source])
        return try totals.reduce(ExactDecimal.zero) { $0 + (try ExactDecimal.parse($1)) }
    }
}
