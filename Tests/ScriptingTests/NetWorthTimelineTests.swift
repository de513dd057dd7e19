import Foundation
import Testing
@testable import Core
@testable import Store

/// The net worth over time counts the same assets as af.net_worth (issue 11: the overview's
/// chart left out assets in no portfolio).
@Suite("Net worth over time")
struct NetWorthTimelineTests {
    @Test("af.timeline counts assets in no portfolio, as af.net_worth does")
    func lua() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "P" }
        af.create_asset{ name = "In", type = "stock", portfolio = p, quantity = 10, cost_basis = 10, date = "2024-01-02" }
        af.create_asset{ name = "Out", type = "stock", quantity = 5, cost_basis = 20, date = "2024-01-02" }
        local rows = af.timeline{ from = "2024-01-02", every = "month" }
        assert(#rows == 6 and rows[#rows].date == "2024-06-01", #rows)
        assert(af.eq(rows[#rows].value, af.net_worth()) and af.eq(rows[1].value, 200))
        """)
    }

    @Test("the store's timeline of every asset ends at the net worth")
    func store() throws {
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let p = try s.execute(CreatePortfolio(name: "P"))
            var inside = StoreSession.NewAsset(name: "In", type: .stock)
            inside.quantity = 10; inside.costBasis = 10; inside.date = CalendarDate("2024-01-02"); inside.portfolioID = p.id
            var outside = StoreSession.NewAsset(name: "Out", type: .stock)
            outside.quantity = 5; outside.costBasis = 20; outside.date = CalendarDate("2024-01-02")
            _ = try s.createAsset(inside)
            _ = try s.createAsset(outside)
            let rows = try s.timeline(of: s.assets(), dates: [CalendarDate("2024-06-01")!])
            #expect(rows.last?.value == (try s.netWorth()))
            #expect(rows.last?.value == 200)
        }
    }
}
