/// The tables of derived data: rows computed from the source tables (transactions), kept so
/// that a read does not replay every history. The store's policy for them
/// (Documentation/Store.md, "Derived data"):
///
/// - they are written only inside a write transaction the user's operation already holds
///   (`StoreSession.mayWriteDerived`), never from a read: a read that finds a row missing
///   computes it and keeps it in the session's memory;
/// - every change of history, through any door, leaves them correct or absent at commit
///   (triggers delete what a change makes stale; the store writes them again itself);
/// - each table carries the version of the rule that made its rows (`derived_rule`); rows
///   made by another rule are never read, and are dropped and rebuilt in the next write
///   transaction (`StoreSession.renewOutdatedDerivedTables`);
/// - `assetflow check` compares every row with a replay (`DerivedReplay`), and
///   `assetflow check --repair` rebuilds them, and nothing else.
///
/// Performance records are derived too, but kept in memory only (`CachedPerformanceRecords`).
enum DerivedTable: String, CaseIterable, Sendable {
    case positionSnapshot = "position_snapshot"
    case quantityCheckpoint = "quantity_checkpoint"
    case priceMonth = "price_month"
    case assetExtent = "asset_extent"
    case transactionMonth = "transaction_month"

    /// The version of the rule that makes this table's rows. Raise it in the same commit as
    /// a change to how they are computed (`Position.of`, `QuantityCheckpoint`, `PriceMonth`, `TransactionMonth`): stores with
    /// rows of the old rule then rebuild them instead of trusting them.
    var ruleVersion: Int {
        switch self {
        case .positionSnapshot: 1
        case .quantityCheckpoint: 2  // 2: packed in binary (migration "Pack the quantity checkpoints in binary")
        case .priceMonth: 2  // 2: packed in binary (migration "Pack the monthly price series in binary")
        case .assetExtent: 1
        case .transactionMonth: 1
        }
    }

    /// The version rows had before stores recorded one (the migration
    /// "Derived tables carry the version of their rule" records it).
    static let versionBeforeRecording = 1
}
