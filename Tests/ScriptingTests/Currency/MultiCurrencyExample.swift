import Foundation
@testable import Core
@testable import Scripting
@testable import Store

/// The worked example of Documentation/Currencies.md: main currency USD; a EUR ETF, a JPY
/// cash account and bitcoin, bought on Friday 2024-03-01; rates (base USD) on Friday 03-01
/// and Friday 03-08 only (a weekend and a gap between); "today" is Monday 2024-03-11.
enum MultiCurrencyExample {
    static let today = "2024-03-11"

    static let script = """
    af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-01", rate = "0.8" }       -- 1 EUR = 1.25 USD
    af.set_rate{ base = "USD", quote = "JPY", date = "2024-03-01", rate = "150" }
    af.set_rate{ base = "USD", quote = "BTC", date = "2024-03-01", rate = "0.00002" }   -- 1 BTC = 50000 USD
    af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-08", rate = "0.78125" }   -- 1 EUR = 1.28 USD
    af.set_rate{ base = "USD", quote = "JPY", date = "2024-03-08", rate = "160" }
    af.set_rate{ base = "USD", quote = "BTC", date = "2024-03-08", rate = "0.000016" }  -- 1 BTC = 62500 USD
    local p = af.create_portfolio{ name = "Core" }
    local etf = af.create_asset{ name = "World ETF", type = "etf", currency = "EUR", portfolio = p,
                                 quantity = 10, cost_basis = 100, date = "2024-03-01" }
    etf:record_price{ price = 110, date = "2024-03-08" }
    af.create_asset{ name = "Yen Cash", type = "cash", currency = "JPY", portfolio = p, quantity = 150000, date = "2024-03-01" }
    af.create_asset{ name = "Bitcoin", type = "crypto", currency = "BTC", portfolio = p,
                     quantity = "0.02", cost_basis = 1, date = "2024-03-01" }
    p:set_targets{ etf = 40, cash = 25, crypto = 35 }
    af.set_financial_goal(4000)
    """

    /// A store file with the example in it, alone in a folder of its own: the caller removes
    /// it with `removeStoreFolder(path)`.
    static func store() throws -> (store: AssetFlowStore, path: String) {
        let path = try storeInFolderOfItsOwn("currency")
        let store = try AssetFlowStore(path: path)
        try store.withSession(today: CalendarDate(today)!) { session in
            let env = try ScriptEnvironment(session: session)
            try session.begin()
            try env.lua.execute(script, name: "=example")
            try session.commit()
        }
        return (store, path)
    }
}
