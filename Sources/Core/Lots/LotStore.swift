import Foundation

/// What the lot commands need beyond `CommandStore`: an asset's lot history, and where a
/// sale's choice of lots is kept. A separate port, so stores that never choose lots
/// (the command tests' memory store) need not implement it.
public protocol LotStore: CommandStore {
    /// The transactions of the asset and of every asset linked to it by a transfer (lots
    /// move between them), with the stored choices of lots by sale.
    func lotHistory(ofAsset id: Int64) throws -> LotHistory
    /// Stores the lots sale `transaction` closes (already checked).
    func storeLotChoice(_ picks: [LotPick], forTransaction transaction: Int64) throws
}

/// An asset's lot history: its transactions and those of the assets its lots move to or
/// from, and the lots each sale chose.
public struct LotHistory: Sendable {
    public var transactions: [Transaction]
    public var choices: [Int64: [LotPick]]

    public init(transactions: [Transaction], choices: [Int64: [LotPick]]) {
        self.transactions = transactions
        self.choices = choices
    }
}
