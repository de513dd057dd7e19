import Foundation
import Testing

/// `assetflow import FILE` through the profiles, end to end.
@Suite("assetflow import with profiles")
struct ProfileImportCommandTests {
    let folder = NSTemporaryDirectory() + "af-profiles-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("import FILE picks the profile; --dry-run writes nothing; the portfolio is created; again adds nothing")
    func importByHeader() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let csv = try file("revolut.csv", """
            Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate
            2024-01-02T09:00:00Z,,CASH TOP-UP,,,"$1,000.00",USD,1
            2024-01-03T15:00:00Z,AAPL,BUY - MARKET,2,$100.00,$200.00,USD,1
            """)
        let store = folder + "/s.sqlite"
        let cli = CommandLineTests()
        let dry = try cli.run(["import", csv, "--store", store, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.out.contains("Would import 2 rows as 3 transactions (dry run: nothing was written)."), "\(dry.out)\(dry.err)")
        let real = try cli.run(["import", csv, "--store", store, "--portfolio", "Brokers"])
        #expect(real.out == "Profile: Revolut (revolut).\n2 rows imported as 3 transactions.\n2 new assets added: Revolut USD (cash, USD), AAPL (stock, USD).\n",
                "\(real.out)\(real.err)")
        let check = try cli.run(["repl", "--store", store], input: "print(af.asset('Revolut USD').quantity, af.asset('AAPL').portfolio.name)\n")
        #expect(check.out.contains("800\tBrokers"), "\(check.out)")
        let again = try cli.run(["import", csv, "--store", store])
        #expect(again.out.contains("No rows were imported.\n2 rows were already imported and skipped."), "\(again.out)")
    }

    @Test("--list-profiles names each profile with its headers; an unknown file names the closest profile")
    func listAndUnknown() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cli = CommandLineTests()
        let list = try cli.run(["import", "--list-profiles"])
        #expect(list.status == 0)
        #expect(list.out.contains("trading212: Trading 212"))
        #expect(list.out.contains("    headers: Action, Ticker, No. of shares, Price / share"))
        for name in ["xtb: XTB", "vanguard: Vanguard", "coinbase-pro: Coinbase Pro", "binance: Binance"] {
            #expect(list.out.contains(name), "\(name)")
        }
        #expect(list.out.contains("    headers: UTC_Time, Account, Operation, Coin, Change, Remark"))
        let odd = try file("odd.csv", "Action,Ticker,Shares\nbuy,ACME,1\n")
        let r = try cli.run(["import", odd, "--store", folder + "/s.sqlite"])
        #expect(r.status == 1)
        #expect(r.err.contains("No import profile recognizes this file. Closest: Trading 212 (--profile trading212), whose columns 'No. of shares', 'Price / share' the file does not have."), "\(r.err)")
        #expect(r.err.contains("The generic column mapping cannot read it either:"))
    }
}
