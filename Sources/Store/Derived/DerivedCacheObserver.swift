import GRDB

/// The one observer of row changes that keeps the session's caches (positions, latest
/// prices, holdings ledgers, the last performance records) true to the store.
///
/// Changes reach it two ways. The store's own writes, inside `execute` (every command, the
/// import's bulk path included), announce what they changed, with its asset
/// (`StoreSession.announce`): the observer is deaf to row events meanwhile, so a bulk write
/// of 100,000 rows costs it nothing. Any other change (raw SQL, a restore's statements, a
/// write of another kind of door) comes as GRDB row events, which name the table but not
/// the asset: every cache that depends on that table is dropped. A rollback drops them all;
/// another connection's commit is seen through `PRAGMA data_version` as each transaction
/// begins (`dropCachesIfOthersCommitted`).
final class DerivedCacheObserver: TransactionObserver {
    weak var session: StoreSession?
    /// Nesting depth of `execute`: while positive, writes announce themselves.
    var announcing = 0

    /// The tables the caches are computed from.
    static let sourceTables: Set<String> = ["asset_transaction", "price_history", "asset", "exchange_rate", "setting"]

    init(session: StoreSession) { self.session = session }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        announcing == 0 && Self.sourceTables.contains(eventKind.tableName)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        session?.dropCaches(dependingOn: event.tableName)
    }

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) { session?.invalidateAll() }
}
