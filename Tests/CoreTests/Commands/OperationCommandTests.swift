import Foundation
import Testing
@testable import Core

/// The operations a broker's history needs (issue 21), each against a hand calculation.
@Suite("Operation commands: split, stock dividend, fee, tax, dividend with tax, cash, conversion, transfer with cost, rename, reward")
struct OperationCommandTests {
    func position(_ s: MemoryCommandStore, _ id: Int64) -> Position {
        Position.of(s.transactions.values.filter { $0.assetID == id }.chronological())
    }

    @Test("split 3:1: quantity × 3, cost basis and realized unchanged, average ÷ 3; reverse 1:10 to 8 decimals")
    func split() throws {
        let s = MemoryCommandStore()
        let a = try s.asset("ACME", quantity: 10, price: 150)  // cost 1500
        try s.run(Trade(.sell, asset: a.id!, quantity: 1, price: 200, date: ymd("2024-02-01")))  // realized 50
        let t = try s.run(Split(asset: a.id!, ratio: try SplitRatio("3:1"), date: ymd("2024-03-01")))
        #expect(t.type == .split && t.quantity == 18 && t.note == "Split 3:1")
        var p = position(s, a.id!)
        #expect(p.quantity == 27 && p.costBasis == 1350 && p.realizedGain == 50 && p.averageCost == 50)
        try s.run(Split(asset: a.id!, ratio: try SplitRatio("1 for 10"), date: ymd("2024-04-01")))
        p = position(s, a.id!)
        #expect(p.quantity == D("2.7") && p.costBasis == 1350 && p.averageCost == 500)
        // The units held at the end of the day count, not today's.
        try s.run(Trade(.buy, asset: a.id!, quantity: D("0.3"), price: 500, date: ymd("2024-05-01")))
        let early = try s.run(Split(asset: a.id!, ratio: try SplitRatio("2:1"), date: ymd("2024-04-15")))
        #expect(early.quantity == D("2.7"))
        #expect(violation { try s.run(Split(asset: a.id!, date: ymd("2024-05-02"))) }?.description == Split.ratioOrUnitsMessage)
        #expect(throws: RuleViolation.self) { try SplitRatio("3") }
        #expect(throws: RuleViolation.self) { try SplitRatio("1:1") }
        let empty = try s.asset("EMPTY")
        #expect(violation { try s.run(Split(asset: empty.id!, ratio: try SplitRatio("2:1"))) }?.description == Split.nothingHeldMessage)
    }

    @Test("stock dividend: units at no cost; fee and tax: units leave as a realized loss")
    func stockDividendFeeTax() throws {
        let s = MemoryCommandStore()
        let a = try s.asset("ACME", quantity: 10, price: 10)
        try s.run(StockDividend(asset: a.id!, units: 1, date: ymd("2024-02-01")))
        #expect(position(s, a.id!).quantity == 11 && position(s, a.id!).costBasis == 100)
        let cash = try s.asset("Cash", .cash, quantity: 100, price: 1)
        let fee = try s.run(Fee(asset: cash.id!, amount: D("2.5"), source: a.id!, date: ymd("2024-03-01"), note: "ADR fee"))
        #expect(fee.type == .fee && fee.sourceAssetID == a.id)
        try s.run(Tax(asset: cash.id!, amount: 1, date: ymd("2024-03-02")))
        let p = position(s, cash.id!)
        #expect(p.quantity == D("96.5") && p.costBasis == D("96.5") && p.realizedGain == D("-3.5"))
        let over = violation { try s.run(Fee(asset: cash.id!, amount: 1000, date: ymd("2024-03-03"))) }
        #expect(over?.description == "Cannot pay a fee of more than current holdings (96.5).")
    }

    @Test("dividend with tax: gross in, tax out, linked; any two of gross, tax, net")
    func dividendWithTax() throws {
        let s = MemoryCommandStore()
        let ko = try s.asset("KO", quantity: 10, price: 60)
        let cash = try s.asset("Cash", .cash)
        let pair = try s.run(DividendWithTax(asset: cash.id!, source: ko.id!, gross: 100, net: 85, date: ymd("2024-04-01")))
        #expect(pair.dividend.quantity == 100 && pair.tax?.quantity == 15 && pair.tax?.type == .tax)
        #expect(pair.dividend.relatedTransactionID == pair.tax?.id && pair.tax?.sourceAssetID == ko.id)
        #expect(position(s, cash.id!).quantity == 85)
        #expect(try DividendWithTax(asset: 0, source: 0, tax: 15, net: 85).amounts() == (100, 15))
        #expect(violation { _ = try DividendWithTax(asset: 0, source: 0, gross: 100).amounts() }?.description == DividendWithTax.twoOfThreeMessage)
        #expect(violation { _ = try DividendWithTax(asset: 0, source: 0, gross: 100, tax: 10, net: 85).amounts() }?.description
                == "Gross (100) − tax (10) is 90, not the net (85).")
        let none = try s.run(DividendWithTax(asset: cash.id!, source: ko.id!, gross: 5, tax: 0, date: ymd("2024-05-01")))
        #expect(none.tax == nil)
    }

    @Test("deposit, withdrawal and conversion move cash only; a conversion records the broker's rate")
    func cash() throws {
        let s = MemoryCommandStore()
        let eur = try s.asset("Cash EUR", .cash), usd = try s.asset("Cash USD", .cash)
        var eurAsset = eur
        eurAsset.currency = "EUR"
        try s.update(eurAsset)
        try s.run(Deposit(asset: eur.id!, amount: 1000, date: ymd("2024-01-02")))
        let pair = try s.run(ConvertCurrency(from: eur.id!, to: usd.id!, amount: 500, toAmount: D("542.5"), date: ymd("2024-01-03")))
        #expect(pair.sell.note == "EUR → USD at 1.085" && pair.buy.note == pair.sell.note)
        try s.run(Withdrawal(asset: usd.id!, amount: 42, date: ymd("2024-01-04")))
        #expect(position(s, eur.id!).quantity == 500 && position(s, usd.id!).quantity == D("500.5"))
        let stock = try s.asset("ACME")
        #expect(violation { try s.run(Deposit(asset: stock.id!, amount: 1)) }?.description == "A deposit moves a cash asset; 'ACME' is not cash.")
    }

    @Test("transfer in with cost: the cost basis is exact, the acquisition date kept; rename; reward in kind is income")
    func transferRenameReward() throws {
        let s = MemoryCommandStore()
        let a = try s.asset("ACME")
        let t = try s.run(TransferInWithCost(asset: a.id!, quantity: 3, costBasis: 100, acquired: ymd("2019-03-01"), date: ymd("2024-01-05")))
        #expect(t.note == "acquired 2019-03-01" && t.pricePerUnit == D("33.33333333"))
        #expect(position(s, a.id!).costBasis == 100)
        let renamed = try s.run(RenameAsset(asset: a.id!, name: "ACME Corp"))
        #expect(renamed.name == "ACME Corp")
        let eth = try s.asset("ETH", .crypto, quantity: 1, price: 2000)
        let r = try s.run(Reward(asset: eth.id!, quantity: D("0.01"), price: 2500, date: ymd("2024-02-01")))
        #expect(r.type == .interest && r.sourceAssetID == eth.id && r.note == "Reward")
        #expect(position(s, eth.id!).costBasis == 2025)
    }
}

private func D(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
