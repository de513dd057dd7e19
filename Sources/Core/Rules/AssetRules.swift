/// Rules for creating and editing assets (BusinessLogic.md "Asset Creation Logic").
public enum AssetRules {
    public static func validateName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw RuleViolation("Asset name cannot be empty.", rule: .required) }
        return trimmed
    }

    /// Names are unique ignoring case: `existing` is the asset the store found under `name`
    /// (nil for none), `id` the asset being renamed (nil for a new one).
    public static func validateUniqueName(_ name: String, existing: Asset?, id: Int64? = nil) throws {
        if let existing, existing.id != id { throw RuleViolation("An asset named '\(name)' already exists.", rule: .duplicate, asset: name) }
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
        if original.type != updated.type { throw RuleViolation(typeLockedMessage, rule: .locked, asset: original.name) }
        if original.currency != updated.currency { throw RuleViolation(currencyLockedMessage, rule: .locked, asset: original.name) }
    }

    /// A platform name: trimmed, inner runs of whitespace collapsed to one space; "" means none.
    public static func normalizedPlatform(_ name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The initial position of a new asset: a buy at the cost basis and a price record at the
    /// current price (or the cost basis). Cash assets use 1 for both.
    public static func validateInitialPosition(asset: Asset, quantity: ExactDecimal, costBasis: ExactDecimal?, currentPrice: ExactDecimal?) throws {
        let noun = asset.isCash ? "Amount" : "Quantity"
        if quantity <= 0 { throw RuleViolation(TransactionRules.notAboveZeroMessage(noun), rule: .outOfRange) }
        if asset.isCash { return }
        guard let costBasis else { throw RuleViolation("Cost basis is required.", rule: .required) }
        if costBasis < 0 { throw RuleViolation("Cost basis must be zero or greater.", rule: .outOfRange) }
        if let currentPrice, currentPrice < 0 { throw RuleViolation("Current price must be zero or greater.", rule: .outOfRange) }
    }
}

import Foundation
