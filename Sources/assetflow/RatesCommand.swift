import ArgumentParser
import Foundation
import Scripting

/// `assetflow rates …`: exchange rates in the store.
struct RatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rates",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Fetch, import and list exchange rates.",
        discussion: """
            Values in other currencies are converted with the rate of their date, else the
            latest earlier one. Rates come from `assetflow rates fetch`
            (kept in the store, so everything works offline afterwards), from Lua
            (af.set_rate{…}), or both.
            """,
        subcommands: [Fetch.self, Import.self, List.self]
    )
}

extension RatesCommand {
    /// `assetflow rates fetch [--from DATE] [--to DATE] [--base CODE] [--provider NAME]`
    struct Fetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Download daily exchange rates and keep them in the store.",
            discussion: """
                A rate provider (a Lua script, like the quote providers) is asked for the days
                without rates: by default `currency-api`, the public currency API
                (cdn.jsdelivr.net/npm/@fawazahmed0/currency-api, one request per day); `ecb`,
                the European Central Bank's euro rates (one request per span of days); or a
                file NAME.lua of yours in ~/.config/assetflow/providers. --url replaces the
                provider's address, a template with {date}, {from}, {to} and {base};
                $ASSETFLOW_RATES_URL does so for the default provider. The address's host is
                allowed; any other (a redirect's, your own provider's) needs --allow-net. Days already
                in the store are skipped unless --refresh. All or nothing: a failure stores
                nothing and names the day. See Documentation/Prices.md, "Rate providers".

                Examples:
                  Today's rates of the main currency:
                    assetflow rates fetch
                  A year, with a progress bar:
                    assetflow rates fetch --from 2024-01-01 --to 2024-12-31
                  The ECB's euro rates since March:
                    assetflow rates fetch --provider ecb --base EUR --from 2024-03-01
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("First day (YYYY-MM-DD); default: --to.", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("Last day (YYYY-MM-DD); default: today.", valueName: "date"))
        var to: String?

        @Option(help: ArgumentHelp("Base currency of the rates; default: the main currency.", valueName: "code"))
        var base: String?

        @Option(help: ArgumentHelp("Rate provider: currency-api (default), ecb, or a NAME.lua of yours.", valueName: "name"))
        var provider: String?

        @Option(help: ArgumentHelp("Address template with {date}, {from}, {to}, {base}; default: the provider's own, or $ASSETFLOW_RATES_URL for the default one.", valueName: "url"))
        var url: String?

        @Option(help: ArgumentHelp("Seconds to wait for each response.", valueName: "seconds"))
        var timeout: Double = 20

        @Flag(help: "Fetch days again even when their rates are stored.")
        var refresh = false

        @Option(name: .customLong("allow-net"), help: ArgumentHelp("Let the provider reach this host too (repeatable); the address's own host is allowed.", valueName: "host"))
        var allowNet: [String] = []

        func validate() throws {
            if let from, !RatesRun.isDate(from) { throw ArgumentParser.ValidationError("--from takes a date in the form YYYY-MM-DD, not '\(from)'.") }
            if let to, !RatesRun.isDate(to) { throw ArgumentParser.ValidationError("--to takes a date in the form YYYY-MM-DD, not '\(to)'.") }
            if timeout <= 0 { throw ArgumentParser.ValidationError("--timeout takes a number of seconds above 0.") }
        }

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            var fetch = RateFetch(provider: provider, base: base, from: from.flatMap(RatesRun.day), to: to.flatMap(RatesRun.day))
            // $ASSETFLOW_RATES_URL is the default provider's address; another provider has its own.
            fetch.url = url ?? (provider == nil ? environment["ASSETFLOW_RATES_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil)
            fetch.timeout = timeout
            fetch.refresh = refresh
            fetch.allowNet = allowNet
            let bar = ProgressBar(label: "", unit: " requests", minimumTotal: 5)
            do {
                let line = try RatesRun.fetch(storePath: global.storePath, fetch: fetch, progress: bar.update)
                bar.finish()
                print(line)
            } catch {
                bar.finish()
                TerminalText.complain("\(error)")
                throw ExitCode(1)
            }
        }
    }

    /// `assetflow rates import FILE.csv`
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Store the exchange rates of a CSV file (date,base,quote,rate[,source]).",
            discussion: """
                One rate a line after the header, e.g. 2024-03-01,USD,EUR,0.92
                (1 USD = 0.92 EUR). A rate for a pair and day already stored is replaced. All
                or nothing: a bad line stores nothing and is named.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
        var file: String

        func run() throws {
            do {
                print(try RatesRun.importCSV(storePath: global.storePath, file: file))
            } catch {
                TerminalText.complain("\(error)")
                throw ExitCode(1)
            }
        }
    }

    /// `assetflow rates list [--base CODE] [--quote CODE]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the stored exchange rates: date, base, quote, rate, source.")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Only rates with this base currency.", valueName: "code"))
        var base: String?

        @Option(help: ArgumentHelp("Only rates with this quote currency.", valueName: "code"))
        var quote: String?

        func run() throws {
            for line in try RatesRun.list(storePath: global.storePath, base: base, quote: quote) { print(line) }
        }
    }
}
