import GRDB

/// What a page that does not match its checksum becomes for the user, and the guard that
/// keeps a connection that met one from committing anything afterwards.
extension PageChecksums {
    /// The sentence for a damaged page (`page` nil when SQLite did not say which).
    static func damage(page: Int?) -> StoreError {
        .damaged("The store is damaged: \(page.map { "page \($0)" } ?? "a page") does not match its checksum "
                 + "(it changed on disk after AssetFlow wrote it). Nothing was written to it. "
                 + "Run `assetflow check` for the full report, and restore it from a backup.")
    }

    /// `error` as the damage sentence when this connection met a damaged page, else unchanged.
    static func translating(_ error: Error, _ db: Database) -> Error {
        if let page = damagedPage(db) { return damage(page: page) }
        return isMismatch(error) ? damage(page: damagedPage(in: error)) : error
    }
}

/// Refuses every commit on a connection that has read a damaged page, whatever the door
/// (a command, a script that caught the error, raw SQL): nothing is written after damage.
final class PageDamageGuard: TransactionObserver {
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}

    private weak var database: Database?
    init(_ db: Database) { database = db }

    func databaseWillCommit() throws {
        guard let db = database, let page = PageChecksums.damagedPage(db) else { return }
        throw PageChecksums.damage(page: page)
    }
}

extension StoreSession {
    /// The damage this session's connection met (a page that did not match its checksum),
    /// as the error the user sees; nil when none. A command that failed reports this
    /// instead of SQLite's "disk I/O error".
    public var pageDamage: StoreError? {
        PageChecksums.damagedPage(db).map { PageChecksums.damage(page: $0) }
    }
}
