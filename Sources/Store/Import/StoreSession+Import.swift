import Core
import Foundation
import GRDB

/// What to import and how.
public struct ImportRequest {
    public var options: ImportOptions
    /// The file's bytes (or af.import's text as UTF-8).
    public var data: Data
    /// Work everything out, write nothing.
    public var dryRun = false
    /// Save `options.map` (with the date format and decimal comma) under this name when the
    /// import succeeds (`--map … --mapping NAME`).
    public var saveMappingAs: String?
    /// Called with (rows read, rows in all) while reading a long file.
    public var progress: ((Int, Int) -> Void)?
    /// Called at the end of each step with its name (the benchmark's breakdown).
    public var stepDone: ((String) -> Void)?

    public init(options: ImportOptions, data: Data) {
        self.options = options
        self.data = data
    }
}

/// What an import did, or would do with --dry-run.
public struct ImportOutcome {
    public var plan: ImportPlan
    /// "Unrecognized column: X (will be ignored)".
    public var warnings: [String]
    public var dryRun: Bool

    /// The lines to show: the summary, or the preview for a dry run.
    public var lines: [String] { warnings + (dryRun ? plan.preview() : plan.summary) }
}

/// Thrown inside a dry run's savepoint to roll its writes back.
struct DryRunRollback: Error {}

extension StoreSession {
    /// Imports a CSV file of transactions or prices: all of it or, on any error, nothing.
    ///
    /// Every row is read and checked in memory first (one query for the assets, one for the
    /// history of the assets the file names); every error comes back at once in an
    /// `ImportFailure`, with its line and column. Rows equal to stored ones (or to earlier
    /// rows of the file) are skipped and counted, so importing the same file twice adds
    /// nothing. The rows are then written in bulk, atomically.
    public func importCSV(_ request: ImportRequest) throws -> ImportOutcome {
        var options = request.options
        if options.kind == .rates { throw RuleViolation(ImportKind.ratesSeparateMessage) }
        // Assets the import creates go on the default platform when the import names none.
        if options.platform.isEmpty { options.platform = try setting(SetDefaultPlatform.settingKey) ?? "" }
        options.today = options.today ?? today  // a date reading after today is no reading
        // Two readings of the file, keeping neither its rows nor the cleaned rows (see
        // `CSVImportFile`): the first decides the columns, the second cleans and plans part by part.
        let file = try CSVImportFile(data: request.data)
        let mapping: Core.ColumnMapping
        do {
            mapping = try ColumnMapping.resolve(kind: options.kind, headers: file.headers, explicit: options.map,
                                                assetGiven: options.assetName != nil)
        } catch {
            try file.checkRows()  // the file's own errors come first, as when it was read whole
            throw error
        }
        let survey = try file.survey(mapping: mapping, options: options)
        request.stepDone?("read CSV, decide the columns")
        let total = survey.rowCount
        var rows = survey.rows()
        rows.progress = request.progress.map { report in { report($0, total) } }
        var command = ImportRows(source: rows, options: options, titles: survey.titles)
        command.stepDone = request.stepDone
        command.planned = { request.progress?(total, total) }
        // A dry run writes too, inside a savepoint it then rolls back: it runs exactly the
        // import's code, so a write that would fail fails the dry run as well.
        var plan: ImportPlan?
        do {
            try atomically {
                plan = try applyImport(command).plan
                if let name = request.saveMappingAs { try saveMapping(SavedMapping(request.options, name: name)) }
                if request.dryRun { throw DryRunRollback() }
            }
        } catch is DryRunRollback {}
        request.stepDone?("write rows")
        return ImportOutcome(plan: plan!, warnings: mapping.warnings, dryRun: request.dryRun)
    }

    /// Applies the saved mapping `name` to `options`; an error when it is for another kind.
    public func applySavedMapping(_ name: String, to options: inout ImportOptions) throws {
        let saved = try requireMapping(named: name)
        guard saved.kind == options.kind else {
            throw RuleViolation("The mapping '\(saved.name)' is for \(saved.kind.rawValue), not \(options.kind.rawValue).")
        }
        try saved.apply(to: &options)
    }

    /// Every asset, and the transactions and prices of those the rows name.
    func importContext(for rows: [ImportRow], kind: ImportKind) throws -> ImportContext {
        var context = ImportContext(assets: try assets(), today: today)
        let ids = ImportContext.namedAssets(in: rows, assets: context.assets)
        guard !ids.isEmpty else { return context }
        // When the file names most assets, the table is read in rowid order (sequential
        // pages; `+` keeps SQLite off the index), each asset's rows then put in date order
        // (ties by id, the store's order): an index-order read costs a table lookup per row.
        // A file naming a few assets of many reads theirs through the index.
        let column = ids.count * 2 > context.assets.count ? "+asset_id" : "asset_id"
        let condition = "WHERE \(column) IN (\(ids.map(String.init).joined(separator: ",")))"
        if kind == .prices {
            context.prices = try pricesByAsset(where: condition)
            return context
        }
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) \(condition)") { row in
            let t = try TransactionRecord.read(row)
            context.transactions[t.assetID, default: []].append(t)
        }
        for id in context.transactions.keys {
            if !context.transactions[id]!.isInOrder(by: \.date) {
                context.transactions[id]!.sort { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
            }
        }
        return context
    }

    /// The one place an import plans and writes: the `ImportRows` command, run like every
    /// change. SQLite's page cache is narrowed for it to SQLite's default (2 MB; the store's
    /// is 16 MB): a big import's dirty pages are spilled to the WAL while the transaction
    /// goes on (SQLite overwrites a page's frame when it spills it again) instead of being
    /// held until the commit. It was widened to 64 MB so that they would be written once:
    /// measured on the benchmark's files, the narrow cache costs 0.1 % more instructions and
    /// no time that could be told apart from the noise, and keeps the first import's peak
    /// 6 MB (transactions) and 14 MB (prices) lower.
    func applyImport(_ command: ImportRows) throws -> ImportRows.Outcome {
        guard !command.dryRun else { return try execute(command) }
        return try withNarrowCache { try execute(command) }
    }

    /// A profiled import (`ApplyProfileImport`), run like every change, with SQLite's page
    /// cache narrowed as for `applyImport`: its bulk write of 175,000 transactions and their
    /// import keys otherwise filled the store's 16 MB with dirty pages until the commit
    /// (issue 27).
    public func applyProfileImport(_ command: ApplyProfileImport) throws -> ApplyProfileImport.Summary {
        try withNarrowCache { try execute(command) }
    }

    /// `body` with SQLite's page cache at its default, 2 MB; the store's size after.
    private func withNarrowCache<T>(_ body: () throws -> T) throws -> T {
        let previous = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -2000")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(previous)") }
        return try body()
    }
}
