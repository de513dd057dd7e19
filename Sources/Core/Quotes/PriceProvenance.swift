import Foundation

/// Where a fetched price came from: the provider that returned it ("stooq") and when it was
/// fetched (UTC, "2024-06-01T18:30:00Z"). Typed and imported prices have none.
public struct PriceProvenance: Equatable, Sendable {
    public var source: String
    public var fetchedAt: String

    public init(source: String, fetchedAt: String) {
        self.source = source
        self.fetchedAt = fetchedAt
    }
}
