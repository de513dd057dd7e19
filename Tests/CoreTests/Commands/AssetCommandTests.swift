import Foundation
import Testing
@testable import Core

@Suite("Asset, portfolio and category commands")
struct AssetCommandTests {
    @Test("CreateAsset: the initial position is a buy at the cost basis and a price at the current price (or the cost basis)")
    func initialPosition() throws {
        let s = MemoryCommandStore()
        var c = CreateAsset(name: "  ACME ", type: .stock)
        c.quantity = 10
        c.costBasis = 10
        c.currentPrice = 12
        let acme = try s.run(c)
        #expect(acme.name == "ACME")
        #expect(acme.currency == "USD")
        #expect(s.transactions.values.map(\.pricePerUnit) == [10])
        #expect(try s.currentPrice(ofAsset: acme.id!) == 12)
        #expect(s.prices.values.first?.date == s.today)
    }

    @Test("CreateAsset: the seeds' messages, with the asset's name as context")
    func createRules() throws {
        let s = MemoryCommandStore()
        _ = try s.asset("ACME")
        let dup = violation { try s.run(CreateAsset(name: "acme", type: .stock)) }
        #expect(dup?.description == "An asset named 'acme' already exists.")
        #expect(dup?.rule == .duplicate)
        var noCost = CreateAsset(name: "X", type: .stock)
        noCost.quantity = 1
        #expect(violation { try s.run(noCost) }?.description == "Cost basis is required.")
        var future = noCost
        future.costBasis = 1
        future.date = ymd("2024-07-01")
        let v = violation { try s.run(future) }
        #expect(v?.description == "Date cannot be in the future.")
        #expect(v?.asset == "X")
        var badCurrency = CreateAsset(name: "Y", type: .stock)
        badCurrency.currency = "dollars"
        #expect(violation { try s.run(badCurrency) }?.rule == .unknownValue)
        #expect(s.assets.count == 1)
    }

    @Test("UpdateAsset: unique name (its own is fine), type and currency locked once history exists")
    func update() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 1)
        _ = try s.asset("Other")
        #expect(try s.run(UpdateAsset(id: acme.id!, name: "acme", platform: "  My   Broker ")).platform == "My Broker")
        #expect(violation { try s.run(UpdateAsset(id: acme.id!, name: "other")) }?.description == "An asset named 'other' already exists.")
        let locked = violation { try s.run(UpdateAsset(id: acme.id!, type: .bond)) }
        #expect(locked?.description == AssetRules.typeLockedMessage)
        #expect(locked?.rule == .locked)
        #expect(try s.run(UpdateAsset(id: acme.id!, portfolioID: .some(nil))).portfolioID == nil)
    }

    @Test("portfolios: unique names; only an empty one can be deleted")
    func portfolios() throws {
        let s = MemoryCommandStore()
        let p = try s.run(CreatePortfolio(name: " Core "))
        #expect(p.name == "Core")
        #expect(violation { try s.run(CreatePortfolio(name: "core")) }?.description == "A portfolio with this name already exists.")
        var c = CreateAsset(name: "ACME", type: .stock)
        c.portfolioID = p.id
        let acme = try s.run(c)
        #expect(violation { try s.run(DeletePortfolio(id: p.id!)) }?.rule == .inUse)
        try s.run(DeleteAsset(id: acme.id!))
        try s.run(DeletePortfolio(id: p.id!))
        #expect(s.portfolios.isEmpty)
    }

    @Test("UpdatePortfolio: the name rules of a new one; its own name in another case is fine")
    func updatePortfolio() throws {
        let s = MemoryCommandStore()
        let core = try s.run(CreatePortfolio(name: "Core"))
        _ = try s.run(CreatePortfolio(name: "Satellite"))
        #expect(try s.run(UpdatePortfolio(id: core.id!, name: " CORE ", description: "long term")) == Portfolio(id: core.id, name: "CORE", description: "long term"))
        #expect(violation { try s.run(UpdatePortfolio(id: core.id!, name: "satellite")) }?.description == "A portfolio with this name already exists.")
        #expect(violation { try s.run(UpdatePortfolio(id: core.id!, name: " ")) }?.description == "Portfolio name cannot be empty.")
        #expect(try s.run(UpdatePortfolio(id: core.id!, description: "")).name == "CORE")
    }

    @Test("categories: a name, unique ignoring case, and a target in 0…100")
    func categories() throws {
        let s = MemoryCommandStore()
        _ = try s.run(CreateCategory(name: "Core", targetPercent: 60))
        #expect(violation { try s.run(CreateCategory(name: "CORE")) }?.description == "A category named 'Core' already exists.")
        #expect(violation { try s.run(CreateCategory(name: "X", targetPercent: 101)) }?.description == "Target allocation must be between 0% and 100%.")
        #expect(violation { try s.run(CreateCategory(name: " ")) }?.description == "Category name cannot be empty.")
    }
}
