import Foundation
import Testing

/// `assetflow report gains --year 2024 --method fifo`: one row per lot piece, in every format.
@Suite("assetflow report gains")
struct GainsReportTests {
    let cli = CommandLineTests()

    /// A store with two buys and a sale in 2024, one sale in 2023.
    func store() throws -> (path: String, folder: String) {
        let path = cli.temporaryStore()
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/setup.lua"
        try """
            local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD" }
            a:buy{ quantity = 10, price = 100, fees = 10, date = "2022-01-10" }
            a:buy{ quantity = 10, price = 150, date = "2023-06-01" }
            a:sell{ quantity = 1, price = 120, date = "2023-07-01" }
            a:sell{ quantity = 12, price = 200, fees = 12, date = "2024-03-01" }
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try cli.run(["run", "--store", path, script])
        #expect(r.status == 0, "\(r.err)")
        return (path, folder)
    }

    @Test("the CSV has one row per piece: description, acquired, sold, proceeds, cost, gain, term")
    func csv() throws {
        let (path, folder) = try store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = try cli.run(["report", "gains", "--year", "2024", "--method", "fifo", "--format", "csv", "--store", path])
        #expect(fifo.status == 0, "\(fifo.err)")
        // 9 left of the first lot (cost 909), 3 of the second (450); proceeds 2400 − 12 shared 9 : 3
        #expect(fifo.out == """
            Description,Acquired,Sold,Proceeds,Cost,Gain,Term\r
            9 ACME,2022-01-10,2024-03-01,1791.00,909.00,882.00,long\r
            3 ACME,2023-06-01,2024-03-01,597.00,450.00,147.00,short\r

            """)
        let lifo = try cli.run(["report", "gains", "--store", path, "--method", "lifo", "--year", "2024", "--format", "csv"])
        // LIFO: the 2023 sale took 1 of the newest lot, so 2024 takes its other 9, then 3 of the oldest
        #expect(lifo.out.contains("9 ACME,2023-06-01,2024-03-01,1791.00,1350.00,441.00,short\r\n3 ACME,2022-01-10,2024-03-01,597.00,303.00,294.00,long"))
    }

    @Test("every format renders; a wrong option is an error that names the options")
    func formats() throws {
        let (path, folder) = try store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for format in ["terminal", "markdown", "json", "html"] {
            let r = try cli.run(["report", "gains", "--year", "2023", "--format", format, "--store", path])
            #expect(r.status == 0, "\(format): \(r.err)")
            #expect(r.out.contains("Realized gains (fifo, "), "\(format)")
            #expect(r.out.contains("Sales in 2023."), "\(format)")
        }
        let wrong = try cli.run(["report", "gains", "--yaer", "2024", "--store", path])
        #expect(wrong.status != 0)
        #expect(wrong.err.contains("unknown parameter 'yaer' (expected one of: currency, from, method, to, year)"), "\(wrong.err)")
        // A parameter a report does not declare is refused (a typo is never passed on silently).
        let typo = try cli.run(["report", "holdings", "--formt", "csv", "--store", path])
        #expect(typo.status != 0)
        #expect(typo.err.contains("unknown parameter 'formt' (expected one of: portfolio)"), "\(typo.err)")
    }
}
