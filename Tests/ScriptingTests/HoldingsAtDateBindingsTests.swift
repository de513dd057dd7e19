import Foundation
import Testing

@Suite("Holdings are checked at the transaction's date (Lua)")
struct HoldingsAtDateBindingsTests {
    @Test("issue 11: a sell dated before the first buy is refused and books nothing")
    func sellBeforeFirstBuy() throws {
        try runRulesScript("""
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 10, cost_basis = 10, date = "2024-06-01" }
        expect_error(function() a:sell{ quantity = 5, price = 10, date = "2024-01-01" } end,
                     "Cannot sell more than available holdings on 2024-01-01 (0).")
        expect_error(function() a:transfer_out{ quantity = 5, price = 10, date = "2024-01-01" } end,
                     "Cannot transfer out more than available holdings on 2024-01-01 (0).")
        assert(af.eq(a.average_cost, 10) and af.eq(a.realized_gain, 0) and #a:transactions() == 1)
        """)
    }

    @Test("edits of date or quantity and deleting a buy are refused naming the date")
    func editsAndDeletions() throws {
        try runRulesScript("""
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 10, cost_basis = 10, date = "2024-01-02" }
        local buy = a:transactions()[1]
        local sell = a:sell{ quantity = 8, price = 12, date = "2024-03-01" }
        expect_error(function() sell:edit{ date = "2024-01-01" } end, "Cannot sell more than available holdings on 2024-01-01 (0).")
        expect_error(function() buy:edit{ date = "2024-04-01" } end, "This change would cause the asset quantity to become negative on 2024-03-01.")
        expect_error(function() buy:edit{ quantity = 7 } end, "This change would cause the asset quantity to become negative on 2024-03-01.")
        expect_error(function() buy:delete() end, "Deleting this transaction would cause the asset quantity to become negative on 2024-03-01.")
        assert(af.eq(a.quantity, 2) and #a:transactions() == 2)
        """)
    }
}
