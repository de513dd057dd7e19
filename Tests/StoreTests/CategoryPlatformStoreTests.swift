import Foundation
import Testing
@testable import Core
@testable import Store

/// Categories are listed, renamed and deleted (not while assets use them); platforms are
/// renamed on every asset (app notes S24, S27).
@Suite("Categories and platforms (Store)")
struct CategoryPlatformStoreTests: StoreRuleTesting {
    @Test("rename keeps names unique ignoring case; delete refused while assets use it, with the app's message")
    func categories() throws {
        try withStore { s in
            let core = try s.createCategory(name: "Core", targetPercent: 60)
            let bonds = try s.createCategory(name: "Bonds")
            var r = StoreSession.NewAsset(name: "ETF", type: .etf)
            r.categoryID = core.id
            let etf = try s.createAsset(r)
            #expect(message { _ = try s.execute(UpdateCategory(id: core.id!, name: "bonds")) } == "A category named 'Bonds' already exists.")
            #expect(message { _ = try s.execute(UpdateCategory(id: core.id!, name: "  ")) } == "Category name cannot be empty.")
            #expect(try s.execute(UpdateCategory(id: core.id!, name: "CORE")).name == "CORE")
            #expect(try s.execute(UpdateCategory(id: core.id!, targetPercent: .some(nil))).targetPercent == nil)
            #expect(message { try s.execute(DeleteCategory(id: core.id!)) }
                    == "This category cannot be deleted because it has 1 asset(s) assigned. Reassign the assets first.")
            try s.execute(DeleteCategory(id: bonds.id!))
            #expect(try s.categories().map(\.name) == ["CORE"])
            try s.deleteAsset(id: etf.id!)
            try s.execute(DeleteCategory(id: core.id!))
            #expect(try s.categories().isEmpty)
        }
    }

    @Test("a platform is renamed on every asset that has it; empty and clashing names are refused")
    func platforms() throws {
        try withStore { s in
            for (name, platform) in [("A", "ibkr"), ("B", "ibkr"), ("C", "Degiro")] {
                var r = StoreSession.NewAsset(name: name, type: .stock)
                r.platform = platform
                _ = try s.createAsset(r)
            }
            #expect(message { _ = try s.execute(RenamePlatform("ibkr", to: " ")) } == "Platform name cannot be empty.")
            #expect(message { _ = try s.execute(RenamePlatform("ibkr", to: "DEGIRO")) } == "A platform named 'Degiro' already exists.")
            #expect(message { _ = try s.execute(RenamePlatform("Nope", to: "X")) } == "No platform named 'Nope' (platforms: Degiro, ibkr).")
            #expect(try s.execute(RenamePlatform("ibkr", to: "Interactive  Brokers")) == "Interactive Brokers")
            #expect(try s.platforms() == ["Degiro", "Interactive Brokers"])
            #expect(try s.assets().map(\.platform) == ["Interactive Brokers", "Interactive Brokers", "Degiro"])
        }
    }
}
