import Foundation
import Testing

/// The help of `import`, `export`, `backup` and `restore`, word for word, at 80 columns.
@Suite("Help text of the data commands")
struct DataCommandHelpTests {
    func help(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CommandLineTests().run(arguments + ["--help"], environment: ["COLUMNS": "80"])
    }

    @Test("assetflow import --help")
    func importHelp() throws {
        let r = try help(["import"])
        #expect(r.status == 0)
        #expect(r.out == #"""
OVERVIEW: Import transactions, prices or exchange rates from a CSV file: all
rows or none.

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
  assetflow import transactions bank.csv --decimal-comma \
    --date-format DD.MM.YYYY --mapping mybank \
    --map "Datum=date,Wertpapier=asset,Stück=quantity,Kurs=price,Art=type"
  assetflow import transactions next-month.csv --mapping mybank
  assetflow import prices prices.csv
  assetflow import prices ACME.csv --asset ACME
  assetflow import rates rates.csv

USAGE: assetflow import [<options>] [<kind>] [<file.csv>]

ARGUMENTS:
  <kind>                  transactions, prices or rates; or the broker's file
                          itself, read by its profile.
  <file.csv>              The CSV file.

OPTIONS:
  --store <path>          The store file.
  --profile <name>        Read the file with this import profile: a built-in
                          name or a .lua file of yours.
  --list-profiles         List the import profiles and the headers each
                          recognizes.
  --show-profile <name>   Print a built-in profile's Lua source, to start your
                          own.
  --no-cash               Do not move the broker account's cash: you track it
                          elsewhere.
  --portfolio <name>      Put the assets a profiled import creates in this
                          portfolio, created when missing; default: the
                          default_portfolio setting.
  --opening <file.csv>    Positions held before the file starts: a CSV of
                          asset, date, quantity, cost basis.
  --map <mapping>         Map columns to fields: "Column=field,…".
  --mapping <name>        Use the saved mapping NAME, or save --map under NAME.
  --date-format <format>  The file's dates, such as DD/MM/YYYY; ISO dates
                          always work.
  --decimal-comma         Numbers use a decimal comma: 1.234,50.
  --decimal-point         Numbers use a decimal point: 1,234.50.
  --asset <name>          With prices: every row is a price of this asset.
  --dry-run               Show what would be imported; write nothing.
  --asset-type <type>     Type of assets the file creates when it has no Asset
                          Type column. (default: stock)
  --currency <code>       Currency of assets the file creates when it has no
                          Currency column, default USD; for a profile, the
                          account's currency when the file does not say it.
  --platform <name>       Platform of rows that name none; default: the
                          default_platform setting.
  --match-platform        Find assets by name and platform.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow export --help")
    func exportHelp() throws {
        let r = try help(["export"])
        #expect(r.status == 0)
        #expect(r.out == #"""
OVERVIEW: Export the store as CSV or JSON files, or as a journal.

csv DIR and json DIR write transactions.csv and prices.csv, ready for
`assetflow import`, and every table as stored in DIR/tables/. Values are exact.
journal [FILE] writes an hledger/ledger journal
(to standard output without FILE): `hledger -f FILE balance assets -V` totals
to the net worth. Files are readable by you only (0600, folders 0700).

Examples:
  assetflow export csv ~/assetflow-export
  assetflow export journal af.journal
  hledger -f af.journal balance assets -V

USAGE: assetflow export [--store <path>] <format> [<path>]

ARGUMENTS:
  <format>                csv, json or journal.
  <path>                  The folder (csv, json) or file (journal).

OPTIONS:
  --store <path>          The store file.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow backup --help")
    func backupHelp() throws {
        let r = try help(["backup"])
        #expect(r.status == 0)
        #expect(r.out == #"""
OVERVIEW: Save the whole store as a ZIP backup.

The archive holds manifest.json
(format version, app version, time, row counts, a SHA-256 per file) and every
table as CSV, exact values. The default name is AssetFlow-Backup-YYYY-MM-DD.zip
in the current folder. The file is readable by you only (0600). Restore it with
`assetflow restore FILE.zip`.

USAGE: assetflow backup [--store <path>] [<file.zip>]

ARGUMENTS:
  <file.zip>              The archive to write.

OPTIONS:
  --store <path>          The store file.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow restore --help")
    func restoreHelp() throws {
        let r = try help(["restore"])
        #expect(r.status == 0)
        #expect(r.out == #"""
OVERVIEW: Replace the whole store with a backup, all or nothing.

Everything in the archive is checked first
(manifest, files, checksums, headers, every value and reference); on any
problem the store is not touched. Otherwise the current store is kept beside it
as NAME-before-restore-DATE-TIME.sqlite and ALL its data is replaced by the
backup's.

USAGE: assetflow restore [--store <path>] <file.zip>

ARGUMENTS:
  <file.zip>              The backup archive.

OPTIONS:
  --store <path>          The store file.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }
}
