import Foundation
import Testing

/// The command line of the import's reading: options before or after the subcommand, the
/// ECB's rates file, a one-asset price history, the dry run's summary.
@Suite("assetflow import and rates import: reading from the command line")
struct ImportReadingCommandTests {
    let cli = CommandLineTests()

    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "af-reading-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test("--store before or after the subcommand works alike, for import and for rates import")
    func optionsBeforeOrAfter() throws {
        try withFolder { folder in
            let store = folder + "/store.sqlite"
            try "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,1,10\n".write(toFile: folder + "/a.csv", atomically: true, encoding: .utf8)
            try "Date,Asset,Type,Quantity,Price\n2024-01-03,ACME,buy,1,10\n".write(toFile: folder + "/b.csv", atomically: true, encoding: .utf8)
            let before = try cli.run(["--store", store, "import", "transactions", folder + "/a.csv"])
            #expect(before.status == 0 && before.out.hasPrefix("1 transaction imported."), "\(before.err)")
            let middle = try cli.run(["import", "--store", store, "transactions", folder + "/b.csv"])
            #expect(middle.status == 0 && middle.out == "1 transaction imported.\n", "\(middle.err)")
            try "date,base,quote,rate\n2024-03-01,USD,EUR,0.92\n".write(toFile: folder + "/r.csv", atomically: true, encoding: .utf8)
            let rates = try cli.run(["--store=" + store, "rates", "import", folder + "/r.csv"])
            #expect(rates.status == 0 && rates.out == "Stored 1 rates.\n", "\(rates.err)")
        }
    }

    @Test("rates import reads the ECB's history file; import prices --asset stores Close")
    func ecbAndPrices() throws {
        try withFolder { folder in
            let store = folder + "/store.sqlite"
            let ecb = "Date,USD,JPY,CYP,GBP,\n2024-07-15,1.0892,171.57,N/A,0.83955,\n2024-07-12,1.0890,172.47,N/A,0.83888,\n"
            try ecb.write(toFile: folder + "/eurofxref-hist.csv", atomically: true, encoding: .utf8)
            let rates = try cli.run(["rates", "import", folder + "/eurofxref-hist.csv", "--store", store])
            #expect(rates.status == 0 && rates.out == "Stored 6 rates.\n", "\(rates.err)")
            let list = try cli.run(["rates", "list", "--store", store, "--quote", "gbp"])
            #expect(list.out == "2024-07-12  1 EUR = 0.83888 GBP  (ECB)\n2024-07-15  1 EUR = 0.83955 GBP  (ECB)\n")
            try "Date,Open,High,Low,Close,Adj Close,Volume\n2024-07-15,10.5,11.25,10.25,11,10.9,120300\n"
                .write(toFile: folder + "/ACME.csv", atomically: true, encoding: .utf8)
            let prices = try cli.run(["import", "prices", folder + "/ACME.csv", "--asset", "ACME", "--store", store])
            #expect(prices.status == 0 && prices.out == "1 price imported.\n1 new asset added: ACME (stock, USD).\n", "\(prices.err)")
        }
    }
}
