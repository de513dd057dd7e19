import Core
import GRDB

/// The lot port: an asset's lot history and the stored choice of lots of a sale.
extension SessionCommandStore: LotStore {
    func lotHistory(ofAsset id: Int64) throws -> LotHistory { try session.lotHistory(ofAsset: id) }

    func storeLotChoice(_ picks: [LotPick], forTransaction transaction: Int64) throws {
        try db.execute(sql: "DELETE FROM lot_choice WHERE transaction_id = ?", arguments: [transaction])
        for (position, pick) in picks.enumerated() {
            try db.execute(sql: "INSERT INTO lot_choice(transaction_id, position, acquired, quantity) VALUES (?, ?, ?, ?)",
                           arguments: [transaction, position, pick.acquired.description, try pick.quantity.storedText()])
        }
        session.noteChange("lot choice", .added)
    }
}
