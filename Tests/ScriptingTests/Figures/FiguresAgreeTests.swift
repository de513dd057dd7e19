import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Issue 22's acceptance history, small enough to check by hand. Main currency EUR; USD per
/// EUR rates 0.90 (01-02), 0.95 (03-01), 1.00 (06-03); "today" is 2024-06-03.
/// - USD Cash at the broker: 100 USD deposited on 01-02 (90 EUR).
/// - AAPL (USD): 10 bought at 200 on 01-02, no price ever recorded (prices from trades); a
///   dividend of 10.00 USD with 15 % withheld on 03-01, recorded as what it is (the
///   DividendWithTax operation: 10.00 gross into USD Cash, 1.50 of tax out of it, 8.50 net);
///   4 sold at 250 on 06-03.
/// - EUR Cash: 1,000 EUR on 01-02. Bitcoin (priced in EUR): 0.01 at 40,000 on 01-02, 60,000
///   recorded on 06-03. World ETF (EUR) savings plan: 1 unit at 100 on 02-01 and at 105 on 03-01.
enum FiguresExample {
    static let today = "2024-06-03"
    static let script = """
        af.set_main_currency("EUR")
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-01-02", rate = "0.9" }
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-01", rate = "0.95" }
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-06-03", rate = "1" }
        local usd = af.create_asset{ name = "USD Cash", type = "cash", currency = "USD", quantity = 100, date = "2024-01-02" }
        local aapl = af.create_asset{ name = "AAPL", type = "stock", currency = "USD" }
        aapl:buy{ quantity = 10, price = 200, date = "2024-01-02" }
        af.create_asset{ name = "EUR Cash", type = "cash", currency = "EUR", quantity = 1000, date = "2024-01-02" }
        local btc = af.create_asset{ name = "Bitcoin", type = "crypto", currency = "EUR" }
        btc:buy{ quantity = "0.01", price = 40000, date = "2024-01-02" }
        local etf = af.create_asset{ name = "World ETF", type = "etf", currency = "EUR" }
        etf:buy{ quantity = 1, price = 100, date = "2024-02-01", note = "savings plan" }
        etf:buy{ quantity = 1, price = 105, date = "2024-03-01", note = "savings plan" }
        af.dividend_with_tax{ asset = usd, source = aapl, gross = "10.00", tax = "1.50", date = "2024-03-01" }
        aapl:sell{ quantity = 4, price = 250, date = "2024-06-03" }
        btc:record_price{ price = 60000, date = "2024-06-03" }
        """

    static func store() throws -> (store: AssetFlowStore, path: String) {
        let path = NSTemporaryDirectory() + "af-figures-\(UUID().uuidString).sqlite"
        let store = try AssetFlowStore(path: path)
        try store.withSession(today: CalendarDate(today)!) { session in
            let env = try ScriptEnvironment(session: session)
            try session.begin()
            try env.lua.execute(script, name: "=example")
            try session.commit()
        }
        return (store, path)
    }

    static func remove(_ path: String) { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
}

func dec(_ text: String) -> ExactDecimal { ExactDecimal.parseOrNil(text)! }

@Suite("Figures agree: the acceptance history of issue 22, checked against figures worked out by hand", .serialized)
struct FiguresAgreeTests {
    /// Lua's printed values (exact), one per line.
    func values(_ store: AssetFlowStore, _ lua: String) throws -> [String] {
        try runLua(lua, store: store, today: FiguresExample.today).split(separator: "\n").map(String.init)
    }

    @Test("net worth, TWR, Modified Dietz, growth, MWR, realized gain, income and the currency effect")
    func performance() throws {
        let (store, path) = try FiguresExample.store()
        defer { FiguresExample.remove(path) }
        let v = try values(store, """
            print((af.net_worth()):exact())
            local r = af.performance{ from = "2024-01-01", to = "2024-06-03", annualize_short = true }
            print(r.twr:exact()); print(r.modified_dietz:exact()); print(r.end_value:exact())
            print(r.realized_gain:exact()); print(r.income:exact()); print(r.mwr:exact())
            print(af.performance{ from = "2024-01-02", to = "2024-06-03" }.growth:exact())
            local a = af.asset("AAPL"):performance{ from = "2024-01-01", to = "2024-06-03" }
            print(a.price_effect:exact(), a.currency_effect:exact(), a.income:exact(), a.realized_gain:exact(), a.unrealized_change:exact())
            print((r.price_effect + r.currency_effect + r.income - (r.realized_gain + r.unrealized_change + r.income)):exact())
            """)
        // Values at each day's end, in EUR: 01-02 3,290 (all of it flows in); 02-01 3,390 (the
        // ETF's 100 flows in); 03-01 AAPL 2,000 USD × 0.95 = 1,900, USD Cash 108.50 × 0.95 =
        // 103.075, EUR Cash 1,000, Bitcoin 400, ETF 2 × 105 = 210: 3,613.075 (105 flowed in, the
        // dividend is income); 06-03 AAPL 6 × 250 = 1,500, USD Cash 108.50, EUR Cash 1,000,
        // Bitcoin 600, ETF 210: 3,418.50, after 1,000 EUR of proceeds left.
        #expect(dec(v[0]) == dec("3418.5"))
        let twr = (1 + dec("118.075") / 3390) * (1 + dec("805.425") / dec("3613.075")) - 1
        #expect(abs(dec(v[1]) - twr) < dec("0.0000000001"), "TWR \(v[1]) vs \(twr)")
        // Modified Dietz over 154 days: gain 3,418.50 − 2,495 of net flows = 923.50, over
        // 3,290 × 153/154 + 100 × 123/154 + 105 × 94/154 (the sale's day weighs 0).
        #expect(abs(dec(v[2]) - dec("142219") / dec("525540")) < dec("0.0000000001"), "MD \(v[2])")
        #expect(dec(v[3]) == dec("3418.5"))
        // Realized: 1,000 EUR of proceeds (1.00) − 4 × 200 USD at 0.90 = 720 EUR of cost: 280;
        // less the tax, a loss of the USD Cash it left: 1.50 USD at that cash's average cost in
        // EUR, (100 × 0.90 + 10 × 0.95) ÷ 110 = 99.5 ÷ 110, so 149.25 ÷ 110 = 1.3568… EUR.
        #expect(abs(dec(v[4]) - (280 - dec("149.25") / 110)) < dec("0.000000000000000000000000000001"), "realized \(v[4])")
        // Income: the gross, 10.00 USD at its day's rate, 0.95.
        #expect(dec(v[5]) == dec("9.5"))
        #expect(abs(dec(v[6]) - xirr([(1, -3290), (31, -100), (60, -105), (154, 1000 + 3418.5)])) < dec("0.000001"), "MWR \(v[6])")
        #expect(dec(v[7]) == dec("128.5") / 3290)
        // AAPL: 500 USD of gain in its own currency (200 realized, 6 × 50 unrealized) at the
        // end's rate is the price effect; in EUR the gain is 280 + (1,500 − 6 × 180) = 700, so
        // 200 came from the dollar's rise; income 9.5 (the gross; the tax is the cash's loss).
        // The three add up to the total.
        #expect(v[8] == "500\t200\t9.5\t280\t420", "\(v[8])")
        #expect(dec(v[9]) == 0)
    }

    @Test("the overview's cards equal af.net_worth, af.gains and af.performance; the income report's each payment at its day's rate")
    func overviewCards() throws {
        let (store, path) = try FiguresExample.store()
        defer { FiguresExample.remove(path) }
        let g = try values(store, """
            local g = af.gains()
            print(g.value:exact()); print(g.cost_basis:exact()); print(g.unrealized_gain:exact()); print(g.realized_gain:exact()); print(g.income:exact())
            """)
        let tiny = dec("0.000000000000000000000000000001")
        // Realized 280 less the tax at the USD Cash's average cost (149.25 ÷ 110); income the gross.
        #expect(g[0] == "3418.5" && abs(dec(g[3]) - (280 - dec("149.25") / 110)) < tiny && g[4] == "9.5", "\(g)")
        // Cost at the rates of the days it was paid: AAPL 6 × 180, USD Cash 108.50 USD at
        // 99.5 ÷ 110 EUR each (100 at 0.90, the 10 gross at 0.95, the 1.50 of tax out at that
        // average), EUR Cash 1,000, Bitcoin 400, ETF 205.
        #expect(abs(dec(g[1]) - (1080 + dec("108.5") * dec("99.5") / 110 + 1605)) < tiny, "\(g)")
        #expect(abs(dec(g[2]) - (dec("3418.5") - dec(g[1]))) < tiny, "\(g)")
        let json = try renderBuiltIn("overview", .json, store: store)
        for (label, value) in [("Net worth (EUR)", g[0]), ("Cost basis", g[1]), ("Unrealized gain", g[2]), ("Realized gain", g[3]), ("Income", g[4])] {
            #expect(json.contains("\"label\": \"\(label)\", \"value\": \(value)") || json.contains("\"label\":\"\(label)\",\"value\":\(value)")
                    || figure(json, label) == value, "\(label) \(value): \(figure(json, label) ?? "missing")")
        }
        let markdown = try renderBuiltIn("overview", .markdown, store: store)
        #expect(markdown.contains("3,418.50 EUR") && !markdown.contains("3,418.50 USD"), "\(markdown)")
        let income = try renderBuiltIn("income", .csv, store: store)
        #expect(income.contains("2024,9.50,0.00,9.50"), "\(income)")
    }

    @Test("the withheld dividend: gross, tax and net in USD and at the payment day's rate in EUR")
    func dividendWithTax() throws {
        let (store, path) = try FiguresExample.store()
        defer { FiguresExample.remove(path) }
        let v = try values(store, """
            local aapl = af.asset("AAPL")
            print(aapl.income, aapl.withholding_tax, aapl.net_income)
            print(aapl.income:exact(), aapl.withholding_tax:exact(), aapl.net_income:exact())
            local gross, tax, net = aapl.income:convert("EUR", "2024-03-01"), aapl.withholding_tax:convert("EUR", "2024-03-01"), aapl.net_income:convert("EUR", "2024-03-01")
            print(gross:exact(), tax:exact(), net:exact(), (gross - tax == net))
            print(af.asset("USD Cash").quantity, af.query.income():convert("EUR"):sum("amount"))
            """)
        // 15 % of 10.00 USD withheld: 10.00 gross, 1.50 tax, 8.50 net, each labelled USD.
        #expect(v[0] == "10.00 USD\t1.50 USD\t8.50 USD")
        #expect(v[1] == "10\t1.5\t8.5")
        // At 0.95 on 03-01: 9.50 gross, 1.425 tax, 8.075 net EUR.
        #expect(v[2] == "9.5\t1.425\t8.075\ttrue")
        // The cash received the gross and paid the tax: 100 + 10 − 1.50; income is the gross.
        #expect(v[3] == "108.5\t9.5")
        let taxes = try renderBuiltIn("fees-taxes", .csv, store: store)
        #expect(taxes.contains("2024,tax,1.43,EUR"), "\(taxes)")  // 1.425 EUR for reading
    }

    @Test("hledger (-V, -X EUR) and ledger (-X EUR) give af.net_worth() on the exported journal",
          .enabled(if: hledgerBinary != nil && ledgerBinary != nil, "hledger or ledger is not installed (scripts/test installs them)"))
    func journals() throws {
        let (store, path) = try FiguresExample.store()
        defer { FiguresExample.remove(path) }
        let journal = path + ".journal"
        defer { try? FileManager.default.removeItem(atPath: journal) }
        try store.withSession(today: CalendarDate(FiguresExample.today)!) { s in
            let text = try s.journal()
            #expect(text.contains("P 2024-01-02 \"AAPL\" 180"), "\(text)")
            #expect(text.contains("P 2024-03-01 USD 0.95 EUR"))
            try text.write(toFile: journal, atomically: true, encoding: .utf8)
        }
        // ledger's -V values a commodity in the one it was bought with (USD for AAPL), so
        // ledger is asked for EUR by name.
        for (tool, arguments) in [(hledgerBinary!, ["-V"]), (hledgerBinary!, ["-X", "EUR"]), (ledgerBinary!, ["-X", "EUR"])] {
            let out = try run(tool, ["-f", journal, "balance", "assets"] + arguments)
            let last = out.split(separator: "\n").last.map(String.init) ?? ""
            let amount = last.filter { $0.isNumber || $0 == "." || $0 == "-" }
            #expect(ExactDecimal.parseOrNil(amount)?.rounded(places: 2) == dec("3418.50") && last.contains("EUR"), "\(tool) \(arguments): \(out)")
        }
    }

    @Test("every built-in report renders the acceptance store in every format, in EUR, never labelling EUR figures USD",
          arguments: builtInReports)
    func everyReport(name: String) throws {
        let (store, path) = try FiguresExample.store()
        defer { FiguresExample.remove(path) }
        // The store has no targets: the rebalancing report has no table to write as CSV.
        for format in ReportFormat.allCases where !(name == "rebalancing" && format == .csv) {
            let text = try renderBuiltIn(name, format, store: store)
            #expect(!text.contains("not available") && !text.contains("No exchange rate"), "\(name) \(format): \(text.prefix(400))")
            // Money is "1,234.50 EUR": a figure followed by one space and USD would be mislabelled.
            if format == .terminal || format == .markdown {
                #expect(text.range(of: "[0-9] USD", options: .regularExpression) == nil, "\(name) \(format): \(text)")
            }
        }
    }

    @Test("the built-in HTML reports of the acceptance store load in headless Chromium without console errors",
          .enabled(if: chromiumPath != nil, "chromium is not installed (scripts/test installs it)"), arguments: ["overview", "performance", "rebalancing"])
    func browser(name: String) throws {
        let (store, path) = try FiguresExample.store()
        defer { FiguresExample.remove(path) }
        let folder = NSTemporaryDirectory() + "af-browser-fig-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let html = folder + "/\(name).html", png = folder + "/\(name).png"
        try renderBuiltIn(name, .html, store: store).write(toFile: html, atomically: true, encoding: .utf8)
        let log = try BuiltInReportsTests().run(chromiumPath!, ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                                                               "--user-data-dir=\(folder)/profile", "--enable-logging=stderr", "--v=0",
                                                               "--screenshot=\(png)", "--window-size=1200,1600", "file://\(html)"])
        let consoleErrors = log.split(separator: "\n").filter { $0.contains("Uncaught") || $0.contains("ERROR:CONSOLE") || $0.contains(":CONSOLE(") }
        #expect(consoleErrors.isEmpty, "console: \(consoleErrors.joined(separator: "\n"))")
        let size = (try FileManager.default.attributesOfItem(atPath: png)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 10_000, "screenshot of \(name) is \(size) bytes")
    }

    /// The value of the key figure `label` in a JSON report (exact).
    func figure(_ json: String, _ label: String) -> String? {
        guard let data = json.data(using: .utf8), let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let elements = root["elements"] as? [[String: Any]] else { return nil }
        for element in elements {
            for f in element["figures"] as? [[String: Any]] ?? [] where f["label"] as? String == label {
                if let n = f["value"] as? NSNumber { return n.stringValue }
                return f["value"].map { "\($0)" }
            }
        }
        return nil
    }

    /// XIRR by bisection over (day, amount) pairs, Actual/365: an independent reference.
    func xirr(_ flows: [(Int, Double)]) -> ExactDecimal {
        func npv(_ r: Double) -> Double { flows.reduce(0) { $0 + $1.1 / pow(1 + r, Double($1.0 - flows[0].0) / 365) } }
        var low = -0.99, high = 100.0
        for _ in 0..<200 { let mid = (low + high) / 2; if npv(low) * npv(mid) <= 0 { high = mid } else { low = mid } }
        return ExactDecimal.parseOrNil(String(format: "%.9f", (low + high) / 2))!
    }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}

let hledgerBinary = ["/usr/bin/hledger", "/usr/local/bin/hledger"].first { FileManager.default.isExecutableFile(atPath: $0) }
let ledgerBinary = ["/usr/bin/ledger", "/usr/local/bin/ledger"].first { FileManager.default.isExecutableFile(atPath: $0) }
