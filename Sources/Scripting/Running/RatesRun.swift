import Core
import Foundation
import Store

/// What `assetflow rates …` and `assetflow currency` do, behind one facade so the command
/// line reaches the store only through Scripting. Each call opens the store, does one thing
/// all or nothing, and returns the lines to print; errors carry the app's messages.
public enum RatesRun {
    static func open(_ storePath: String) throws -> AssetFlowStore {
        var options = ScriptRun()
        options.storePath = storePath
        return try options.openStore()
    }

    /// Runs `fetch` (a rate provider asked for the days of its range not stored yet) and
    /// stores what it returns in one transaction; `progress(done, total)` after each request
    /// to the provider. Returns the summary lines.
    public static func fetch(storePath: String, fetch: RateFetch, progress: @escaping (Int, Int) -> Void) throws -> String {
        try open(storePath).withSession { session in
            try session.begin()
            let summary: RateFetch.Summary
            do {
                summary = try fetch.run(in: session, progress: progress)
            } catch let failure as RateFetch.Failure where failure.isNetwork {
                throw ScriptRunError(failure.description + "\n" + offlineHint)
            }
            try session.commit()
            return lines(summary)
        }
    }

    /// "Stored 12 rates for 3 day(s)", and what was skipped, each list to its first ten.
    static func lines(_ summary: RateFetch.Summary) -> String {
        func list(_ items: [String]) -> String { items.prefix(10).joined(separator: ", ") + (items.count > 10 ? ", …" : "") }
        return "Stored \(summary.stored) rates for \(summary.days) day(s)"
            + (summary.skipped > 0 ? "; \(summary.skipped) day(s) already stored (--refresh fetches them again)." : ".")
            + (summary.empty > 0 ? "\n\(summary.empty) day(s) asked for came back without rates (the source's weekends and holidays)." : "")
            + (summary.rejected.isEmpty ? "" : "\nSkipped \(summary.rejected.count) rate(s) that were not above zero or not between 0.000000000001 and 1000000000000: \(list(summary.rejected)).")
            + (summary.unknown.isEmpty ? "" : "\nSkipped \(summary.unknown.count) code(s) the service lists that are not currencies AssetFlow knows: \(list(summary.unknown)).")
    }

    /// What to do without a network: import a rates file.
    public static let offlineHint = """
        Without a network, import a rates file instead: download the ECB's history \
        (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip) where you have one, unzip it, then run
          assetflow rates import eurofxref-hist.csv
        A file of your own works too: a header date,base,quote,rate and lines like 2024-03-01,USD,EUR,0.92.
        """

    /// Stores the rates of a CSV file (date,base,quote,rate[,source]): `assetflow rates
    /// import` and `assetflow import rates`.
    public static func importCSV(storePath: String, file: String, dryRun: Bool = false) throws -> String {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw RuleViolation(CSVTable.unreadableMessage(file))
        }
        return try open(storePath).withSession { session in
            try session.begin()
            let stored = try importRates(String(decoding: data, as: UTF8.self), name: (file as NSString).lastPathComponent,
                                         dryRun: dryRun, in: session)
            try session.commit()
            return stored.line
        }
    }

    /// The one rates import: parses a rates CSV and stores it with `SetRates`, all or
    /// nothing; a dry run checks every rate (the future-date rule too) and writes nothing.
    static func importRates(_ text: String, name: String, dryRun: Bool, in session: StoreSession) throws -> (count: Int, line: String) {
        let (rates, skipped) = try RateCSV.parseFile(text, name: name)
        let note = WideRates.skippedNote(skipped).map { "\n" + $0 } ?? ""
        guard dryRun else {
            _ = try session.execute(SetRates(rates))
            return (rates.count, "Stored \(rates.count) rates." + note)
        }
        do {
            try session.atomically { _ = try session.execute(SetRates(rates)); throw DryRunUndo() }
        } catch is DryRunUndo {}
        return (rates.count, "Dry run: \(rates.count) rates would be stored; nothing was written." + note)
    }

    /// Thrown to undo a dry run's writes.
    struct DryRunUndo: Error {}

    /// One line per stored rate, oldest first.
    public static func list(storePath: String, base: String?, quote: String?) throws -> [String] {
        let rates = try open(storePath).withSession { try $0.rates(base: base, quote: quote) }
        if rates.isEmpty { return ["No exchange rates stored: fetch them with `assetflow rates fetch` or add one with af.set_rate{…}."] }
        return rates.map { "\($0.date)  1 \($0.base) = \($0.rate.plainText) \($0.quote)  (\($0.source))" }
    }

    /// The main currency, or after changing it to `code`, what changed.
    public static func mainCurrency(storePath: String, set code: String?) throws -> String {
        try open(storePath).withSession { session in
            guard let code else { return try session.mainCurrency() }
            let old = try session.mainCurrency()
            try session.begin()
            let goal = try session.execute(SetMainCurrency(code: code))
            try session.commit()
            let new = try session.mainCurrency()
            return "Main currency: \(new)" + (goal.map { " (financial goal \($0.oldGoal.plainText) \(old) → \($0.newGoal.plainText) \(new))" } ?? "")
        }
    }

    /// "CODE<tab>minor units<tab>name" for every known currency.
    public static var currencyLines: [String] { Currency.all.map { "\($0.code)\t\($0.minorUnits)\t\($0.name)" } }

    /// The day a YYYY-MM-DD text names (checked by `isDate` first).
    public static func day(_ text: String) -> CalendarDate? { CalendarDate(text) }

    /// True when the text is a date in the form YYYY-MM-DD.
    public static func isDate(_ text: String) -> Bool { CalendarDate(text) != nil }

    static func date(_ text: String, _ option: String) throws -> CalendarDate {
        guard let date = CalendarDate(text) else { throw ScriptRunError("\(option) takes a date in the form YYYY-MM-DD, not '\(text)'.") }
        return date
    }
}
