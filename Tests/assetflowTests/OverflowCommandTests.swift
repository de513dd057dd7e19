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
            a:record_price{ price = '\(big)', date = '2024-01-03' }
            af.create_asset{ name = 'SMALL', type = 'stock', quantity = 2, cost_basis = 10, date = '2024-01-01' }
            """)
        let r = try box.run(["run", "--store", box.store, setup])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("Price per unit 9000000000000000000 is out of range") == true, "\(r.out)")
        #expect(lines.last?.hasPrefix("false\t") == true && lines.last?.contains("out of range") == true, "\(r.out)")
        let report = try box.run(["report", "holdings", "--store", box.store])
        #expect(report.status == 0, "\(report.err)")
        #expect(report.out.contains("BIG") && report.out.contains("SMALL"))
        let worth = try box.script("worth.lua", "print(af.net_worth():exact())\n")
        let printed = try box.run(["run", "--store", box.store, worth])
        #expect(printed.out == "810000000000000000000000000000000020\n", "\(printed.out) \(printed.err)")
    }
}
