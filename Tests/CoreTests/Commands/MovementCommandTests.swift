import Foundation
import Testing
@testable import Core

@Suite("Movement commands: SetQuantity, Swap, Dividend, Interest")
struct MovementCommandTests {
    @Test("SetQuantity records the difference as an adjustment at the current price")
    func setQuantity() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 12)
        let t = try s.run(SetQuantity(asset: acme.id!, quantity: 7))
        #expect(t.type == .adjustment)
        #expect(t.quantity == -3)
        #expect(t.pricePerUnit == 12)
        let same = violation { try s.run(SetQuantity(asset: acme.id!, quantity: 7)) }
        #expect(same?.description == "The new quantity is the same as the current quantity (7); there is nothing to adjust.")
        #expect(same?.asset == "ACME")
        #expect(violation { try s.run(SetQuantity(asset: acme.id!, quantity: -1)) }?.description == "The new quantity must be zero or greater.")
    }

    @Test("SetQuantity on a past day adjusts from what was held that day, at that day's price")
    func setQuantityInThePast() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 12, date: "2024-01-02")
        try s.run(Trade(.buy, asset: acme.id!, quantity: 5, price: 20, date: ymd("2024-05-01")))
        try s.run(RecordPrice(asset: acme.id!, price: 15, date: ymd("2024-03-01")))
        let t = try s.run(SetQuantity(asset: acme.id!, quantity: 8, date: ymd("2024-03-10")))
        #expect(t.quantity == -2)  // 10 held on March 10 (not today's 15)
        #expect(t.pricePerUnit == 15)  // March's price, not May's 20
        #expect(t.date == ymd("2024-03-10"))
        #expect(try s.quantity(ofAsset: acme.id!) == 13)
        let same = violation { try s.run(SetQuantity(asset: acme.id!, quantity: 8, date: ymd("2024-04-01"))) }
        #expect(same?.description == "The new quantity is the same as the current quantity (8); there is nothing to adjust.")
    }

    @Test("Swap: a linked sell and buy; to_quantity defaults to the proceeds ÷ to's price, to 8 decimals")
    func swap() throws {
        let s = MemoryCommandStore()
        let btc = try s.asset("BTC", .crypto, quantity: 1, price: 60000)
        let eth = try s.asset("ETH", .crypto, quantity: 1, price: 7000)
        let pair = try s.run(Swap(from: btc.id!, to: eth.id!, quantity: dec("0.1")))
        #expect(pair.sell.pricePerUnit == 60000)
        #expect(pair.buy.pricePerUnit == 7000)
        #expect(pair.buy.quantity == dec("0.85714286"))  // 6000 ÷ 7000
        #expect(pair.sell.relatedTransactionID == pair.buy.id)
        #expect(pair.buy.relatedTransactionID == pair.sell.id)
        #expect(violation { try s.run(Swap(from: btc.id!, to: btc.id!, quantity: 1)) }?.description == "Cannot swap an asset with itself.")
    }

    @Test("Swap into an asset without a price needs to_quantity or to_price")
    func swapWithoutPrice() throws {
        let s = MemoryCommandStore()
        let btc = try s.asset("BTC", .crypto, quantity: 1, price: 60000)
        let new = try s.asset("NEW", .crypto)
        let v = violation { try s.run(Swap(from: btc.id!, to: new.id!, quantity: 1)) }
        #expect(v?.description == "Give to_quantity or to_price: 'NEW' has no price to convert the proceeds.")
        #expect(v?.rule == .missingPrice)
        #expect(try s.run(Swap(from: btc.id!, to: new.id!, quantity: 1, toQuantity: 3)).buy.quantity == 3)
    }

    @Test("Swap with fees: the sale's lower what it realizes, the purchase's add to the cost; the note on both halves")
    func swapWithFees() throws {
        let s = MemoryCommandStore()
        let btc = try s.asset("BTC", .crypto, quantity: 1, price: 60000)  // cost 60000
        let eth = try s.asset("ETH", .crypto)
        let pair = try s.run(Swap(from: btc.id!, to: eth.id!, quantity: dec("0.1"), price: 65000, toQuantity: 2, toPrice: 3245,
                                  fees: 10, toFees: dec("0.5"), note: "BTC for ETH"))
        #expect(pair.sell.fees == 10 && pair.buy.fees == dec("0.5"))
        #expect(pair.sell.note == "BTC for ETH" && pair.buy.note == "BTC for ETH")
        let sold = Position.of(s.transactions.values.filter { $0.assetID == btc.id }.chronological())
        #expect(sold.realizedGain == 490)  // 6500 − 10 − 6000
        #expect(Position.of(s.transactions.values.filter { $0.assetID == eth.id }.chronological()).costBasis == dec("6490.5"))  // 2 × 3245 + 0.5
    }

    @Test("Dividend: paid into a cash asset, never into its source")
    func dividend() throws {
        let s = MemoryCommandStore()
        let cash = try s.asset("Cash", .cash)
        let acme = try s.asset("ACME", quantity: 10)
        let t = try s.run(Dividend(asset: cash.id!, source: acme.id!, amount: dec("12.50")))
        #expect(t.type == .dividend)
        #expect(t.sourceAssetID == acme.id)
        #expect(t.quantity == dec("12.50"))
        #expect(violation { try s.run(Dividend(asset: acme.id!, source: acme.id!, amount: 1)) }?.description
                == "A dividend is paid into a cash asset, not into the asset paying it.")
        #expect(violation { try s.run(Dividend(asset: acme.id!, source: cash.id!, amount: 1)) }?.description
                == "Dividend is paid into a cash asset; 'ACME' is not cash.")
        #expect(violation { try s.run(Dividend(asset: cash.id!, source: acme.id!, amount: nil)) }?.description == "Dividend needs an amount.")
    }

    @Test("Interest in kind adds units of the asset itself at its current price")
    func interestInKind() throws {
        let s = MemoryCommandStore()
        let bond = try s.asset("Bond", .bond, quantity: 10, price: 100)
        let t = try s.run(Interest(asset: bond.id!, source: bond.id!, quantity: 1))
        #expect(t.pricePerUnit == 100)
        #expect(try s.quantity(ofAsset: bond.id!) == 11)
        #expect(violation { try s.run(Interest(asset: bond.id!, source: bond.id!)) }?.description == "In-kind interest needs a quantity.")
    }
}

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
