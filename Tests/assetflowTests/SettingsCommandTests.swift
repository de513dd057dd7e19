import Foundation
import Testing

/// `assetflow settings [KEY [VALUE]]` through the built binary.
@Suite("assetflow settings")
struct SettingsCommandTests {
    let cli = CommandLineTests()

    @Test("lists every setting; shows and changes one; the app's messages; unknown keys list the known ones")
    func settings() throws {
        let store = cli.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        func run(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
            try cli.run(["settings", "--store", store] + arguments)
        }
        #expect(try run().out == """
            main_currency       USD
            financial_goal      (not set)
            date_format         abbreviated
            default_platform    (not set)
            default_portfolio   (not set)
            prices_from_trades  true
            long_term_days      365

            """)
        #expect(try run("financial_goal", "300000").out == "Financial goal: 300000 USD\n")
        let invalid = try run("financial_goal", "abc")
        #expect(invalid.status == 1 && invalid.err == "Financial goal must be a valid number.\n")
        #expect(try run("financial_goal", "0").err == "Financial goal must be greater than zero.\n")
        #expect(try run("financial_goal").out == "300000\n")
        #expect(try run("date_format", "LONG").out.hasPrefix("Date format: long ("))
        #expect(try run("default_platform", " My  Broker").out == "Default platform: My Broker\n")
        #expect(try run("default_portfolio", " Brokers ").out == "Default portfolio: Brokers\n")
        #expect(try run("long_term_days", "400").out == "Long-term days: 400\n")
        #expect(try run("long_term_days", "soon").err == "Long-term days must be a whole number of days, 0 or more (soon).\n")
        let unknown = try run("colour", "blue")
        #expect(unknown.status == 1
                && unknown.err == "Unknown setting 'colour'. Known settings: main_currency, financial_goal, date_format, default_platform, default_portfolio, prices_from_trades, long_term_days.\n")
        #expect(try run().out == """
            main_currency       USD
            financial_goal      300000
            date_format         long
            default_platform    My Broker
            default_portfolio   Brokers
            prices_from_trades  true
            long_term_days      400

            """)
        let noRate = try run("main_currency", "EUR")
        #expect(noRate.status == 1 && noRate.err.contains("No exchange rate from USD to EUR"))
        #expect(try run("financial_goal", "").out == "Financial goal cleared.\n")
        #expect(try run("main_currency", "eur").out == "Main currency: EUR\n")
        #expect(try run("default_platform", "").out == "Default platform cleared.\n")
        #expect(try run("default_platform").out == "(not set)\n")
        #expect(try run("prices_from_trades", "false").out == "Prices from trades: off\n")
        #expect(try run("prices_from_trades").out == "false\n")
        #expect(try run("prices_from_trades", "maybe").err == "prices_from_trades is true or false, not 'maybe'.\n")
    }
}
