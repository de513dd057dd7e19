import GRDB

/// The migration "Create monthly price series" (issue 27): `price_month`, each asset's market
/// prices packed one row per asset and month, so that a daily timeline or a first
/// `af.performance` reads about 11,000 rows instead of 250,000 prices and the trades among
/// 100,000 transactions. Derived data under the store's policy (`DerivedTable.priceMonth`).
enum PriceMonthMigration {
    static let identifier = "Create monthly price series"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            // A row per asset and month "YYYY-MM" with a price: `recorded` holds the month's
            // recorded prices ("D:P D:P …", day of month and price as stored), `trades` the
            // last trade price of each day with a buy or sell above 0 ("D:P …"), so the
            // `prices_from_trades` setting is applied when reading, not baked in. A row whose
            // month is 'complete' says the rows cover every price and trade of the asset.
            //
            // A change to a price or a transaction dated D, from any door, deletes the asset's
            // rows from D's month on ('complete' sorts after every month, so it goes too).
            // Only D's month is stale, but "from the month on" is the shape every trigger on
            // asset_transaction has (`InsertTriggerPause` runs a body once with the earliest
            // date of a bulk insert), and a price is almost always added at the end. The WHEN
            // clauses (an index seek) skip the DELETE when there is nothing to delete.
            try db.execute(sql: """
                CREATE TABLE price_month (
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    recorded TEXT NOT NULL,
                    trades TEXT NOT NULL,
                    PRIMARY KEY (asset_id, month)
                ) STRICT, WITHOUT ROWID;
                CREATE TRIGGER price_month_price_insert AFTER INSERT ON price_history
                WHEN EXISTS (SELECT 1 FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER price_month_price_update AFTER UPDATE OF asset_id, date, price ON price_history
                WHEN EXISTS (SELECT 1 FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7))
                  OR EXISTS (SELECT 1 FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                    DELETE FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER price_month_price_delete AFTER DELETE ON price_history
                WHEN EXISTS (SELECT 1 FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7)) BEGIN
                    DELETE FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                END;
                CREATE TRIGGER price_month_trade_insert AFTER INSERT ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER price_month_trade_update AFTER UPDATE OF asset_id, type, date, price ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7))
                  OR EXISTS (SELECT 1 FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                    DELETE FROM price_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER price_month_trade_delete AFTER DELETE ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7)) BEGIN
                    DELETE FROM price_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                END;
                INSERT INTO derived_rule(table_name, version) VALUES ('price_month', 1);
                """)
        }
    }
}
