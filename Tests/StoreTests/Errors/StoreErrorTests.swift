import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// `StoreError` is data: a catch matches the case and reads the table, column and row; the
/// sentence a user sees is the one it always was.
@Suite("StoreError: errors as data, the same sentences")
struct StoreErrorTests: StoreRuleTesting {
    @Test("each case's sentence", arguments: [
        (StoreError.notFound(table: "category", id: 7), "No category with id 7."),
        (.notFound(table: "saving_plan", id: 3), "No saving plan with id 3."),
        (.deleted(table: "asset", id: 7), "No asset with id 7 (was it deleted?)."),
        (.deleted(table: "asset_transaction", id: 2), "No transaction with id 2 (was it deleted?)."),
        (.deleted(table: "price_history", id: 2), "No price record with id 2 (was it deleted?)."),
        (.noStore(path: "/x.sqlite"), "There is no store at /x.sqlite."),
        (.corrupt(table: nil, column: "currency", rowID: nil, damage: .missingColumn), "The store is damaged: column currency is missing."),
        (.corrupt(table: "asset_transaction", column: "quantity", rowID: 2, damage: .holds(found: "'lots'", expected: "a decimal")),
         "The store is damaged: column quantity holds 'lots', not a decimal."),
        (.corrupt(table: "asset", column: "type", rowID: nil, damage: .unknownType("gold")), "The store is damaged: asset type 'gold'."),
        (.corrupt(table: "asset_transaction", column: "type", rowID: nil, damage: .unknownType("gift")),
         "The store is damaged: transaction type 'gift'."),
        (.corrupt(table: "quantity_checkpoint", column: "levels", rowID: nil, damage: .unreadable(key: "2024-03", value: "2:1x")),
         "The store is damaged: quantity checkpoint '2024-03' holds '2:1x'."),
        (.busy(seconds: 5), "The store is busy: another AssetFlow process has been writing to it for 5 s (a REPL inside .begin?). "
            + "Nothing was written; try again when it has finished."),
    ])
    func sentences(_ error: StoreError, _ text: String) {
        #expect(error.description == text)
    }

    @Test("a missing record is caught by table and id")
    func notFoundIsData() throws {
        try withStore { s in
            do {
                _ = try SessionCommandStore(s).requireCategory(id: 42)
                Issue.record("no error")
            } catch StoreError.notFound(let table, let id) {
                #expect(table == "category" && id == 42)
            }
            #expect(throws: StoreError.deleted(table: "asset", id: 9)) { _ = try s.requireAsset(id: 9) }
        }
    }

    @Test("a damaged transaction names its table, column and row")
    func corruptIsData() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10")
            let id = try Int64.fetchOne(s.db, sql: "SELECT id FROM asset_transaction WHERE asset_id = ?", arguments: [a.id!])!
            try s.db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try s.db.execute(sql: "UPDATE asset_transaction SET quantity = 'lots' WHERE id = ?", arguments: [id])
            let expected = StoreError.corrupt(table: "asset_transaction", column: "quantity", rowID: id,
                                              damage: .holds(found: "'lots'", expected: "a decimal"))
            #expect(throws: expected) { _ = try s.transaction(id: id) }
            #expect(throws: expected) { _ = try s.allTransactionsByAsset() }
        }
    }
}
