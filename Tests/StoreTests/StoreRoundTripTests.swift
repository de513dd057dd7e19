import Foundation
import Testing
@testable import Core
@testable import Store

@Suite("Store round trips and constraints")
struct StoreRoundTripTests {
    let today = CalendarDate("2024-06-01")!

    @Test("assets, transactions and prices come back exactly, from a file reopened")
    func roundTrip() throws {
        // Given a store file with one asset and exact decimals
        let path = NSTemporaryDirectory() + "af-roundtrip-\(UUID().uuidString).sqlite"
        defer { removeStoreFiles(path) }
        try AssetFlowStore(path: path).withSession(today: today) { s in
            let p = try s.createPortfolio(name: "  Core  ", description: "long term")
            var request = StoreSession.NewAsset(name: "ACME", type: .stock)
            request.portfolioID = p.id
            request.quantity = try ExactDecimal.parse("0.1")
            request.costBasis = try ExactDecimal.parse("12345678901234567.89")
            request.date = CalendarDate("2024-01-02")
            _ = try s.createAsset(request)
        }
        // When it is reopened
        try AssetFlowStore(path: path).withSession(today: today) { s in
            // Then every value is as written
            let asset = try #require(try s.asset(named: "acme"))
            #expect(try s.portfolio(named: "CORE")?.name == "Core")
            let t = try #require(try s.transactions(ofAsset: asset.id!).first)
            #expect(t.quantity.plainText == "0.1")
            #expect(t.pricePerUnit.plainText == "12345678901234567.89")
            #expect(t.date.description == "2024-01-02")
            #expect(try s.prices(ofAsset: asset.id!).map(\.price.plainText) == ["12345678901234567.89"])
        }
    }

    @Test("portfolio names are trimmed, required and unique ignoring case")
    func portfolioNames() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            _ = try s.createPortfolio(name: "Core")
            #expect(throws: RuleViolation("A portfolio with this name already exists.")) { try s.createPortfolio(name: " core ") }
            #expect(throws: RuleViolation("Portfolio name cannot be empty.")) { try s.createPortfolio(name: "   ") }
        }
    }

    @Test("one price record per asset per day, never in the future")
    func priceRules() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            let a = try s.createAsset(StoreSession.NewAsset(name: "X", type: .stock))
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: today, price: 5))
            #expect(throws: RuleViolation("A price record already exists for this date (X, \(today)).")) {
                try s.recordPrice(PricePoint(assetID: a.id!, date: today, price: 6))
            }
            #expect(throws: RuleViolation("Date cannot be in the future.")) {
                try s.recordPrice(PricePoint(assetID: a.id!, date: today.adding(days: 1), price: 6))
            }
            #expect(try s.latestPrice(ofAsset: a.id!)?.price == 5)
        }
    }

    @Test("a new asset's initial position: a buy at cost basis and a price record at current price")
    func initialPosition() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            var r = StoreSession.NewAsset(name: "AAPL", type: .stock)
            r.quantity = 10; r.costBasis = 100; r.currentPrice = 120
            let a = try s.createAsset(r)
            let v = try s.valuation(ofAsset: a.id!)
            #expect(v.currentValue == 1200)
            #expect(try s.transactions(ofAsset: a.id!).first?.totalAmount == 1000)

            var c = StoreSession.NewAsset(name: "Cash", type: .cash)
            c.quantity = 500; c.costBasis = 7
            let cash = try s.createAsset(c)
            #expect(try s.latestPrice(ofAsset: cash.id!)?.price == 1)
            #expect(try s.valuation(ofAsset: cash.id!).costBasis == 500)
        }
    }

    @Test("a failed multi-row write leaves nothing behind")
    func atomicity() throws {
        let store = try AssetFlowStore(path: nil)
        try store.withSession(today: today) { s in
            var r = StoreSession.NewAsset(name: "Bad", type: .stock)
            r.quantity = 5; r.costBasis = -1
            #expect(throws: RuleViolation("Cost basis must be zero or greater.")) { try s.createAsset(r) }
            let assets = try s.assets()
            #expect(assets.isEmpty)
        }
    }

    @Test("cached positions follow appended, back-dated and rolled-back transactions")
    func cacheCoherence() throws {
        try AssetFlowStore(path: nil).withSession(today: today) { s in
            let a = try s.createAsset(StoreSession.NewAsset(name: "X", type: .stock))
            func buy(_ q: ExactDecimal, _ p: ExactDecimal, _ d: String) throws {
                _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: CalendarDate(d)!, quantity: q, pricePerUnit: p, currency: "USD"))
            }
            try buy(10, 10, "2024-03-01")
            #expect(try s.position(ofAsset: a.id!).quantity == 10)
            try buy(10, 20, "2024-04-01")  // appended
            #expect(try s.position(ofAsset: a.id!).costBasis == 300)
            try buy(10, 30, "2024-01-01")  // back-dated
            #expect(try s.position(ofAsset: a.id!) == Position.of(try s.transactions(ofAsset: a.id!)))
            try s.begin()
            try buy(1, 1, "2024-05-01")
            try s.rollback()
            #expect(try s.position(ofAsset: a.id!).quantity == 30)
        }
    }
}
