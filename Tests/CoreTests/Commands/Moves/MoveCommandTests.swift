import Foundation
import Testing
@testable import Core

private func D(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

/// Moves between platforms, swaps that are moves, mergers, spin-offs and stock dividends:
/// the transactions each records and the running average of every asset, by hand.
@Suite("Move commands: linked moves, swaps that are moves, mergers, spin-offs, stock dividends")
struct MoveCommandTests {
    func position(_ s: MemoryCommandStore, _ id: Int64) -> Position {
        Position.of(s.transactions.values.filter { $0.assetID == id }.chronological())
    }

    @Test("a move: a transfer out and a transfer in, linked; the receiving average takes the moved cost")
    func move() throws {
        let s = MemoryCommandStore()
        let a = try s.asset("AAPL (DEGIRO)", quantity: 10, price: 100, date: "2024-01-02")  // cost 1000
        try s.run(Trade(.buy, asset: a.id!, quantity: 5, price: 130, date: ymd("2024-02-01"), fees: 2))  // 15 units, cost 1652
        let b = try s.asset("AAPL (Schwab)")
        let pair = try s.run(MoveUnits(from: a.id!, to: b.id!, quantity: 6, date: ymd("2024-03-01")))
        // 6 of 15 units leave at the average: 1652 × 6 ÷ 15 = 660.8; they arrive with it (price 110.13333333, rest in the fees)
        #expect(pair.out.type == .transferOut && pair.in.type == .transferIn)
        #expect(pair.out.relatedTransactionID == pair.in.id && pair.in.relatedTransactionID == pair.out.id)
        #expect(pair.out.note == "Moved to 'AAPL (Schwab)'" && pair.in.note == "Moved from 'AAPL (DEGIRO)'")
        #expect(pair.in.pricePerUnit == D("110.13333333") && pair.in.quantity * pair.in.pricePerUnit + pair.in.fees == D("660.8"))
        let pa = position(s, a.id!), pb = position(s, b.id!)
        #expect(pa.quantity == 9 && pa.costBasis == D("991.2") && pa.realizedGain == 0)
        #expect(pb.quantity == 6 && pb.costBasis == D("660.8"))
        #expect(pa.costBasis + pb.costBasis == 1652)  // nothing lost, nothing realized
    }

    @Test("a move is refused, naming why, and then records nothing")
    func refusals() throws {
        let s = MemoryCommandStore()
        let a = try s.asset("AAPL (DEGIRO)", quantity: 10, price: 100)
        let b = try s.asset("AAPL (Schwab)")
        var eur = try s.asset("AAPL (EUR)")
        eur.currency = "EUR"
        try s.update(eur)
        let cash = try s.asset("Cash", .cash)
        let count = s.transactions.count
        #expect(violation { try s.run(MoveUnits(from: a.id!, to: a.id!, quantity: 1)) }?.description == MoveUnits.sameAssetMessage)
        #expect(violation { try s.run(MoveUnits(from: a.id!, to: eur.id!, quantity: 1)) }?.description
                == "A move carries the cost in the assets' currency: 'AAPL (DEGIRO)' is in USD, 'AAPL (EUR)' in EUR.")
        #expect(violation { try s.run(MoveUnits(from: a.id!, to: cash.id!, quantity: 1)) }?.description == MoveUnits.cashMessage)
        #expect(violation { try s.run(MoveUnits(from: a.id!, to: b.id!, quantity: 11, date: ymd("2024-03-01"))) }?.description
                == "Cannot transfer out more than current holdings (10).")
        #expect(violation { try s.run(MoveUnits(from: a.id!, to: b.id!, quantity: 1, toQuantity: 0)) }?.description == MoveUnits.receivedMessage)
        #expect(s.transactions.count == count)
    }

    @Test("a swap that is a move: no sale, the cost goes to the other share class at its own unit count; a plain swap still sells")
    func swapAsMove() throws {
        let s = MemoryCommandStore()
        let dist = try s.asset("VWRL", quantity: 20, price: 100)  // cost 2000
        let acc = try s.asset("VWRA")
        let pair = try s.run(Swap(from: dist.id!, to: acc.id!, quantity: 20, toQuantity: 16, date: ymd("2024-03-01"), asMove: true))
        #expect(pair.sell.type == .transferOut && pair.buy.type == .transferIn && pair.buy.quantity == 16)
        #expect(pair.buy.pricePerUnit == 125 && pair.buy.fees == 0)  // 2000 ÷ 16
        #expect(position(s, dist.id!).quantity == 0 && position(s, dist.id!).realizedGain == 0)
        #expect(position(s, acc.id!).quantity == 16 && position(s, acc.id!).costBasis == 2000)
        // A plain swap is a sale (realized 16 × (150 − 125) = 400) and a buy.
        let cash = try s.asset("Cash", .cash)
        let sale = try s.run(Swap(from: acc.id!, to: cash.id!, quantity: 16, price: 150, date: ymd("2024-04-01")))
        #expect(sale.sell.type == .sell && position(s, acc.id!).realizedGain == 400)
    }

    @Test("a merger: everything held out, the new asset in at the ratio, the cost basis carried")
    func merger() throws {
        let s = MemoryCommandStore()
        let old = try s.asset("OldCo", quantity: 15, price: 40)  // cost 600
        let new = try s.asset("NewCo")
        let pair = try s.run(Merger(from: old.id!, to: new.id!, ratio: try SplitRatio("3:2", allowsOne: true), date: ymd("2024-05-01")))
        #expect(pair.out.quantity == 15 && pair.in.quantity == D("22.5") && pair.out.note == "Merger into 'NewCo' (3:2)")
        #expect(pair.in.pricePerUnit == D("26.66666666") && pair.in.quantity * pair.in.pricePerUnit + pair.in.fees == 600)
        #expect(position(s, old.id!).quantity == 0 && position(s, new.id!).costBasis == 600)
        let empty = try s.asset("Empty")
        #expect(violation { try s.run(Merger(from: empty.id!, to: new.id!, toQuantity: 1)) }?.description == Merger.nothingHeldMessage)
        #expect(violation { try s.run(Merger(from: new.id!, to: old.id!)) }?.description == Merger.ratioOrUnitsMessage)
        #expect(throws: RuleViolation.self) { try SplitRatio("1:1") }
        #expect(try SplitRatio("1:1", allowsOne: true).applied(to: 7) == 7)
    }

    @Test("a spin-off: the parent keeps its units and gives the stated fraction of its cost basis to the new asset")
    func spinOff() throws {
        let s = MemoryCommandStore()
        let mmm = try s.asset("MMM", quantity: 100, price: 50)  // cost 5000
        try s.run(Trade(.sell, asset: mmm.id!, quantity: 20, price: 60, date: ymd("2024-02-01")))  // realized 200; 80 at 4000
        let sol = try s.asset("Solventum")
        let pair = try s.run(SpinOff(parent: mmm.id!, child: sol.id!, units: 20, costFraction: D("0.2"), date: ymd("2024-04-01")))
        #expect(pair.parent.type == .spinOff && pair.parent.quantity == D("0.2") && pair.parent.quantityImpact == 0)
        #expect(pair.child.type == .transferIn && pair.child.quantity == 20 && pair.child.pricePerUnit == 40)  // 800 ÷ 20
        #expect(pair.parent.relatedTransactionID == pair.child.id && pair.child.relatedTransactionID == pair.parent.id)
        let p = position(s, mmm.id!), c = position(s, sol.id!)
        #expect(p.quantity == 80 && p.costBasis == 3200 && p.realizedGain == 200 && p.averageCost == 40)
        #expect(c.quantity == 20 && c.costBasis == 800)
        #expect(violation { try s.run(SpinOff(parent: mmm.id!, child: sol.id!, units: 1, costFraction: 1)) }?.description == SpinOff.fractionMessage)
        #expect(violation { try s.run(SpinOff(parent: mmm.id!, child: sol.id!, units: 0, costFraction: D("0.1"))) }?.description == SpinOff.unitsMessage)
        let empty = try s.asset("Empty")
        #expect(violation { try s.run(SpinOff(parent: empty.id!, child: sol.id!, units: 1, costFraction: D("0.1"))) }?.description
                == SpinOff.nothingHeldMessage)
    }

    @Test("a stock dividend is its own type: units at no cost, the average spread as after a split")
    func stockDividend() throws {
        let s = MemoryCommandStore()
        let a = try s.asset("ACME", quantity: 10, price: 12)  // 120
        let t = try s.run(StockDividend(asset: a.id!, units: 2, date: ymd("2024-02-01")))
        #expect(t.type == .stockDividend && t.note == "Stock dividend" && t.pricePerUnit == 0 && t.quantityImpact == 2)
        let p = position(s, a.id!)
        #expect(p.quantity == 12 && p.costBasis == 120 && p.averageCost == 10)
        #expect(TransactionType.stockDividend.label(forCash: false) == "Stock Dividend")
    }

    @Test("the carried cost: 12 places kept; a price to 8 places and the rest in the fees, or all in the fees when the rest needs more places")
    func carriedCost() {
        #expect(CarriedCost.priceAndFees(cost: 1000, quantity: 3) == (D("333.33333333"), D("0.00000001")))
        #expect(CarriedCost.priceAndFees(cost: D("100.1234567890123"), quantity: 1) == (D("100.12345678"), D("0.000000009012")))
        #expect(CarriedCost.priceAndFees(cost: 10, quantity: D("0.123456789012345")) == (0, 10))
        #expect(CarriedCost.priceAndFees(cost: 0, quantity: 5) == (0, 0))
    }
}
