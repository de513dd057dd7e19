import Foundation
import Testing
@testable import Core
@testable import Store

/// The business rules enforced by the Store: edits, deletions, movements, history, allocation, plans.
@Suite("Business rules through the Store")
struct BusinessRulesStoreTests: StoreRuleTesting {
    @Test("edit keeps quantity ≥ 0 using base = quantity − old impact; edits in place")
    func editTransaction() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10")
            let sell = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-02-01"), quantity: 4, pricePerUnit: 12, currency: "USD"))
            #expect(message { _ = try s.editTransaction(id: sell.id!) { $0.quantity = 12 } } == "Cannot sell more than available holdings (10).")
            #expect(message { _ = try s.editTransaction(id: sell.id!) { $0.type = .transferOut; $0.quantity = 11 } } == "Cannot transfer out more than available holdings (10).")
            #expect(message { _ = try s.editTransaction(id: sell.id!) { $0.date = d("2024-06-02") } } == "Date cannot be in the future.")
            #expect(message { _ = try s.editTransaction(id: sell.id!) { $0.quantity = 0 } } == "Quantity must be greater than zero.")
            _ = try s.editTransaction(id: sell.id!) { $0.quantity = 10 }
            #expect(try s.position(ofAsset: a.id!).quantity == 0)
            #expect(try s.transactions(ofAsset: a.id!).count == 2)
        }
    }

    @Test("delete refused when the quantity would become negative")
    func deleteTransaction() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10")
            let buy = try #require(try s.transactions(ofAsset: a.id!).first)
            let sell = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-02-01"), quantity: 4, pricePerUnit: 12, currency: "USD"))
            #expect(message { try s.deleteTransaction(id: buy.id!) } == "Deleting this transaction would cause the asset quantity to become negative on 2024-02-01.")
            try s.deleteTransaction(id: sell.id!)
            #expect(try s.position(ofAsset: a.id!).quantity == 10)
        }
    }

    @Test("price edit re-checks duplicates excluding itself; the last record cannot be deleted")
    func prices() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "1", price: "10")
            let first = try #require(try s.prices(ofAsset: a.id!).first)
            #expect(message { try s.deletePrice(id: first.id!) } == "An asset must have at least one price record.")
            let second = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-01"), price: 12))
            _ = try s.editPrice(id: second.id!, price: 13, date: d("2024-03-01"))
            #expect(message { _ = try s.editPrice(id: second.id!, price: nil, date: d("2024-01-02")) } == "A price record already exists for this date (ACME, 2024-01-02).")
            #expect(message { _ = try s.editPrice(id: second.id!, price: -1, date: nil) } == "Price must be zero or greater.")
            #expect(message { _ = try s.editPrice(id: second.id!, price: nil, date: d("2024-07-01")) } == "Date cannot be in the future.")
            #expect(try s.valuation(ofAsset: a.id!).currentPrice == 13)
            try s.deletePrice(id: second.id!)
            #expect(try s.valuation(ofAsset: a.id!).currentPrice == 10)
        }
    }

    @Test("type and currency locked once history exists; delete cascades; portfolio deletion only when empty")
    func assetsAndPortfolios() throws {
        try withStore { s in
            let p = try s.createPortfolio(name: "Core")
            let a = try asset(s, "ACME", .stock, quantity: "1", price: "10", portfolio: p.id)
            #expect(message { _ = try s.updateAsset(id: a.id!) { $0.type = .bond } } == AssetRules.typeLockedMessage)
            #expect(message { _ = try s.updateAsset(id: a.id!) { $0.currency = "EUR" } } == AssetRules.currencyLockedMessage)
            #expect(message { _ = try s.updateAsset(id: a.id!) { $0.name = " " } } == "Asset name cannot be empty.")
            let renamed = try s.updateAsset(id: a.id!) { $0.name = "ACME Corp"; $0.platform = "  My   Broker " }
            #expect(renamed.platform == "My Broker")
            #expect(message { try s.deletePortfolio(id: p.id!) } == "This portfolio contains 1 asset(s). Remove all assets before deleting the portfolio.")
            try s.deleteAsset(id: a.id!)
            #expect(try s.transactions(ofAsset: a.id!).isEmpty && s.prices(ofAsset: a.id!).isEmpty)
            try s.deletePortfolio(id: p.id!)
            #expect(try s.portfolios().isEmpty)
            let empty = try s.createAsset(StoreSession.NewAsset(name: "Empty", type: .stock))
            #expect(try s.updateAsset(id: empty.id!) { $0.type = .bond }.type == .bond)
        }
    }

    @Test("set quantity, swap linked both ways and atomic, dividends and in-kind interest per source")
    func movements() throws {
        try withStore { s in
            let stock = try asset(s, "ACME", .stock, quantity: "10", price: "10")
            let cash = try asset(s, "Cash", .cash, quantity: "100", price: "1")
            let t = try s.setQuantity(ofAsset: stock.id!, to: 12)
            #expect(t.type == .adjustment && t.quantity == 2)
            #expect(message { _ = try s.setQuantity(ofAsset: stock.id!, to: -1) } == "The new quantity must be zero or greater.")
            let pair = try s.swap(from: stock.id!, to: cash.id!, quantity: 2, price: 15, toQuantity: nil, toPrice: nil, date: d("2024-03-01"))
            #expect(pair.sell.relatedTransactionID == pair.buy.id && pair.buy.relatedTransactionID == pair.sell.id)
            #expect(try s.transaction(id: pair.sell.id!)?.relatedTransactionID == pair.buy.id)
            #expect(try s.position(ofAsset: cash.id!).quantity == 130)
            let before = try s.transactions(ofAsset: cash.id!).count
            #expect(message { _ = try s.swap(from: stock.id!, to: cash.id!, quantity: 99, price: 1, toQuantity: nil, toPrice: nil) } == "Cannot sell more than current holdings (10).")
            #expect(try s.transactions(ofAsset: cash.id!).count == before)
            #expect(message { _ = try s.swap(from: cash.id!, to: cash.id!, quantity: 1, price: nil, toQuantity: nil, toPrice: nil) } == StoreSession.swapSameAssetMessage)
            _ = try s.recordIncome(.dividend, asset: cash.id!, source: stock.id!, amount: x("12.50"))
            _ = try s.recordIncome(.interest, asset: stock.id!, source: stock.id!, amount: nil, quantity: 1, price: 10)
            #expect(try s.income(fromSource: stock.id!) == x("22.50"))
            #expect(message { _ = try s.recordIncome(.dividend, asset: stock.id!, source: cash.id!, amount: 1) } == "Dividend is paid into a cash asset; 'ACME' is not cash.")
        }
    }

    @Test("value at a date and timeline: quantity at D × latest price on or before D; mixed currencies converted")
    func history() throws {
        try withStore { s in
            let p = try s.createPortfolio(name: "Core")
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-01-15", portfolio: p.id)
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-01"), price: 20))
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-04-01"), quantity: 5, pricePerUnit: 20, currency: "USD"))
            let assets = try s.assets(inPortfolio: p.id!)
            #expect(try s.value(of: assets, at: d("2024-01-01")) == 0)
            #expect(try s.value(of: assets, at: d("2024-02-01")) == 100)
            let dates = try StoreSession.timelineDates(from: d("2024-01-31"), to: d("2024-05-15"), monthly: true)
            #expect(dates.map(\.description) == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-15"])
            #expect(try s.timeline(of: assets, dates: dates).map(\.value) == [100, 100, 200, 100, 100])
            _ = try asset(s, "Euro", .cash, quantity: "1", price: "1", currency: "EUR", portfolio: p.id)
            #expect(message { _ = try s.totalValue(of: s.assets(inPortfolio: p.id!)) } == MissingRateError(from: "EUR", to: "USD", date: d("2024-06-01")).description)
            try s.execute(SetRate(ExchangeRate(base: "EUR", quote: "USD", date: d("2024-01-02"), rate: x("1.1"))))
            #expect(try s.totalValue(of: s.assets(inPortfolio: p.id!)) == x("101.1"))
        }
    }

    @Test("categories: name required and unique, target 0–100")
    func categories() throws {
        try withStore { s in
            _ = try s.createCategory(name: " Core ", targetPercent: 60)
            #expect(message { _ = try s.createCategory(name: "core") } == "A category named 'Core' already exists.")
            #expect(message { _ = try s.createCategory(name: "  ") } == "Category name cannot be empty.")
            #expect(message { _ = try s.createCategory(name: "X", targetPercent: 101) } == "Target allocation must be between 0% and 100%.")
        }
    }

    @Test("automatic saving plans run each due occurrence once, linked with a source; manual plans remind")
    func savingPlans() throws {
        try withStore { s in
            let etf = try asset(s, "ETF", .etf, quantity: "1", price: "50")
            let cash = try asset(s, "Cash", .cash, quantity: "1000", price: "1")
            _ = try s.createSavingPlan(RegularSavingPlan(name: "Monthly", assetID: etf.id!, sourceAssetID: cash.id!, amount: 100,
                                                         frequency: .monthly, startDate: d("2024-01-31"), executionMethod: .automatic))
            _ = try s.createSavingPlan(RegularSavingPlan(name: "Gift", assetID: etf.id!, amount: 50, frequency: .weekly,
                                                         startDate: d("2024-05-20"), executionMethod: .manual))
            let made = try s.runDuePlans(asOf: d("2024-04-30"))
            #expect(made.count == 8)
            #expect(made[0].relatedTransactionID == made[1].id)
            #expect(try s.position(ofAsset: cash.id!).quantity == 600)
            #expect(try s.position(ofAsset: etf.id!).quantity == 9)
            #expect(try s.runDuePlans(asOf: d("2024-04-30")).isEmpty)
            #expect(try s.savingPlans().first?.nextDueDate == d("2024-05-31"))
            #expect(try s.reminders(asOf: d("2024-06-01")).map(\.date.description) == ["2024-05-20", "2024-05-27"])
            #expect(message { _ = try s.createSavingPlan(RegularSavingPlan(name: "", assetID: etf.id!, amount: 1, frequency: .daily, startDate: d("2024-01-01"))) }
                    == "Saving plan name cannot be empty.")
        }
    }
}
