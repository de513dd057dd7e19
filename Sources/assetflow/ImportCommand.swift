import ArgumentParser
import Foundation
import Scripting

/// `assetflow import transactions|prices|rates FILE.csv`
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        _superCommandName: SubcommandDispatch.toolName,
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

            A broker's own export is read by its profile, recognized from the header:
            assetflow import FILE. --list-profiles shows them; --profile NAME forces one,
            --profile my.lua uses yours. The broker account's cash moves with every row,
            in a cash asset per currency such as "Trading 212 EUR", unless --no-cash.

            Examples:
              assetflow import from_2024-01-01_to_2024-12-31.csv
              assetflow import Account.csv --portfolio Core --opening held-before.csv
              assetflow import statement.csv --profile my-bank.lua --dry-run
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

    @Argument(help: ArgumentHelp("transactions, prices or rates; or the broker's file itself, read by its profile.", valueName: "kind"))
    var kind: String?

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file.csv"))
    var file: String?

    @Option(help: ArgumentHelp("Read the file with this import profile: a built-in name or a .lua file of yours.", valueName: "name"))
    var profile: String?

    @Flag(name: .customLong("list-profiles"), help: "List the import profiles and the headers each recognizes.")
    var listProfiles = false

    @Option(name: .customLong("show-profile"), help: ArgumentHelp("Print a built-in profile's Lua source, to start your own.", valueName: "name"))
    var showProfile: String?

    @Flag(name: .customLong("no-cash"), help: "Do not move the broker account's cash: you track it elsewhere.")
    var noCash = false

    @Option(help: ArgumentHelp("Put the assets a profiled import creates in this portfolio, created when missing; default: the default_portfolio setting.", valueName: "name"))
    var portfolio: String?

    @Option(help: ArgumentHelp("Positions held before the file starts: a CSV of asset, date, quantity, cost basis.", valueName: "file.csv"))
    var opening: String?

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

    @Option(help: ArgumentHelp("Currency of assets the file creates when it has no Currency column, default USD; for a profile, the account's currency when the file does not say it.", valueName: "code"))
    var currency: String?

    @Option(help: ArgumentHelp("Platform of rows that name none; default: the default_platform setting.", valueName: "name"))
    var platform: String?

    @Flag(name: .customLong("match-platform"), help: "Find assets by name and platform.")
    var matchPlatform = false

    static let kinds: Set<String> = ["transactions", "prices", "rates"]

    /// The file of `import FILE` (a profile reads it) or of `import transactions FILE --profile X`.
    var profiledFile: String? {
        if let kind, file == nil, !Self.kinds.contains(kind.lowercased()) { return kind }
        if profile != nil, kind?.lowercased() == "transactions" { return file }
        return nil
    }

    var profileRequest: ProfileImport.Request? {
        guard let path = profiledFile else { return nil }
        var request = ProfileImport.Request(file: path)
        request.profile = profile
        request.dryRun = dryRun
        request.cash = !noCash
        request.currency = currency
        request.portfolio = portfolio
        request.opening = opening
        return request
    }

    var flags: DataTransfer.ImportFlags {
        var flags = DataTransfer.ImportFlags(kind: profiledFile == nil ? kind ?? "" : "transactions", file: profiledFile ?? file ?? "")
        flags.map = map
        flags.mapping = mapping
        flags.dateFormat = dateFormat
        flags.decimalComma = decimalComma
        flags.decimalPoint = decimalPoint
        flags.asset = asset
        flags.dryRun = dryRun
        flags.assetType = assetType
        flags.currency = currency ?? "USD"
        flags.platform = platform
        flags.matchPlatform = matchPlatform
        return flags
    }

    func validate() throws {
        if listProfiles || showProfile != nil { return }
        guard kind != nil else { throw ValidationError("Give the file to import: assetflow import FILE.csv (or import transactions|prices|rates FILE.csv).") }
        if profiledFile == nil, file == nil {
            throw ValidationError("Give the file after '\(kind!)': assetflow import \(kind!) FILE.csv.")
        }
    }

    func run() throws {
        if listProfiles {
            print(try printingErrors { try wrapped { try ProfileImport.listProfiles() } }.joined(separator: "\n"))
            return
        }
        if let showProfile {
            print(try printingErrors { try wrapped { try ProfileImport.source(of: showProfile) } }, terminator: "")
            return
        }
        if let request = profileRequest {
            let lines = try printingErrors { try DataTransfer.importProfiled(request, flags: flags, storePath: global.storePath) }
            TerminalText.say(lines.joined(separator: "\n"))
            return
        }
        let bar = ProgressBar(label: "Reading rows", unit: "", minimumTotal: 20_000)
        let lines = try printingErrors {
            try DataTransfer.importFile(flags, storePath: global.storePath, progress: bar.enabled ? bar.update : nil)
        }
        bar.finish()
        TerminalText.say(lines.joined(separator: "\n"))
    }
}

/// A profile's error as the refusal it is.
func wrapped<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ProfileError { throw ScriptRunError(error.description) }
}

/// Runs `body`; a refusal (`ScriptRunError`) is printed on standard error as it is, with
/// exit status 1.
func printingErrors<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ScriptRunError {
        TerminalText.complain(error.description)
        throw ExitCode(1)
    }
}
