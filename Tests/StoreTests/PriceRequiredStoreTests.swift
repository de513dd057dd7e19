import Foundation
import Testing
@testable import Core
@testable import Store

/// The transaction form's price field (app notes T18): pre-filled with the current price
/// when there is one above zero, otherwise required; never a silent 0.
@Suite("A trade without a price (Store)")
struct PriceRequiredStoreTests: StoreRuleTesting {
    @Test("a non-cash buy or sell without a price and without a current price is refused")
    func required() throws {
        try withStore { s in
            let a = try s.execute(CreateAsset(name: "ACME", type: .stock))
            #expect(message { _ = try s.execute(Trade(.buy, asset: a.id!, quantity: 10)) } == "Price per unit is required.")
            #expect(message { _ = try s.execute(Trade(.transferIn, asset: a.id!, quantity: 10)) } == "Price per unit is required.")
            #expect(try s.transactions(ofAsset: a.id!).isEmpty)
            let b = try asset(s, "Zero", .stock, quantity: "1", price: "0")
            #expect(message { _ = try s.execute(Trade(.sell, asset: b.id!, quantity: 1)) } == "Price per unit is required.")
        }
    }

    @Test("the current price pre-fills it; cash needs none")
    func prefilled() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "12")
            #expect(try s.execute(Trade(.sell, asset: a.id!, quantity: 1)).pricePerUnit == 12)
            let cash = try asset(s, "Cash", .cash, quantity: "100", price: "1")
            #expect(try s.execute(Trade(.buy, asset: cash.id!, quantity: 5)).pricePerUnit == 1)
        }
    }
}
