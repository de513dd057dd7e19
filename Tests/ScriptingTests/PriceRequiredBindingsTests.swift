import Foundation
import Testing

@Suite("A trade without a price (Lua)")
struct PriceRequiredBindingsTests {
    @Test("a non-cash buy or sell without a price needs one unless the asset has a current price")
    func required() throws {
        try runRulesScript("""
        local a = af.create_asset{ name = "ACME", type = "stock" }
        expect_error(function() a:buy{ quantity = 10 } end, "Price per unit is required.")
        assert(#a:transactions() == 0)
        local b = af.create_asset{ name = "Free", type = "stock", quantity = 1, cost_basis = 0, date = "2024-01-02" }
        expect_error(function() b:sell{ quantity = 1 } end, "Price per unit is required.")
        b:record_price{ price = 7, date = "2024-02-01" }
        assert(af.eq(b:sell{ quantity = 1 }.price, 7))
        """)
    }
}
