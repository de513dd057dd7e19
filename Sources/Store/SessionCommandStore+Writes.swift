import Core
import GRDB

/// The plain writes behind `CommandStore`: SQL, the change counter for --dry-run, and what
/// each change did to the session caches, announced to `DerivedCacheObserver` (a transaction
/// dated after the asset's last one extends the cached position; any other change drops the
/// asset's cached figures, and its snapshot waits for the end of the transaction; an
/// asset's ledger, when it has one, takes every change).
extension SessionCommandStore {
    func insert(_ asset: Asset) throws -> Asset {
        try db.execute(sql: "INSERT INTO asset(name, type, currency, notes, portfolio_id, category_id, platform) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       arguments: [asset.name, asset.type.rawValue, asset.currency, asset.notes, asset.portfolioID, asset.categoryID, asset.platform])
        var stored = asset
        stored.id = db.lastInsertedRowID
        session.noteChange("asset", .added)
        return stored
    }

    func update(_ asset: Asset) throws {
        try db.cachedStatement(sql: """
            UPDATE asset SET name = ?, type = ?, currency = ?, notes = ?, portfolio_id = ?, category_id = ?, platform = ? WHERE id = ?
            """).execute(arguments: [asset.name, asset.type.rawValue, asset.currency, asset.notes, asset.portfolioID,
                             asset.categoryID, asset.platform, asset.id])
        session.announce(.changed(asset: asset.id!))
        session.noteChange("asset", .changed)
    }

    /// Its transactions and price records go with it (cascade); saving plans that buy it or
    /// draw on it keep going without it (the reference becomes NULL).
    func deleteAsset(id: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM asset WHERE id = ?").execute(arguments: [id])
        session.announce(.everything)
        session.noteChange("asset", .deleted)
    }

    func insert(_ portfolio: Portfolio) throws -> Portfolio {
        try db.cachedStatement(sql: "INSERT INTO portfolio(name, description) VALUES (?, ?)").execute(arguments: [portfolio.name, portfolio.description])
        session.noteChange("portfolio", .added)
        return Portfolio(id: db.lastInsertedRowID, name: portfolio.name, description: portfolio.description)
    }

    func update(_ portfolio: Portfolio) throws {
        try db.cachedStatement(sql: "UPDATE portfolio SET name = ?, description = ? WHERE id = ?").execute(arguments: [portfolio.name, portfolio.description, portfolio.id])
        session.noteChange("portfolio", .changed)
    }

    func deletePortfolio(id: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM portfolio WHERE id = ?").execute(arguments: [id])
        session.noteChange("portfolio", .deleted)
    }

    func insert(_ category: Category) throws -> Category {
        try db.cachedStatement(sql: "INSERT INTO category(name, target_percent) VALUES (?, ?)").execute(arguments: [category.name, try category.targetPercent?.storedText()])
        session.noteChange("category", .added)
        return Category(id: db.lastInsertedRowID, name: category.name, targetPercent: category.targetPercent)
    }

    func insert(_ transaction: Transaction) throws -> Transaction {
        var t = transaction
        // Without a ledger, the position is read first (cached, snapshot or replayed) so that an
        // appended transaction extends it and its snapshot, as every command always did.
        if session.ledgers[t.assetID] == nil, session.positionCache[t.assetID] == nil { _ = try session.position(ofAsset: t.assetID) }
        try session.willChangeExtent(ofAsset: t.assetID)
        try db.cachedStatement(sql: TransactionRecord.insertSQL).execute(arguments: try TransactionRecord.arguments(t))
        t.id = db.lastInsertedRowID
        session.noteChange("transaction", .added)
        let appended = try session.advanceCachedPosition(with: t)
        if !appended { session.unsnapshotted.insert(t.assetID) }
        // Appended: the largest quantity held is the old one or the quantity held now.
        session.extentGrew(ofAsset: t.assetID, held: appended ? session.positionCache[t.assetID]?.position.quantity : nil,
                           price: MarketPrices.isTradePrice(t.type, t.pricePerUnit) ? t.pricePerUnit : nil)
        if !appended || session.positionCache[t.assetID] == nil { session.extentUnknown(ofAssets: [t.assetID], price: false) }
        session.announce(.extended(asset: t.assetID))
        session.ledgers[t.assetID]?.insert(HoldingsHistory.ledgerKey(t), t.quantityImpact)
        if MarketPrices.isTradePrice(t.type, t.pricePerUnit) { session.latestPriceCache[t.assetID] = nil }  // its price may be the latest
        return t
    }

    func update(_ t: Transaction) throws {
        if let ledger = session.ledgers[t.assetID] {
            ledger.remove(HoldingsHistory.ledgerKey(try session.requireTransaction(id: t.id!)))
            ledger.insert(HoldingsHistory.ledgerKey(t), t.quantityImpact)
        }
        try db.cachedStatement(sql: """
            UPDATE asset_transaction SET type = ?, date = ?, quantity = ?, price = ?, total = ?, fees = ?, note = ? WHERE id = ?
            """).execute(arguments: [t.type.rawValue, t.date.description, try t.quantity.storedText(), try t.pricePerUnit.storedText(),
                             try t.totalAmount.storedText(), try t.fees.storedText(), t.note, t.id])
        session.announce(.changed(asset: t.assetID))
        session.unsnapshotted.insert(t.assetID)
        session.extentUnknown(ofAssets: [t.assetID])
        session.noteChange("transaction", .changed)
    }

    func deleteTransaction(id: Int64) throws {
        let t = try session.requireTransaction(id: id)
        try db.cachedStatement(sql: "DELETE FROM asset_transaction WHERE id = ?").execute(arguments: [id])
        session.ledgers[t.assetID]?.remove(HoldingsHistory.ledgerKey(t))
        session.announce(.changed(asset: t.assetID))
        session.unsnapshotted.insert(t.assetID)
        session.extentUnknown(ofAssets: [t.assetID])
        session.noteChange("transaction", .deleted)
    }

    func link(_ a: inout Transaction, _ b: inout Transaction) throws {
        try db.cachedStatement(sql: "UPDATE asset_transaction SET related_id = ? WHERE id = ?").execute(arguments: [b.id, a.id])
        try db.cachedStatement(sql: "UPDATE asset_transaction SET related_id = ? WHERE id = ?").execute(arguments: [a.id, b.id])
        a.relatedTransactionID = b.id
        b.relatedTransactionID = a.id
        session.announce(.extended(asset: a.assetID))
    }

    func insert(_ price: PricePoint) throws -> PricePoint {
        var point = price
        try session.willChangeExtent(ofAsset: point.assetID)
        try db.execute(sql: "INSERT INTO price_history(asset_id, date, price) VALUES (?, ?, ?)",
                       arguments: [point.assetID, point.date.description, try point.price.storedText()])
        point.id = db.lastInsertedRowID
        session.extentGrew(ofAsset: point.assetID, price: point.price)
        session.noteChange("price", .added)
        session.announce(.extended(asset: point.assetID))
        if case .some(let cached) = session.latestPriceCache[point.assetID], let latest = cached, latest.date > point.date {
            // an older record does not change the latest price
        } else {
            session.latestPriceCache[point.assetID] = .some(point)
        }
        return point
    }

    func update(_ point: PricePoint) throws {
        try session.willChangeExtent(ofAsset: point.assetID)
        try db.cachedStatement(sql: "UPDATE price_history SET date = ?, price = ? WHERE id = ?").execute(arguments: [point.date.description, try point.price.storedText(), point.id])
        session.announce(.changed(asset: point.assetID))
        session.extentUnknown(ofAssets: [point.assetID], held: false)
        session.noteChange("price", .changed)
    }

    func deletePrice(id: Int64) throws {
        let assetID = try session.requirePrice(id: id).assetID
        try session.willChangeExtent(ofAsset: assetID)
        try db.cachedStatement(sql: "DELETE FROM price_history WHERE id = ?").execute(arguments: [id])
        session.announce(.changed(asset: assetID))
        session.extentUnknown(ofAssets: [assetID], held: false)
        session.noteChange("price", .deleted)
    }

    func replaceTargets(portfolio id: Int64, by dimension: AllocationDimension, _ targets: [String: ExactDecimal]) throws {
        try db.cachedStatement(sql: "DELETE FROM portfolio_target WHERE portfolio_id = ? AND dimension = ?").execute(arguments: [id, dimension.rawValue])
        for (key, value) in targets {
            try db.execute(sql: "INSERT INTO portfolio_target(portfolio_id, dimension, key, percent) VALUES (?, ?, ?, ?)",
                           arguments: [id, dimension.rawValue, key, try value.storedText()])
        }
        session.noteChange("target", .changed)
    }

    func setSetting(_ key: String, _ value: String?) throws { try session.writeSetting(key, value) }

    func store(_ rate: ExchangeRate) throws {
        let existed = try Bool.fetchOne(db, sql: "SELECT 1 FROM exchange_rate WHERE base = ? AND quote = ? AND date = ?",
                                        arguments: [rate.base, rate.quote, rate.date.description]) ?? false
        try db.execute(sql: """
            INSERT INTO exchange_rate(base, quote, date, rate, source, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(base, quote, date) DO UPDATE SET rate = excluded.rate, source = excluded.source, fetched_at = excluded.fetched_at
            """, arguments: [rate.base, rate.quote, rate.date.description, rate.rate.plainText, rate.source, rate.fetchedAt])
        session.noteChange("exchange_rate", existed ? .changed : .added)
    }

    func insert(_ plan: InvestmentPlan, portfolioID: Int64?) throws -> InvestmentPlan {
        try db.cachedStatement(sql: """
            INSERT INTO investment_plan(name, target_amount, monthly_contribution, start_date, target_date, risk_tolerance, status, notes, portfolio_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [plan.name, try plan.targetAmount.storedText(), try plan.monthlyContribution.storedText(), plan.startDate.description,
                             plan.targetDate.description, plan.riskTolerance.rawValue, plan.status.rawValue, plan.notes, portfolioID])
        var stored = plan
        stored.id = db.lastInsertedRowID
        session.noteChange("investment_plan", .added)
        return stored
    }

    func insert(_ plan: RegularSavingPlan) throws -> RegularSavingPlan {
        try db.cachedStatement(sql: """
            INSERT INTO saving_plan(name, asset_id, source_asset_id, amount, frequency, start_date, next_due_date, execution_method, is_active, day_of_month)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [plan.name, plan.assetID, plan.sourceAssetID, try plan.amount.storedText(), plan.frequency.rawValue, plan.startDate.description,
                             plan.nextDueDate.description, plan.executionMethod.rawValue, plan.isActive, plan.dayOfMonth])
        var stored = plan
        stored.id = db.lastInsertedRowID
        session.noteChange("saving_plan", .added)
        return stored
    }

    func update(_ plan: RegularSavingPlan) throws {
        try db.execute(sql: """
            UPDATE saving_plan SET name = ?, asset_id = ?, source_asset_id = ?, amount = ?, frequency = ?, start_date = ?,
                next_due_date = ?, execution_method = ?, is_active = ?, day_of_month = ? WHERE id = ?
            """, arguments: [plan.name, plan.assetID, plan.sourceAssetID, plan.amount.plainText, plan.frequency.rawValue, plan.startDate.description,
                             plan.nextDueDate.description, plan.executionMethod.rawValue, plan.isActive, plan.dayOfMonth, plan.id])
        session.noteChange("saving_plan", .changed)
    }

    func deleteSavingPlan(id: Int64) throws {
        try db.execute(sql: "DELETE FROM saving_plan WHERE id = ?", arguments: [id])
        session.noteChange("saving_plan", .deleted)
    }

    func update(_ category: Category) throws {
        try db.execute(sql: "UPDATE category SET name = ?, target_percent = ? WHERE id = ?",
                       arguments: [category.name, category.targetPercent?.plainText, category.id])
        session.noteChange("category", .changed)
    }

    func deleteCategory(id: Int64) throws {
        try db.execute(sql: "DELETE FROM category WHERE id = ?", arguments: [id])
        session.noteChange("category", .deleted)
    }

    func renamePlatform(_ old: String, to new: String) throws {
        try db.execute(sql: "UPDATE asset SET platform = ? WHERE platform = ?", arguments: [new, old])
        session.noteChange("asset", .changed)
    }

    func setNextDueDate(ofSavingPlan id: Int64, to date: CalendarDate) throws {
        try db.cachedStatement(sql: "UPDATE saving_plan SET next_due_date = ? WHERE id = ?").execute(arguments: [date.description, id])
        session.noteChange("saving_plan", .changed)
    }
}
