import GRDB

/// The migration that gives each derived table the version of the rule that made its rows.
/// Shipped migrations are never edited: a later change of rule changes the rows of
/// `derived_rule` at run time (`StoreSession.renewOutdatedDerivedTables`), not this.
enum DerivedRuleMigration {
    static let identifier = "Derived tables carry the version of their rule"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            // The rows already in the two tables were made by the first rule of each: 1.
            try db.execute(sql: """
                CREATE TABLE derived_rule (
                    table_name TEXT PRIMARY KEY,
                    version INTEGER NOT NULL
                ) STRICT;
                INSERT INTO derived_rule(table_name, version) VALUES ('position_snapshot', 1), ('quantity_checkpoint', 1);
                """)
        }
    }
}
