import GRDB

/// The store's schema history. A migration that has shipped is never edited: add a new one.
/// Money, prices and quantities are TEXT holding exact decimals ("12.30"), in STRICT tables,
/// so SQLite never turns them into binary floats. Dates are TEXT "YYYY-MM-DD".
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create portfolio, asset, transaction and price tables") { db in
            try db.execute(sql: """
                CREATE TABLE portfolio (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    description TEXT NOT NULL DEFAULT '',
                    is_active INTEGER NOT NULL DEFAULT 1
                ) STRICT;
                CREATE UNIQUE INDEX portfolio_name ON portfolio(name COLLATE NOCASE);

                CREATE TABLE asset (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    type TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    notes TEXT NOT NULL DEFAULT '',
                    portfolio_id INTEGER REFERENCES portfolio(id) ON DELETE SET NULL
                ) STRICT;
                CREATE UNIQUE INDEX asset_name ON asset(name COLLATE NOCASE);
                CREATE INDEX asset_portfolio ON asset(portfolio_id);

                CREATE TABLE asset_transaction (
                    id INTEGER PRIMARY KEY,
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    date TEXT NOT NULL,
                    quantity TEXT NOT NULL,
                    price TEXT NOT NULL,
                    total TEXT NOT NULL,
                    fees TEXT NOT NULL DEFAULT '0',
                    currency TEXT NOT NULL,
                    source_asset_id INTEGER REFERENCES asset(id) ON DELETE SET NULL,
                    related_id INTEGER REFERENCES asset_transaction(id) ON DELETE SET NULL,
                    note TEXT NOT NULL DEFAULT ''
                ) STRICT;
                CREATE INDEX transaction_asset_date ON asset_transaction(asset_id, date, id);
                CREATE INDEX transaction_source ON asset_transaction(source_asset_id);

                CREATE TABLE price_history (
                    id INTEGER PRIMARY KEY,
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    date TEXT NOT NULL,
                    price TEXT NOT NULL,
                    UNIQUE (asset_id, date)
                ) STRICT;

                CREATE TABLE setting (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                ) STRICT;
                """)
        }
        migrator.registerMigration("Categories, platforms, targets, investment and saving plans") { db in
            try db.execute(sql: """
                CREATE TABLE category (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    target_percent TEXT
                ) STRICT;
                CREATE UNIQUE INDEX category_name ON category(name COLLATE NOCASE);

                ALTER TABLE asset ADD COLUMN category_id INTEGER REFERENCES category(id) ON DELETE SET NULL;
                ALTER TABLE asset ADD COLUMN platform TEXT NOT NULL DEFAULT '';

                CREATE TABLE portfolio_target (
                    portfolio_id INTEGER NOT NULL REFERENCES portfolio(id) ON DELETE CASCADE,
                    dimension TEXT NOT NULL,
                    key TEXT NOT NULL,
                    percent TEXT NOT NULL,
                    PRIMARY KEY (portfolio_id, dimension, key)
                ) STRICT;

                CREATE TABLE investment_plan (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    target_amount TEXT NOT NULL,
                    monthly_contribution TEXT NOT NULL,
                    start_date TEXT NOT NULL,
                    target_date TEXT NOT NULL,
                    risk_tolerance TEXT NOT NULL,
                    status TEXT NOT NULL,
                    notes TEXT NOT NULL DEFAULT '',
                    portfolio_id INTEGER REFERENCES portfolio(id) ON DELETE SET NULL
                ) STRICT;

                CREATE TABLE saving_plan (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    source_asset_id INTEGER REFERENCES asset(id) ON DELETE CASCADE,
                    amount TEXT NOT NULL,
                    frequency TEXT NOT NULL,
                    start_date TEXT NOT NULL,
                    next_due_date TEXT NOT NULL,
                    execution_method TEXT NOT NULL,
                    is_active INTEGER NOT NULL DEFAULT 1,
                    day_of_month INTEGER
                ) STRICT;
                """)
        }
        migrator.registerMigration("Create position snapshots") { db in
            // Each asset's position after its last transaction, so that opening a large store
            // does not recompute every history (the seeds' "snapshotting" phase). The
            // triggers delete an asset's snapshot on ANY change to its transactions, from any
            // door; the store writes it again only after applying the change itself. A
            // snapshot is therefore never stale, only missing (then history is replayed).
            try db.execute(sql: """
                CREATE TABLE position_snapshot (
                    asset_id INTEGER PRIMARY KEY REFERENCES asset(id) ON DELETE CASCADE,
                    last_date TEXT NOT NULL,
                    last_id INTEGER NOT NULL,
                    quantity TEXT NOT NULL,
                    cost_basis TEXT NOT NULL,
                    realized_gain TEXT NOT NULL
                ) STRICT;
                CREATE TRIGGER position_snapshot_insert AFTER INSERT ON asset_transaction BEGIN
                    DELETE FROM position_snapshot WHERE asset_id = NEW.asset_id;
                END;
                CREATE TRIGGER position_snapshot_update AFTER UPDATE ON asset_transaction BEGIN
                    DELETE FROM position_snapshot WHERE asset_id IN (OLD.asset_id, NEW.asset_id);
                END;
                CREATE TRIGGER position_snapshot_delete AFTER DELETE ON asset_transaction BEGIN
                    DELETE FROM position_snapshot WHERE asset_id = OLD.asset_id;
                END;
                """)
        }
        ImportMappingMigration.register(&migrator)
        migrator.registerMigration("Create exchange rates") { db in
            // On `date`, 1 `base` = `rate` `quote` (exact decimal text). One rate per pair and
            // day; the main currency is the `main_currency` row of `setting` (USD when absent).
            try db.execute(sql: """
                CREATE TABLE exchange_rate (
                    base TEXT NOT NULL,
                    quote TEXT NOT NULL,
                    date TEXT NOT NULL,
                    rate TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT 'manual',
                    fetched_at TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY (base, quote, date)
                ) STRICT;
                CREATE INDEX exchange_rate_quote ON exchange_rate(quote, base, date);
                """)
        }
        migrator.registerMigration("Saving plans outlive their assets") { db in
            // Models-README: deleting a plan's asset or source asset nullifies the reference
            // (a plan without a source runs as a transfer in); the first schema cascaded.
            // SQLite cannot change a foreign key in place: the table is rebuilt.
            try db.execute(sql: """
                CREATE TABLE saving_plan_new (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    asset_id INTEGER REFERENCES asset(id) ON DELETE SET NULL,
                    source_asset_id INTEGER REFERENCES asset(id) ON DELETE SET NULL,
                    amount TEXT NOT NULL,
                    frequency TEXT NOT NULL,
                    start_date TEXT NOT NULL,
                    next_due_date TEXT NOT NULL,
                    execution_method TEXT NOT NULL,
                    is_active INTEGER NOT NULL DEFAULT 1,
                    day_of_month INTEGER
                ) STRICT;
                INSERT INTO saving_plan_new SELECT id, name, asset_id, source_asset_id, amount, frequency, start_date,
                    next_due_date, execution_method, is_active, day_of_month FROM saving_plan;
                DROP TABLE saving_plan;
                ALTER TABLE saving_plan_new RENAME TO saving_plan;
                """)
        }
        migrator.registerMigration("Create quantity checkpoints") { db in
            // Each asset's quantity by day, one row per asset and month ("D:Q D:Q …", the
            // quantity at the end of each day it changed), so that a timeline reads a row per
            // asset and month instead of every transaction. The row with month 'complete'
            // says the rows before it cover every transaction. A change to a transaction
            // dated D, from any door, deletes the asset's rows from D's month on; 'complete'
            // sorts after every "YYYY-MM", so it goes too, and the asset is rebuilt by one
            // walk when next read. The rows that remain are never stale. The WHEN clause (an
            // index seek) skips the DELETE when there is nothing to delete: a DELETE from a
            // WITHOUT ROWID table costs about 3.5 µs even when it finds nothing, which a bulk
            // write of 100,000 transactions would pay 100,000 times.
            try db.execute(sql: """
                CREATE TABLE quantity_checkpoint (
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    levels TEXT NOT NULL,
                    PRIMARY KEY (asset_id, month)
                ) STRICT, WITHOUT ROWID;
                CREATE TRIGGER quantity_checkpoint_insert AFTER INSERT ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM quantity_checkpoint WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM quantity_checkpoint WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER quantity_checkpoint_update AFTER UPDATE OF asset_id, type, date, quantity ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM quantity_checkpoint WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7))
                  OR EXISTS (SELECT 1 FROM quantity_checkpoint WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM quantity_checkpoint WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                    DELETE FROM quantity_checkpoint WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER quantity_checkpoint_delete AFTER DELETE ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM quantity_checkpoint WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7)) BEGIN
                    DELETE FROM quantity_checkpoint WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                END;
                """)
        }
        migrator.registerMigration("Index only transactions that have a source asset") { db in
            // Only income paid by another asset has a source. Indexing every transaction put a
            // NULL entry in this index for each insert (about a seventh of a bulk import's
            // write time); the partial index still serves `source_asset_id = ?`, `IN (…)` and
            // the foreign key's ON DELETE SET NULL, which all imply NOT NULL.
            try db.execute(sql: """
                DROP INDEX transaction_source;
                CREATE INDEX transaction_source ON asset_transaction(source_asset_id) WHERE source_asset_id IS NOT NULL;
                """)
        }
        migrator.registerMigration("Keep the keys of imported broker rows") { db in
            // An import profile's row (issue 21) is known again by the broker's transaction id
            // when the export has one, else by its content and its occurrence in the file (the
            // third identical row is new only when the store holds two). Every transaction a
            // row made carries the row's key, so deleting them forgets the row.
            try db.execute(sql: """
                CREATE TABLE import_key (
                    transaction_id INTEGER PRIMARY KEY REFERENCES asset_transaction(id) ON DELETE CASCADE,
                    platform TEXT NOT NULL,
                    key TEXT NOT NULL,
                    occurrence INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX import_key_platform ON import_key(platform, key);
                """)
        }
        DerivedRuleMigration.register(&migrator)
        migrator.registerMigration("Create lot choices") { db in
            // The lots a sale names (issue 25): the one part of the lots that is stored, since
            // it is the user's choice and cannot be derived. Lots themselves are computed from
            // the history. An edit that changes what was sold drops its choice (the sale then
            // closes the oldest lots under the "specific" method).
            try db.execute(sql: """
                CREATE TABLE lot_choice (
                    transaction_id INTEGER NOT NULL REFERENCES asset_transaction(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    acquired TEXT NOT NULL,
                    quantity TEXT NOT NULL,
                    PRIMARY KEY (transaction_id, position)
                ) STRICT;
                CREATE TRIGGER lot_choice_edited AFTER UPDATE OF asset_id, type, quantity ON asset_transaction
                WHEN (OLD.asset_id IS NOT NEW.asset_id OR OLD.type IS NOT NEW.type OR OLD.quantity IS NOT NEW.quantity)
                    AND EXISTS (SELECT 1 FROM lot_choice WHERE transaction_id = NEW.id) BEGIN
                    DELETE FROM lot_choice WHERE transaction_id = NEW.id;
                END;
                """)
        }
        migrator.registerMigration("Create asset quote sources") { db in
            // Where `assetflow prices fetch` gets an asset's prices: a provider's name and the
            // symbol it knows the asset by. Kept apart from `asset`, whose rows every read decodes.
            try db.execute(sql: """
                CREATE TABLE asset_quote_source (
                    asset_id INTEGER PRIMARY KEY REFERENCES asset(id) ON DELETE CASCADE,
                    provider TEXT NOT NULL,
                    symbol TEXT NOT NULL
                ) STRICT;
                """)
        }
        migrator.registerMigration("Stock dividends get their own type") { db in
            // Stock dividends were written as splits whose note is "Stock dividend" (the note
            // `StockDividend` gave them). For lots they are a new lot at zero cost, not a split
            // of the old lots; the running average (and so every derived row) is the same for
            // both types. A split with any other note stays a split: nothing is guessed.
            try db.execute(sql: """
                UPDATE asset_transaction SET type = 'stock_dividend'
                WHERE type = 'split' AND note = 'Stock dividend' AND quantity NOT LIKE '-%'
                """)
        }
        migrator.registerMigration("Keep where fetched prices came from") { db in
            // The provider and fetch time of a price `prices fetch` stored. A side table, so
            // typed and imported prices (and every reader of price_history) are unchanged.
            // Editing the price or its day makes it the user's: the provenance goes.
            try db.execute(sql: """
                CREATE TABLE price_fetch (
                    price_id INTEGER PRIMARY KEY REFERENCES price_history(id) ON DELETE CASCADE,
                    source TEXT NOT NULL,
                    fetched_at TEXT NOT NULL
                ) STRICT;
                CREATE TRIGGER price_fetch_forget_edited AFTER UPDATE OF price, date, asset_id ON price_history
                WHEN OLD.price IS NOT NEW.price OR OLD.date IS NOT NEW.date OR OLD.asset_id IS NOT NEW.asset_id BEGIN
                    DELETE FROM price_fetch WHERE price_id = NEW.id;
                END;
                """)
        }
        PriceMonthMigration.register(&migrator)
        PriceMonthPackedMigration.register(&migrator)
        AssetExtentMigration.register(&migrator)
        QuantityCheckpointPackedMigration.register(&migrator)
        SchemaStampMigration.register(&migrator)
        TransactionMonthMigration.register(&migrator)
        return migrator
    }
}
