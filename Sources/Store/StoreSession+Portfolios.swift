import Core
import GRDB

extension StoreSession {
    public func portfolios() throws -> [Portfolio] {
        try Row.fetchAll(db, sql: "SELECT * FROM portfolio ORDER BY name COLLATE NOCASE").map(Records.portfolio)
    }

    public func portfolio(id: Int64) throws -> Portfolio? {
        try Row.fetchOne(db, sql: "SELECT * FROM portfolio WHERE id = ?", arguments: [id]).map(Records.portfolio)
    }

    /// Looks a portfolio up by name, ignoring case.
    public func portfolio(named name: String) throws -> Portfolio? {
        try Row.fetchOne(db, sql: "SELECT * FROM portfolio WHERE name = ? COLLATE NOCASE",
                         arguments: [name.trimmingCharacters(in: .whitespacesAndNewlines)]).map(Records.portfolio)
    }

    /// Creates a portfolio: the `CreatePortfolio` command.
    public func createPortfolio(name: String, description: String = "") throws -> Portfolio {
        try execute(CreatePortfolio(name: name, description: description))
    }

    public func assetCount(inPortfolio id: Int64) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM asset WHERE portfolio_id = ?", arguments: [id]) ?? 0
    }
}
