import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The lot-choice examples in scripts/examples, on a store with four lots of one ETF.
@Suite("Lot-choice example scripts")
struct LotExamplesTests {
    /// Lots at 50 (20), 80 (20), 130 (10) and 150 (10); 5 sold at 90 this year (a FIFO gain
    /// of 200); the price is now 100.
    static let setup = """
        af.set_main_currency("EUR")
        local a = af.create_asset{ name = "World ETF", type = "etf", currency = "EUR" }
        a:buy{ quantity = 20, price = 50, date = "2023-02-01" }
        a:buy{ quantity = 20, price = 80, date = "2023-09-01" }
        a:buy{ quantity = 10, price = 130, date = "2024-03-01" }
        a:buy{ quantity = 10, price = 150, date = "2024-06-01" }
        a:sell{ quantity = 5, price = 90, date = "2025-01-10" }
        a:record_price{ price = 100, date = "2025-01-14" }
        """

    func run(_ script: String, _ arguments: [String], after: String? = nil) throws -> String {
        let path = NSTemporaryDirectory() + "af-lot-examples-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try AssetFlowStore(path: path)
        let today = CalendarDate("2025-01-15")!
        var printed = ""
        var steps = [(try temporaryFile("setup.lua", Self.setup), [String]()),
                     (packageRoot.appendingPathComponent("scripts/examples/\(script)").path, arguments)]
        if let after { steps.append((try temporaryFile("after.lua", after), [])) }
        for (file, args) in steps {
            let outcome = try ScriptRunner.run(path: file, arguments: args, store: store, options: ScriptRun(), today: today, output: { printed += $0 })
            if !file.contains("/scripts/examples/") { try? FileManager.default.removeItem(atPath: file) }
            #expect(outcome.succeeded, "\(script): \(outcome.error ?? "")")
        }
        return printed
    }

    @Test("FIFO gains under 1,000: 15 of the oldest lot and 2 of the next keep the year at 990; applied, FIFO agrees")
    func allowance() throws {
        let out = try run("lots-gains-allowance.lua", ["World ETF", "1000", "2025", "apply"], after: """
            print(af.realized_gains{ method = "fifo", from = "2025-01-01" }.totals.all.gain, af.realized_gains{ method = "specific", from = "2025-01-01" }.totals.all.gain)
            """)
        #expect(out == """
            FIFO gains realized in 2025: 200.00 EUR; room left under 1000.00: 800.00
            Sell 17 of World ETF at 100.00: proceeds 1700.00, gain 790.00
              15 of the lot of 2023-02-01: gain 750.00 (long term)
              2 of the lot of 2023-09-01: gain 40.00 (long term)
            Recorded.
            990\t990

            """)
    }

    @Test("harvest losses over 500: the two lots bought above 100 lose 800 together")
    func harvest() throws {
        #expect(try run("lots-harvest-losses.lua", ["World ETF", "500"]) == """
            Harvest 20 of World ETF at 100.00: loss 800.00
              10 of the lot of 2024-06-01: -500.00
              10 of the lot of 2024-03-01: -300.00

            """)
        #expect(try run("lots-harvest-losses.lua", ["World ETF", "900"]) == "No harvest: the lots at a loss lose 800.00, not more than 900.00.\n")
    }

    @Test("highest cost first raises 5,000 with a gain of 100, where FIFO would realize 600")
    func highestCostFirst() throws {
        #expect(try run("lots-highest-cost-first.lua", ["World ETF", "5000"]) == """
            Sell 50 of World ETF at 100.00 to raise 5000.00: proceeds 5000.00, gain 100.00
              10 of the lot of 2024-06-01 at 150.00 a unit
              10 of the lot of 2024-03-01 at 130.00 a unit
              20 of the lot of 2023-09-01 at 80.00 a unit
              10 of the lot of 2023-02-01 at 50.00 a unit
            FIFO would realize 600.00 instead.

            """)
    }
}
