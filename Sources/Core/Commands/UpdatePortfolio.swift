import Foundation

/// Renames a portfolio or changes its description: the fields given replace the old ones.
/// The name follows the rules of a new one (`CreatePortfolio`): trimmed, required, unique
/// ignoring case (its own name is fine).
public struct UpdatePortfolio: Command {
    public var id: Int64
    public var name: String?
    public var description: String?

    public init(id: Int64, name: String? = nil, description: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
    }

    public func run(in store: CommandStore) throws -> Portfolio {
        var portfolio = try store.requirePortfolio(id: id)
        if let name {
            portfolio.name = try PortfolioRules.validateName(name)
            try PortfolioRules.validateUniqueName(existing: try store.portfolio(named: portfolio.name), id: id)
        }
        if let description { portfolio.description = description }
        try store.update(portfolio)
        return portfolio
    }
}
