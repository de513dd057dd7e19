import Foundation

/// An asset's holdings from one point of its ledger on: what it held just before that point
/// and the transactions from there, in ledger order (date, then the order recorded). This
/// is what the holdings-at-date rule (`HoldingsRules`) needs, and no more: a change dated
/// after the asset's last transaction needs no transactions at all, a backdated one only
/// those from its date on.
public struct HoldingsHistory: Equatable, Sendable {
    /// The quantity held just before `transactions[0]` (the current quantity when there
    /// are none).
    public var opening: ExactDecimal
    /// The transactions from the point on, in ledger order.
    public var transactions: [Transaction]

    public init(opening: ExactDecimal, transactions: [Transaction] = []) {
        self.opening = opening
        self.transactions = transactions
    }

    /// Where `t` sits in the ledger: its date, then its id (a new transaction, without an
    /// id yet, comes after every other one of its date).
    public static func ledgerKey(_ t: Transaction) -> LedgerKey { LedgerKey(date: t.date, id: t.id ?? .max) }

    /// A point of an asset's ledger: transactions sort by date, then id.
    public struct LedgerKey: Comparable, Sendable {
        public var date: CalendarDate
        public var id: Int64

        public init(date: CalendarDate, id: Int64) {
            self.date = date
            self.id = id
        }

        public static func < (a: LedgerKey, b: LedgerKey) -> Bool { (a.date, a.id) < (b.date, b.id) }
    }
}
