import Foundation
import Testing

@Suite("Categories and platforms (Lua)")
struct CategoryBindingsTests {
    @Test("categories are listed, renamed and deleted (not while assets use them); platforms renamed")
    func categoriesAndPlatforms() throws {
        try runRulesScript("""
        af.create_category{ name = "Core", target = 60 }
        af.create_category{ name = "Bonds" }
        local a = af.create_asset{ name = "ETF", type = "etf" }
        a:update{ category = "Core", platform = "ibkr" }
        local c = af.categories()
        assert(#c == 2 and c[1].name == "Bonds" and c[1].target == nil and c[1].assets == 0)
        assert(c[2].name == "Core" and af.eq(c[2].target, 60) and c[2].assets == 1)
        expect_error(function() af.rename_category("Core", "bonds") end, "A category named 'Bonds' already exists.")
        assert(af.rename_category("Core", "Core holdings") == "Core holdings" and a.category == "Core holdings")
        expect_error(function() af.delete_category("Core holdings") end,
                     "This category cannot be deleted because it has 1 asset(s) assigned. Reassign the assets first.")
        expect_error(function() af.delete_category("Nope") end, "af.delete_category: no category named 'Nope' (categories: Bonds, Core holdings)")
        af.delete_category("Bonds")
        assert(#af.categories() == 1)
        assert(af.rename_platform("ibkr", "Interactive Brokers") == "Interactive Brokers" and a.platform == "Interactive Brokers")
        assert(af.platforms()[1] == "Interactive Brokers")
        expect_error(function() af.rename_platform("Interactive Brokers", "") end, "Platform name cannot be empty.")
        """)
    }
}
