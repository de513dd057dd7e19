import Foundation
import Testing

@Suite("Saving plans (Lua)")
struct SavingPlanBindingsTests {
    @Test("deleting the asset or source nullifies the reference; a plan without a source runs as a transfer in")
    func deleteNullifies() throws {
        try runRulesScript("""
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 1000, date = "2024-01-02" }
        local etf = af.create_asset{ name = "ETF", type = "etf", quantity = 1, cost_basis = 50, date = "2024-01-02" }
        local gold = af.create_asset{ name = "Gold", type = "commodity", quantity = 1, cost_basis = 100, date = "2024-01-02" }
        af.create_saving_plan{ name = "ETF", asset = etf, amount = 50, frequency = "monthly", start_date = "2024-05-01" }
        af.create_saving_plan{ name = "Gold", asset = gold, source = cash, amount = 100, frequency = "monthly", start_date = "2024-05-01", execution = "automatic" }
        etf:delete()
        cash:delete()
        local plans = af.saving_plans()
        assert(#plans == 2 and plans[1].asset == nil and plans[2].source == nil and plans[2].asset.name == "Gold")
        assert(#af.reminders{ as_of = "2024-05-01" } == 0)
        local made = af.run_due_plans{ as_of = "2024-05-01" }
        assert(#made == 1 and made[1].type == "transfer_in")
        """)
    }

    @Test("every field reads; edit, pause, resume and delete; a plan prints its name, asset, amount and next due date")
    func fieldsAndChanges() throws {
        let out = try runLua("""
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 1000, date = "2024-01-02" }
        local etf = af.create_asset{ name = "World ETF", type = "etf", quantity = 1, cost_basis = 50, date = "2024-01-02" }
        local p = af.create_saving_plan{ name = "ETF", asset = etf, source = cash, amount = 200, frequency = "monthly", start_date = "2024-01-31" }
        print(p)
        print(p.id, p.name, p.asset.name, p.source.name, p.amount, p.frequency, p.start_date, p.next_due_date, p.execution, p.is_active, p.day_of_month)
        p:edit{ amount = 250, source = false, next_due_date = "2024-06-30" }
        print(p.amount, p.source, p.next_due_date)
        p:pause()
        print(p.is_active, p)
        p:resume()
        print(p.is_active)
        local ok, err = pcall(function() p:edit{ amount = 0 } end)
        print(err)
        p:delete()
        print(#af.saving_plans(), p)
        """)
        #expect(out == """
        <SavingPlan ETF: World ETF 200 USD from Cash monthly, next 2024-01-31>
        1\tETF\tWorld ETF\tCash\t200\tmonthly\t2024-01-31\t2024-01-31\tmanual\ttrue\t31
        250\tnil\t2024-06-30
        false\t<SavingPlan ETF: World ETF 250 USD monthly, paused, next 2024-06-30>
        true
        test:12: Saving plan amount must be greater than zero.
        0\t<SavingPlan (deleted)>

        """)
    }
}
