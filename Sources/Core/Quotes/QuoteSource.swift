import Foundation

/// Where an asset's prices are fetched from: a provider's name ("stooq") and the symbol the
/// provider knows the asset by ("AAPL.US").
public struct QuoteSource: Equatable, Sendable {
    public var provider: String
    public var symbol: String

    public init(provider: String, symbol: String) {
        self.provider = provider
        self.symbol = symbol
    }
}
