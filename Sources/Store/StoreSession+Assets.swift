import Core
import GRDB

extension StoreSession {
    public func assets() throws -> [Asset] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM asset ORDER BY name COLLATE NOCASE")).map(Records.asset)
    }

    public func assets(inPortfolio id: Int64) throws -> [Asset] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM asset WHERE portfolio_id = ? ORDER BY name COLLATE NOCASE"), arguments: [id]).map(Records.asset)
    }

    public func asset(id: Int64) throws -> Asset? {
        // By position, not by name: this lookup runs several times for every write.
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Records.assetColumns) FROM asset WHERE id = ?"), arguments: [id]).map(Records.assetByPosition)
    }

    /// Looks an asset up by name, ignoring case.
    public func asset(named name: String) throws -> Asset? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM asset WHERE name = ? COLLATE NOCASE"),
                         arguments: [name.trimmingCharacters(in: .whitespacesAndNewlines)]).map(Records.asset)
    }

    /// An asset that must exist; the error names it.
    public func requireAsset(id: Int64) throws -> Asset {
        guard let asset = try asset(id: id) else { throw StoreError.deleted(table: "asset", id: id) }
        return asset
    }

    /// The request for a new asset with its initial position: the `CreateAsset` command.
    public typealias NewAsset = CreateAsset

    /// Creates an asset, and its initial buy and price record when a quantity is given.
    public func createAsset(_ request: CreateAsset) throws -> Asset { try execute(request) }
}
