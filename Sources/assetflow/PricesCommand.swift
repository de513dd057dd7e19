import ArgumentParser
import Foundation
import Scripting

/// `assetflow prices …`: prices fetched by quote providers.
struct PricesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prices",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Fetch asset prices from quote providers.",
        subcommands: [Fetch.self]
    )
}

extension PricesCommand {
    /// `assetflow prices fetch [--asset NAME] [--from DATE] [--to DATE] [--dry-run] [--allow-net HOST]`
    struct Fetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Fetch the missing days' prices of every asset with a quote source.",
            discussion: """
                Each asset names its source with asset:update{ quote = { provider = "stooq",
                symbol = "AAPL.US" } }. A provider reaches only the hosts it declares and
                --allow-net (or its section of ~/.config/assetflow/providers.conf) allows; API
                keys come from that file or the variable the provider names, and are never
                printed. One transaction per asset; a failure is reported and the others go
                on. See Documentation/Prices.md.

                Examples:
                  assetflow prices fetch --allow-net stooq.com
                  assetflow prices fetch --asset Apple --from 2024-01-01 --dry-run
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Only this asset.", valueName: "name"))
        var asset: String?

        @Option(help: ArgumentHelp("First day (YYYY-MM-DD); default: the day after the latest price.", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("Last day (YYYY-MM-DD); default: today.", valueName: "date"))
        var to: String?

        @Flag(help: "Ask the providers and report, store nothing.")
        var dryRun = false

        @Option(name: .customLong("allow-net"), help: ArgumentHelp("Let providers reach this host (repeatable).", valueName: "host"))
        var allowNet: [String] = []

        @Option(help: ArgumentHelp("Seconds a request may take.", valueName: "seconds"))
        var timeout: Double = 20

        func validate() throws {
            if let from, (try? PricesRun.date(from, "--from")) == nil { throw ValidationError("--from takes a date in the form YYYY-MM-DD, not '\(from)'.") }
            if let to, (try? PricesRun.date(to, "--to")) == nil { throw ValidationError("--to takes a date in the form YYYY-MM-DD, not '\(to)'.") }
            if timeout <= 0 { throw ValidationError("--timeout takes a number of seconds above 0.") }
        }

        func run() throws {
            let bar = ProgressBar(label: "", unit: " assets", minimumTotal: 2)
            do {
                var fetch = PriceFetch(asset: asset, from: try PricesRun.date(from, "--from"), to: try PricesRun.date(to, "--to"),
                                       dryRun: dryRun, allowNet: allowNet)
                fetch.timeout = timeout
                let result = try PricesRun.fetch(storePath: global.storePath, fetch: fetch, progress: bar.update)
                bar.finish()
                result.lines.forEach { TerminalText.say($0) }
                if result.failed { throw ExitCode(1) }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                bar.finish()
                TerminalText.complain("\(error)")
                throw ExitCode(1)
            }
        }
    }
}
