import Foundation

/// Sets the default portfolio: the portfolio a profiled import (`assetflow import FILE`)
/// puts the assets it creates in when `--portfolio` is not given; created by the import
/// when missing. Trimmed; empty text clears it. Returns the name set ("" when cleared).
public struct SetDefaultPortfolio: Command {
    /// The setting's key in the store.
    public static let settingKey = "default_portfolio"

    public var name: String

    public init(name: String) { self.name = name }

    public func run(in store: CommandStore) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        try store.setSetting(Self.settingKey, trimmed.isEmpty ? nil : trimmed)
        return trimmed
    }
}
