/// Rules for creating and editing assets (BusinessLogic.md "Asset Creation Logic").
public enum AssetRules {
    public static func validateName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw ValidationError("Asset name cannot be empty.") }
        return trimmed
    }

    /// A known currency (ISO 4217 or a common crypto code), upper-cased ("usd" → "USD");
    /// anything else is "Unsupported currency 'X'.".
    public static func validateCurrency(_ code: String) throws -> String {
        try Currency.normalize(code)
    }

    public static let typeLockedMessage = "The asset type cannot be changed once the asset has transactions or price records."
    public static let currencyLockedMessage = "The currency cannot be changed once the asset has transactions or price records."

    /// Type and currency are fixed once any transaction or price record exists.
    public static func validateUpdate(original: Asset, updated: Asset, hasHistory: Bool) throws {
        guard hasHistory else { return }
        if original.type != updated.type { throw ValidationError(typeLockedMessage) }
        if original.currency != updated.currency { throw ValidationError(currencyLockedMessage) }
    }

    /// A platform name: trimmed, inner runs of whitespace collapsed to one space; "" means none.
    public static func normalizedPlatform(_ name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The initial position of a new asset: a buy at the cost basis and a price record at the
    /// current price (or the cost basis). Cash assets use 1 for both.
    public static func validateInitialPosition(asset: Asset, quantity: ExactDecimal, costBasis: ExactDecimal?, currentPrice: ExactDecimal?) throws {
        let noun = asset.isCash ? "Amount" : "Quantity"
        if quantity <= 0 { throw ValidationError("\(noun) must be greater than zero.") }
        if asset.isCash { return }
        guard let costBasis else { throw ValidationError("Cost basis is required.") }
        if costBasis < 0 { throw ValidationError("Cost basis must be zero or greater.") }
        if let currentPrice, currentPrice < 0 { throw ValidationError("Current price must be zero or greater.") }
    }
}

import Foundation
