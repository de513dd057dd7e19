import Core
import Foundation
import GRDB

/// The persistent store: one SQLite file, migrated on open.
///
/// Work happens in a `StoreSession` over one connection: a script run, a REPL session or a
/// command. The session decides when to commit, so that a whole script is all or nothing.
public final class AssetFlowStore {
    private let queue: DatabaseQueue
    public let path: String?

    /// Opens (creating when missing) the store at `path`, or an in-memory one when nil.
    public init(path: String?) throws {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.label = "assetflow"
        if let path {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            queue = try DatabaseQueue(path: path, configuration: config)
        } else {
            queue = try DatabaseQueue(configuration: config)
        }
        self.path = path
        try Migrations.migrator.migrate(queue)
    }

    /// Runs `body` with a session over the store's connection. Nothing is committed unless
    /// the body calls `commit()` (or uses autocommit); an open transaction is rolled back.
    public func withSession<T>(today: CalendarDate = .today(), _ body: (StoreSession) throws -> T) throws -> T {
        try queue.inDatabase { db in
            let session = StoreSession(db: db, today: today)
            defer { if db.isInsideTransaction { try? db.rollback() } }
            return try body(session)
        }
    }

    /// Every row of every table, in a stable order: for tests that check a store is unchanged.
    public func contentDump() throws -> String {
        try queue.read { db in
            var lines: [String] = []
            for table in ["portfolio", "asset", "asset_transaction", "price_history", "setting",
                          "category", "portfolio_target", "investment_plan", "saving_plan", "exchange_rate"] {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1") {
                    lines.append("\(table): \(row)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
