import Core
import GRDB

/// Editing and deleting what was recorded: transactions, price records, assets, portfolios.
/// Every change re-checks the rules of Core and drops the cached figures of the asset.
extension StoreSession {
    /// A transaction that must exist.
    public func requireTransaction(id: Int64) throws -> Transaction {
        guard let t = try transaction(id: id) else { throw StoreError.notFound("No transaction with id \(id) (was it deleted?).") }
        return t
    }

    /// Edits a transaction in place (BusinessLogic.md "Transaction Edit Workflow"): `change`
    /// sets the new fields; the result is validated with `TransactionEditRules.validateEdit`
    /// (base = current quantity − the old impact; base + new impact ≥ 0).
    public func editTransaction(id: Int64, _ change: (inout Transaction) throws -> Void) throws -> Transaction {
        let original = try requireTransaction(id: id)
        let asset = try requireAsset(id: original.assetID)
        var edited = original
        try change(&edited)
        edited.id = original.id
        edited.assetID = original.assetID
        edited.totalAmount = try AmountRange.total(quantity: edited.quantity, price: edited.pricePerUnit)
        edited = TransactionRules.normalized(edited, for: asset)
        try TransactionEditRules.validateEdit(original: original, edited: edited, asset: asset,
                                              currentQuantity: try position(ofAsset: asset.id!).quantity, today: today)
        try db.execute(sql: """
            UPDATE asset_transaction SET type = ?, date = ?, quantity = ?, price = ?, total = ?, fees = ?, note = ? WHERE id = ?
            """, arguments: [edited.type.rawValue, edited.date.description, edited.quantity.plainText, edited.pricePerUnit.plainText,
                             edited.totalAmount.plainText, edited.fees.plainText, edited.note, id])
        invalidate(asset: asset.id!)
        noteChange("transaction", .changed)
        return edited
    }

    /// Deletes a transaction unless the asset's quantity would become negative
    /// ("Deleting this transaction would cause the asset quantity to become negative.").
    /// The other half of a swap stays, its link cleared.
    public func deleteTransaction(id: Int64) throws {
        let t = try requireTransaction(id: id)
        try TransactionEditRules.validateDeletion(t, currentQuantity: try position(ofAsset: t.assetID).quantity)
        try db.execute(sql: "DELETE FROM asset_transaction WHERE id = ?", arguments: [id])
        invalidate(asset: t.assetID)
        noteChange("transaction", .deleted)
    }

    /// A price record that must exist.
    public func requirePrice(id: Int64) throws -> PricePoint {
        guard let p = try price(id: id) else { throw StoreError.notFound("No price record with id \(id) (was it deleted?).") }
        return p
    }

    /// Changes a price record's price and/or date: the same rules as a new one, the
    /// duplicate-date check excluding the record itself.
    public func editPrice(id: Int64, price newPrice: ExactDecimal?, date newDate: CalendarDate?) throws -> PricePoint {
        var point = try requirePrice(id: id)
        let asset = try requireAsset(id: point.assetID)
        if let newPrice { point.price = newPrice }
        if let newDate { point.date = newDate }
        if asset.isCash { point.price = 1 }
        try PriceRules.validate(point, today: today)
        let clash = try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM price_history WHERE asset_id = ? AND date = ? AND id <> ?)",
                                      arguments: [point.assetID, point.date.description, id]) ?? false
        if clash { throw ValidationError(PriceRules.duplicateDateMessage) }
        try db.execute(sql: "UPDATE price_history SET date = ?, price = ? WHERE id = ?", arguments: [point.date.description, point.price.plainText, id])
        invalidate(asset: point.assetID)
        noteChange("price", .changed)
        return point
    }

    /// Deletes a price record; the last one of an asset cannot be deleted
    /// ("An asset must have at least one price record.").
    public func deletePrice(id: Int64) throws {
        let point = try requirePrice(id: id)
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM price_history WHERE asset_id = ?", arguments: [point.assetID]) ?? 0
        if count <= 1 { throw ValidationError(PriceRules.lastRecordMessage) }
        try db.execute(sql: "DELETE FROM price_history WHERE id = ?", arguments: [id])
        invalidate(asset: point.assetID)
        noteChange("price", .deleted)
    }

    /// Whether the asset has any transaction or price record (which locks type and currency).
    public func hasHistory(asset id: Int64) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS(SELECT 1 FROM asset_transaction WHERE asset_id = ?) OR EXISTS(SELECT 1 FROM price_history WHERE asset_id = ?)
            """, arguments: [id, id]) ?? false
    }

    /// Updates an asset's attributes: `change` sets the new values. Name required and unique;
    /// type and currency locked once any transaction or price exists.
    public func updateAsset(id: Int64, _ change: (inout Asset) throws -> Void) throws -> Asset {
        let original = try requireAsset(id: id)
        var updated = original
        try change(&updated)
        updated.id = id
        updated.name = try AssetRules.validateName(updated.name)
        updated.currency = try AssetRules.validateCurrency(updated.currency)
        updated.platform = AssetRules.normalizedPlatform(updated.platform)
        try AssetRules.validateUpdate(original: original, updated: updated, hasHistory: try hasHistory(asset: id))
        if let other = try asset(named: updated.name), other.id != id { throw ValidationError("An asset named '\(updated.name)' already exists.") }
        if let pid = updated.portfolioID, try portfolio(id: pid) == nil { throw StoreError.notFound("No portfolio with id \(pid).") }
        if let cid = updated.categoryID, try category(id: cid) == nil { throw StoreError.notFound("No category with id \(cid).") }
        try db.execute(sql: """
            UPDATE asset SET name = ?, type = ?, currency = ?, notes = ?, portfolio_id = ?, category_id = ?, platform = ? WHERE id = ?
            """, arguments: [updated.name, updated.type.rawValue, updated.currency, updated.notes, updated.portfolioID,
                             updated.categoryID, updated.platform, id])
        invalidate(asset: id)
        noteChange("asset", .changed)
        return updated
    }

    /// Deletes an asset with its transactions, price records and saving plans (cascade).
    public func deleteAsset(id: Int64) throws {
        _ = try requireAsset(id: id)
        try db.execute(sql: "DELETE FROM asset WHERE id = ?", arguments: [id])
        invalidateAll()
        noteChange("asset", .deleted)
    }

    /// Deletes a portfolio that holds no assets (`PortfolioRules.validateDeletion`).
    public func deletePortfolio(id: Int64) throws {
        guard try portfolio(id: id) != nil else { throw StoreError.notFound("No portfolio with id \(id).") }
        try PortfolioRules.validateDeletion(assetCount: try assetCount(inPortfolio: id))
        try db.execute(sql: "DELETE FROM portfolio WHERE id = ?", arguments: [id])
        noteChange("portfolio", .deleted)
    }
}
