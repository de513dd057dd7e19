import Core

/// Errors of the store itself (not business rules), as data: a `catch` matches the case
/// and reads which table, column and row, as GRDB's `DatabaseError` and
/// `RecordError.recordNotFound(databaseTableName:key:)` allow. `description` is the
/// user-facing sentence.
///
///     do { _ = try session.requireAsset(id: 7) }
///     catch StoreError.notFound(let table, let id) { print(table, id) }   // asset 7
///     catch let e as StoreError { print(e) }   // "No asset with id 7 (was it deleted?)."
public enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No row of `table` with this id: "No category with id 7."
    case notFound(table: String, id: Int64)
    /// A row the caller held an id of (a Lua object, a plan) is no longer there: "No asset
    /// with id 7 (was it deleted?)."
    case deleted(table: String, id: Int64)
    /// No store file at `path`.
    case noStore(path: String)
    /// A stored value that does not read back: "The store is damaged: column quantity holds
    /// 'lots', not a decimal." `table` and `rowID` are filled in where the reader knows them.
    case corrupt(table: String?, column: String, rowID: Int64?, damage: Damage)
    /// The store was written by a newer AssetFlow (a complete message).
    case newerSchema(String)
    /// The store failed a check at open, or is not an AssetFlow store (a complete message).
    case damaged(String)
    /// Another process kept the write lock longer than we wait, `seconds` in all.
    case busy(seconds: Int)
    /// A write to a store opened read-only, with why (a complete message).
    case readOnly(String)

    /// What is wrong with a stored value.
    public enum Damage: Equatable, Sendable {
        /// The column is not there at all (a schema altered by hand).
        case missingColumn
        /// It holds `found` (as SQLite shows it) where `expected` belongs ("a decimal").
        case holds(found: String, expected: String)
        /// A type column whose text names no known type.
        case unknownType(String)
        /// A value that does not read, keyed by something other than an id (a checkpoint's month).
        case unreadable(key: String, value: String)
    }

    public var description: String {
        switch self {
        case .notFound(let table, let id): "No \(Self.noun(table)) with id \(id)."
        case .deleted(let table, let id): "No \(Self.noun(table)) with id \(id) (was it deleted?)."
        case .noStore(let path): "There is no store at \(path)."
        case .corrupt(let table, let column, _, let damage): "The store is damaged: \(Self.describe(damage, table: table, column: column))."
        case .newerSchema(let what), .damaged(let what), .readOnly(let what): what
        case .busy(let seconds):
            "The store is busy: another AssetFlow process has been writing to it for \(seconds) s "
                + "(a REPL inside .begin?). Nothing was written; try again when it has finished."
        }
    }

    static func describe(_ damage: Damage, table: String?, column: String) -> String {
        switch damage {
        case .missingColumn: "column \(column) is missing"
        case .holds(let found, let expected): "column \(column) holds \(found), not \(expected)"
        case .unknownType(let text): "\(table == "asset" ? "asset" : "transaction") type '\(text)'"
        case .unreadable(let key, let value): "\(noun(table ?? column)) '\(key)' holds '\(value)'"
        }
    }

    /// What a row of `table` is called in a sentence.
    static func noun(_ table: String) -> String {
        switch table {
        case "asset_transaction": "transaction"
        case "price_history": "price record"
        default: table.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// Damage to `column` of a table the reader does not know (a row decoder).
    static func column(_ column: String, _ damage: Damage) -> StoreError {
        .corrupt(table: nil, column: column, rowID: nil, damage: damage)
    }

    /// The same damage, placed in `table` (and row `rowID`) when the reader did not know.
    func located(table: String, rowID: Int64?) -> StoreError {
        guard case .corrupt(let t, let column, let r, let damage) = self else { return self }
        return .corrupt(table: t ?? table, column: column, rowID: r ?? rowID, damage: damage)
    }

    /// Runs `body`; damage it throws gets `table` (and `rowID`) when it has none yet. Readers
    /// of a table wrap their decoding in this.
    static func about<T>(table: String, rowID: @autoclosure () -> Int64? = nil, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as StoreError { throw error.located(table: table, rowID: rowID()) }
    }
}
