import Foundation
import GRDB

/// Runs a bulk insert of transactions without the per-row triggers that keep derived data
/// honest, and does their work once per asset at the end.
///
/// Such a trigger (`position_snapshot_insert` deletes the snapshot of each inserted row's
/// asset) is cheap in itself; what costs is that a statement firing a trigger needs a
/// statement journal: every INSERT first copies each page it touches into SQLite's
/// sub-journal, and while the import's savepoints are open that journal grows for the whole
/// import and spills to a temporary file (100,000 rows: about 1 s of `pwrite`, more than
/// half of the import, even with a WHEN clause that skips the body).
///
/// The per-asset work is not written here by hand: it is each trigger's own body, as the
/// store holds it (the migration's text), with `NEW.asset_id` and `NEW.date` bound to the
/// asset and its earliest inserted date. Every statement of those bodies deletes derived
/// rows of the asset from a date on, so running it once with the earliest date does what
/// the trigger would have done for every row (its WHEN clause only skips work that finds
/// nothing). A trigger whose body reads another column of NEW is left in place: still
/// right, only slower.
///
/// So, inside a savepoint of its own, each such trigger is dropped, the rows are inserted,
/// each body is run once per touched asset, and the trigger is created again from the very
/// SQL the store had (the schema check at open compares that text). The savepoint makes it
/// all or nothing: an error, or the process dying midway, rolls the DDL back with the rows.
/// No other connection ever sees the store without its triggers: SQLite has one writer at a
/// time, and readers see the last commit.
enum InsertTriggerPause {
    /// An AFTER INSERT trigger on asset_transaction (or price_history) and its body for one asset.
    struct Trigger: Equatable {
        var name: String
        /// The trigger as stored (`sqlite_master.sql`), to create it again.
        var sql: String
        /// The body with `:asset` and `:date` in place of `NEW.asset_id` and `NEW.date`.
        var perAsset: String
    }

    /// The store's AFTER INSERT triggers on `table` that can be paused.
    static func pausable(_ db: Database, table: String = "asset_transaction") throws -> [Trigger] {
        try Row.fetchAll(db, sql: "SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name = ? ORDER BY name", arguments: [table])
            .compactMap { row in trigger(name: row["name"], sql: row["sql"]) }
    }

    /// The trigger's per-asset work, or nil when it is not an AFTER INSERT trigger or its
    /// body reads a column of NEW other than asset_id and date.
    static func trigger(name: String, sql: String) -> Trigger? {
        let words = sql.split(whereSeparator: \.isWhitespace).map { $0.uppercased() }
        guard let after = words.firstIndex(of: "AFTER"), after + 1 < words.count, words[after + 1] == "INSERT",
              let begin = sql.range(of: #"\bBEGIN\b"#, options: [.regularExpression, .caseInsensitive]),
              let end = sql.range(of: #"\bEND\s*;?\s*$"#, options: [.regularExpression, .caseInsensitive]) else { return nil }
        let body = sql[begin.upperBound..<end.lowerBound]
            .replacingOccurrences(of: #"\bNEW\.asset_id\b"#, with: ":asset", options: [.regularExpression, .caseInsensitive])
            .replacingOccurrences(of: #"\bNEW\.date\b"#, with: ":date", options: [.regularExpression, .caseInsensitive])
        guard body.range(of: #"\b(NEW|OLD)\."#, options: [.regularExpression, .caseInsensitive]) == nil else { return nil }
        return Trigger(name: name, sql: sql, perAsset: body)
    }

    /// Runs `insert`, which adds rows of `table` (transactions, or prices) to the assets in
    /// `earliest` only, none dated before the asset's date there ("YYYY-MM-DD"); `earliest`
    /// is asked once `insert` is done (an import written while planned learns it as it goes).
    static func run(_ db: Database, table: String = "asset_transaction", earliest: () -> [Int64: String], _ insert: () throws -> Void) throws {
        try db.inSavepoint {
            let paused = try pausable(db, table: table)
            for trigger in paused { try db.execute(sql: "DROP TRIGGER main.\(trigger.name)") }
            try insert()
            let earliest = earliest()
            for trigger in paused {
                for (asset, date) in earliest.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql: trigger.perAsset, arguments: ["asset": asset, "date": date])
                }
                try db.execute(sql: trigger.sql)
            }
            return .commit
        }
    }
}
