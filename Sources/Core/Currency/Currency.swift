import Foundation

/// A currency AssetFlow knows: an ISO 4217 code, or a common crypto-currency code.
///
///     try Currency.lookup("eur")   // EUR, "Euro", 2 minor units
///     try Currency.lookup("XYZ")   // throws: Unsupported currency 'XYZ'.
public struct Currency: Equatable, Hashable, Sendable {
    /// Upper case: "USD", "BTC".
    public let code: String
    public let name: String
    /// Digits after the decimal point in everyday amounts (USD 2, JPY 0, BTC 8).
    public let minorUnits: Int
    /// True for crypto-currencies (not in ISO 4217).
    public let isCrypto: Bool

    public init(code: String, name: String, minorUnits: Int, isCrypto: Bool = false) {
        self.code = code
        self.name = name
        self.minorUnits = minorUnits
        self.isCrypto = isCrypto
    }

    /// Every known currency, ISO codes first, each group by code.
    public static let all: [Currency] = CurrencyList.iso4217 + CurrencyList.crypto

    private static let byCode: [String: Currency] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The message for a code that is not in the list.
    public static func unsupportedMessage(_ code: String) -> String { "Unsupported currency '\(code)'." }

    /// The currency with this code, ignoring case and surrounding spaces; an error naming
    /// the code otherwise.
    public static func lookup(_ code: String) throws -> Currency {
        let key = code.trimmingCharacters(in: .whitespaces).uppercased()
        guard let currency = byCode[key] else { throw RuleViolation(unsupportedMessage(code.trimmingCharacters(in: .whitespaces)), rule: .unknownValue) }
        return currency
    }

    /// The canonical (upper-case) code of a known currency: "eur" → "EUR".
    public static func normalize(_ code: String) throws -> String { try lookup(code).code }

    /// True when the code (any case) is known.
    public static func isKnown(_ code: String) -> Bool { byCode[code.trimmingCharacters(in: .whitespaces).uppercased()] != nil }

    /// Rounds an amount of this currency for display (JPY 0 places, USD 2, BTC 8).
    public func displayText(_ amount: ExactDecimal) -> String { amount.fixedText(places: minorUnits) }
}
