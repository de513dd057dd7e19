import Foundation

/// Turns the prices-from-trades rule (`MarketPrices`) on or off. Returns the new state.
public struct SetPricesFromTrades: Command {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func run(in store: CommandStore) throws -> Bool {
        try store.setSetting(MarketPrices.settingKey, enabled ? nil : "false")
        return enabled
    }
}
