import Foundation
import GRDB

/// Which schema a store has, and which this build expects.
///
/// The schema version is the number of migrations applied; this build writes it into the
/// store's `user_version` after migrating. A store whose `user_version` is higher, or
/// whose `grdb_migrations` table names a migration this build does not know, was written
/// by a newer AssetFlow: it is refused, never written to.
extension Migrations {
    static let identifiers: [String] = migrator.migrations

    /// The version this build writes.
    static var schemaVersion: Int { identifiers.count }

    /// The schema after the first `count` migrations, built once in a scratch in-memory
    /// store and kept.
    static func expectedSchema(migrations count: Int) throws -> StoreSchema {
        lock.lock()
        defer { lock.unlock() }
        if let schema = expectedSchemas[count] { return schema }
        let scratch = try DatabaseQueue()
        if count > 0 { try migrator.migrate(scratch, upTo: identifiers[count - 1]) }
        let schema = try scratch.read(StoreSchema.read)
        expectedSchemas[count] = schema
        return schema
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var expectedSchemas: [Int: StoreSchema] = [:]
}
