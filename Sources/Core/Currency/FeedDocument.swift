import Foundation

/// One day's response of the rate feed, as `RateFeed` reads it: the stated date and the
/// base currency's table of rates. A rate is kept as the digits JSONDecoder read (it decodes
/// `Decimal` from the number's text, never through a binary float); a value that is not a
/// number is kept as missing, which the reader refuses.
struct FeedDocument: Decodable {
    var date: String?
    var table: [String: FeedNumber]

    /// The base currency's code (lower case) is the key of the table.
    static let baseKey = CodingUserInfoKey(rawValue: "assetflow.rateFeed.base")!

    static func read(_ data: Data, base: String) throws -> FeedDocument {
        let decoder = JSONDecoder()
        decoder.userInfo[baseKey] = base.lowercased()
        return try decoder.decode(FeedDocument.self, from: data)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let base = decoder.userInfo[Self.baseKey] as? String else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no base currency"))
        }
        date = try? container.decodeIfPresent(String.self, forKey: Key(stringValue: "date"))
        table = try container.decode([String: FeedNumber].self, forKey: Key(stringValue: base))
    }
}

/// A rate in the feed: its exact digits, nil when the value is not a number.
struct FeedNumber: Decodable {
    var digits: String?

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        digits = (try? container.decode(Decimal.self)).map { $0.description }
    }
}
