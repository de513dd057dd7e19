import Core
import Foundation
import Store

/// `assetflow import`, `export`, `backup` and `restore`, so the command line reaches the
/// store through this layer only. Each returns the lines to print; a user's mistake or a
/// refused file is a `ScriptRunError` whose text is the app's message (every row error of
/// an import, the restore message), to print on standard error with exit status 1.
public enum DataTransfer {
    /// The flags of `assetflow import`, as typed.
    public struct ImportFlags {
        public var kind: String
        public var file: String
        public var map: String?
        public var mapping: String?
        public var dateFormat: String?
        public var decimalComma = false
        /// `--decimal-point`: a cell with a decimal comma is refused, and `1,234` is 1234.
        public var decimalPoint = false
        /// `import prices --asset NAME`: a one-asset price history.
        public var asset: String?
        public var dryRun = false
        public var assetType = "stock"
        public var currency = "USD"
        public var platform: String?
        public var matchPlatform = false

        public init(kind: String, file: String) {
            self.kind = kind
            self.file = file
        }

        func options() throws -> ImportOptions {
            var options = ImportOptions(kind: try ImportKind.parse(kind))
            options.map = try map.map(ColumnMapping.parsePairs) ?? []
            options.dateFormat = try dateFormat.map { try ImportDate(format: $0) }
            if decimalComma && decimalPoint { throw RuleViolation("Give --decimal-comma or --decimal-point, not both.") }
            options.decimalComma = decimalComma
            if decimalPoint { options.numberRule = .mark(.point) }
            if let asset {
                guard options.kind == .prices else { throw RuleViolation("--asset names the asset of a price history: use it with `import prices`.") }
                options.assetName = asset
            }
            options.defaultAssetType = try AssetType.parse(assetType)
            options.defaultCurrency = try AssetRules.validateCurrency(currency)
            options.platform = platform ?? ""
            options.matchPlatform = matchPlatform
            return options
        }
    }

    /// Imports a CSV file into the store at `storePath`, in one transaction; `progress` gets
    /// (rows read, rows in all) for a progress bar.
    public static func importFile(_ flags: ImportFlags, storePath: String, progress: ((Int, Int) -> Void)? = nil) throws -> [String] {
        try userErrors {
            // Rates have their own format and command: the same import as `rates import`.
            if try ImportKind.parse(flags.kind) == .rates {
                return [try RatesRun.importCSV(storePath: storePath, file: flags.file, dryRun: flags.dryRun)]
            }
            var options = try flags.options()
            guard let data = FileManager.default.contents(atPath: flags.file) else {
                throw RuleViolation(CSVTable.unreadableMessage(flags.file))
            }
            return try open(storePath).withSession { session -> [String] in
                if let name = flags.mapping, flags.map == nil { try session.applySavedMapping(name, to: &options) }
                var request = ImportRequest(options: options, data: data)
                request.dryRun = flags.dryRun
                request.saveMappingAs = flags.map == nil ? nil : flags.mapping
                request.progress = progress
                try session.begin()
                let outcome = try session.importCSV(request)
                try session.commit()
                var lines = outcome.lines
                if let name = request.saveMappingAs, !flags.dryRun { lines.append("Mapping saved as '\(name)'.") }
                return lines
            }
        }
    }

    /// `export csv|json DIR`: the files written. `export journal`: the journal's text when
    /// `path` is nil, else it is written there.
    public static func export(format: String, to path: String?, storePath: String) throws -> (files: [String], journal: String?) {
        try userErrors {
            try open(storePath).withSession { session in
                if format == "journal" {
                    guard let path else { return ([], try session.journal()) }
                    try session.writeJournal(to: path, special: .writeInPlace)
                    return ([path], nil)
                }
                guard let kind = StoreExport.Format(rawValue: format), let path else {
                    throw RuleViolation("Unknown export format '\(format)'. Use csv, json or journal.")
                }
                return (try StoreExport.write(session, format: kind, to: path), nil)
            }
        }
    }

    /// Writes a backup archive to `path` (default `AssetFlow-Backup-YYYY-MM-DD.zip`) and
    /// returns the path.
    public static func backup(to path: String?, appVersion: String, storePath: String) throws -> String {
        let file = path ?? BackupManifest.defaultFileName(on: (ScriptRun.fixedToday ?? .today()).description)
        try userErrors {
            try open(storePath).withSession {
                try $0.writeBackup(to: file, appVersion: appVersion, special: path == nil ? .refuse : .writeInPlace)
            }
        }
        return file
    }

    /// Checks the archive completely, then replaces the store with it (keeping a copy).
    public static func restore(from file: String, storePath: String) throws -> [String] {
        guard FileManager.default.isReadableFile(atPath: file) else { throw ScriptRunError("Cannot read \(file).") }
        do {
            let backup = try BackupRestore.validate(fileAt: URL(fileURLWithPath: file))
            let copy = try open(storePath).restore(backup)
            let rows = backup.manifest.rowCounts.values.reduce(0, +)
            return (copy.map { ["The previous store was kept as \($0)."] } ?? [])
                + ["Restored \(rows) rows from \(file) (made \(backup.manifest.exportTimestamp))."]
        } catch let error as RestoreError {
            throw ScriptRunError(error.message + "\nThe store was not changed.")
        }
    }

    static func open(_ path: String) throws -> AssetFlowStore {
        var run = ScriptRun()
        run.storePath = path
        return try run.openStore()
    }

    /// The app's messages as `ScriptRunError`s: an import's list of row errors, a rule.
    static func userErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let failure as ImportFailure {
            throw ScriptRunError(failure.description)
        } catch let violation as RuleViolation {
            throw ScriptRunError(violation.message)
        }
    }
}
