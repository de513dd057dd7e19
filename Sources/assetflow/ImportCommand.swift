import ArgumentParser
import Foundation
import Scripting

/// `assetflow import transactions|prices|rates FILE.csv`
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import transactions, prices or exchange rates from a CSV file: all rows or none.",
        discussion: """
            Columns are found by header, trimmed and ignoring case: Asset or Symbol, Date,
            Type or Action, Quantity or Shares, Price or Close, Fees, Currency, Asset Type,
            Platform, Note, Source; else mapped: --map "Trade Date=date,Ticker=asset".
            --mapping NAME saves that mapping (with --date-format and --decimal-comma) for
            the next file, or uses it when --map is not given. The delimiter (, ; or tab)
            is detected; so are each column's decimal mark and the order of day and
            month, from all of its cells: a column that could be read two ways is an
            error. Every error is reported at once with its line and column, and then
            nothing is written. Rows already in the store, with the same asset, date,
            type, quantity and price, are skipped, so importing a file twice adds
            nothing. A rates file is date,base,quote,rate[,source] or the ECB's history,
            as for `assetflow rates import`; the mapping options do not apply to it.
            --asset NAME reads a quote site's price history: Date,Open,High,Low,Close.

            Examples:
              assetflow import transactions broker.csv --dry-run
              assetflow import transactions bank.csv --decimal-comma \\
                --date-format DD.MM.YYYY --mapping mybank \\
                --map "Datum=date,Wertpapier=asset,Stück=quantity,Kurs=price,Art=type"
              assetflow import transactions next-month.csv --mapping mybank
              assetflow import prices prices.csv
              assetflow import prices ACME.csv --asset ACME
              assetflow import rates rates.csv
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("transactions, prices or rates.", valueName: "kind"))
    var kind: String

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file.csv"))
    var file: String

    @Option(help: ArgumentHelp("Map columns to fields: \"Column=field,…\".", valueName: "mapping"))
    var map: String?

    @Option(help: ArgumentHelp("Use the saved mapping NAME, or save --map under NAME.", valueName: "name"))
    var mapping: String?

    @Option(name: .customLong("date-format"), help: ArgumentHelp("The file's dates, such as DD/MM/YYYY; ISO dates always work.", valueName: "format"))
    var dateFormat: String?

    @Flag(name: .customLong("decimal-comma"), help: "Numbers use a decimal comma: 1.234,50.")
    var decimalComma = false

    @Flag(name: .customLong("decimal-point"), help: "Numbers use a decimal point: 1,234.50.")
    var decimalPoint = false

    @Option(help: ArgumentHelp("With prices: every row is a price of this asset.", valueName: "name"))
    var asset: String?

    @Flag(name: .customLong("dry-run"), help: "Show what would be imported; write nothing.")
    var dryRun = false

    @Option(name: .customLong("asset-type"), help: ArgumentHelp("Type of assets the file creates when it has no Asset Type column.", valueName: "type"))
    var assetType = "stock"

    @Option(help: ArgumentHelp("Currency of assets the file creates when it has no Currency column.", valueName: "code"))
    var currency = "USD"

    @Option(help: ArgumentHelp("Platform of rows that name none; default: the default_platform setting.", valueName: "name"))
    var platform: String?

    @Flag(name: .customLong("match-platform"), help: "Find assets by name and platform.")
    var matchPlatform = false

    var flags: DataTransfer.ImportFlags {
        var flags = DataTransfer.ImportFlags(kind: kind, file: file)
        flags.map = map
        flags.mapping = mapping
        flags.dateFormat = dateFormat
        flags.decimalComma = decimalComma
        flags.decimalPoint = decimalPoint
        flags.asset = asset
        flags.dryRun = dryRun
        flags.assetType = assetType
        flags.currency = currency
        flags.platform = platform
        flags.matchPlatform = matchPlatform
        return flags
    }

    func run() throws {
        let bar = ProgressBar(label: "Reading rows", unit: "", minimumTotal: 20_000)
        let lines = try printingErrors {
            try DataTransfer.importFile(flags, storePath: global.storePath, progress: bar.enabled ? bar.update : nil)
        }
        bar.finish()
        print(lines.joined(separator: "\n"))
    }
}

/// Runs `body`; a refusal (`ScriptRunError`) is printed on standard error as it is, with
/// exit status 1.
func printingErrors<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ScriptRunError {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        throw ExitCode(1)
    }
}
