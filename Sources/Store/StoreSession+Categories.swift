import Core
import GRDB

/// Categories: a unique name (ignoring case) and an optional target percent.
extension StoreSession {
    public func categories() throws -> [Category] {
        try Row.fetchAll(db, sql: "SELECT * FROM category ORDER BY name COLLATE NOCASE").map(Self.category)
    }

    public func category(id: Int64) throws -> Category? {
        try Row.fetchOne(db, sql: "SELECT * FROM category WHERE id = ?", arguments: [id]).map(Self.category)
    }

    /// Looks a category up by name, ignoring case.
    public func category(named name: String) throws -> Category? {
        try Row.fetchOne(db, sql: "SELECT * FROM category WHERE name = ? COLLATE NOCASE",
                         arguments: [name.trimmingCharacters(in: .whitespacesAndNewlines)]).map(Self.category)
    }

    /// The platform names in use, sorted ignoring case.
    public func platforms() throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT platform FROM asset WHERE platform <> '' ORDER BY platform COLLATE NOCASE")
    }

    static func category(_ row: Row) throws -> Category {
        let target: String? = try row.value("target_percent")
        return Category(id: try row.value("id"), name: try row.value("name"), targetPercent: try target.map { try ExactDecimal.parse($0) })
    }
}
