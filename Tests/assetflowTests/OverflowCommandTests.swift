import Foundation
import Testing

/// Issue 23, overflow, through the binary: the probe's huge quantity × huge price is refused
/// with its rule message when written, and the largest position the rules accept still
/// values: `report holdings` and net worth never fail because of it.
@Suite("Overflow from the command line")
struct OverflowCommandTests {
    @Test("a buy whose total leaves the range is refused; the largest accepted position still reports, exit 0")
    func largestPosition() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let big = "900000000000000000"
        let setup = try box.script("setup.lua", """
            local a = af.create_asset{ name = 'BIG', type = 'stock', quantity = '\(big)', cost_basis = '1', date = '2024-01-01' }
            print(pcall(a.buy, a, { quantity = '1', price = '\(big)0', date = '2024-01-02' }))
            print(pcall(a.buy, a, { quantity = '\(big)', price = '\(big)', date = '2024-01-02' }))
            print(pcall(a.record_price, a, { price = '\(big)', date = '2024-01-03' }))
            a:record_price{ price = '1000', date = '2024-01-04' }
            af.create_asset{ name = 'SMALL', type = 'stock', quantity = 2, cost_basis = 10, date = '2024-01-01' }
            """)
        let r = try box.run(["run", "--store", box.store, setup])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.contains("Price per unit 9000000000000000000 is out of range") == true, "\(r.out)")
        #expect(lines[1].hasPrefix("false\t") && lines[1].contains("out of range"), "\(r.out)")
        // 9 × 10^17 units at 9 × 10^17 would be worth more than any conversion can hold.
        #expect(lines[2].hasPrefix("false\t") && lines[2].contains("The value of a position"), "\(r.out)")
        let report = try box.run(["report", "holdings", "--store", box.store])
        #expect(report.status == 0, "\(report.err)")
        #expect(report.out.contains("BIG") && report.out.contains("SMALL"))
        let worth = try box.script("worth.lua", "print(af.net_worth():exact())\n")
        let printed = try box.run(["run", "--store", box.store, worth])
        #expect(printed.out == "900000000000000000020\n", "\(printed.out) \(printed.err)")
    }

    @Test("the audit's rate: EUR→USD at 10^12 by rates import is refused with its rule message; the store and every total unchanged")
    func rateImport() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let setup = try box.script("setup.lua", """
            af.create_asset{ name = 'BIG', type = 'stock', quantity = '900000000000000000', cost_basis = '1', date = '2024-01-01', currency = 'EUR' }
            af.set_rate{ base = 'EUR', quote = 'USD', rate = '1.08', date = '2024-01-01' }
            """)
        #expect(try box.run(["run", "--store", box.store, setup]).status == 0)
        let rates = try box.script("rates.csv", "date,base,quote,rate\n2024-01-02,EUR,USD,1000000000000\n")
        let refused = try box.run(["rates", "import", "--store", box.store, rates])
        #expect(refused.status == 1 && refused.err.contains("line 2: An exchange rate must lie between"), "\(refused.err)")
        #expect(try box.run(["report", "holdings", "--store", box.store]).status == 0)
        let worth = try box.script("worth.lua", "print(af.net_worth():exact(), #af.rates())\n")
        #expect(try box.run(["run", "--store", box.store, worth]).out == "972000000000000000\t1\n")
    }
}
