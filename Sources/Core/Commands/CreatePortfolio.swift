import Foundation

/// A new portfolio: the name trimmed, required, unique ignoring case
/// ("A portfolio with this name already exists.").
public struct CreatePortfolio: Command {
    public var name: String
    public var description: String

    public init(name: String, description: String = "") {
        self.name = name
        self.description = description
    }

    public func run(in store: CommandStore) throws -> Portfolio {
        let name = try PortfolioRules.validateName(name)
        try PortfolioRules.validateUniqueName(existing: try store.portfolio(named: name))
        return try store.insert(Portfolio(name: name, description: description))
    }
}
