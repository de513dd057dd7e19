/// The range of values the store accepts for quantities, prices and fees, so that every
/// product and sum computed from them later (values, totals, cost bases, portfolio sums)
/// stays far inside the decimal range: no calculator can overflow on them. A transaction's
/// total must be exact (39 digits at most): what is written reads back unchanged.
///
/// - quantities and prices: below 10^18 in magnitude, at most 18 decimal places (a wei),
///   so a value (quantity × price) stays below 10^36;
/// - totals and fees: below 10^32.
public enum AmountRange {
    public static let maxPlaces = 18
    public static let unitLimit = ExactDecimal(units: 1_000_000_000_000_000_000, scale: 0, isNegative: false)!
    public static let totalLimit = ExactDecimal(units: 100_000_000_000_000_000_000_000_000_000_000, scale: 0, isNegative: false)!

    /// Throws a RuleViolation naming the field and the value when it is out of range.
    public static func check(_ value: ExactDecimal, _ field: String, limit: ExactDecimal = unitLimit) throws {
        if let error = value.rangeError { throw RuleViolation("\(field) is out of range: \(error).", rule: .outOfRange) }
        if value.magnitude >= limit {
            throw RuleViolation("\(field) \(value.plainText) is out of range: it must be below \(limit.plainText).", rule: .outOfRange)
        }
        if value.scale > maxPlaces, value.normalized.scale > maxPlaces {
            throw RuleViolation("\(field) \(value.plainText) has more than \(maxPlaces) decimal places.", rule: .outOfRange)
        }
    }

    /// The quantity of an asset held after a write: below 10^18 like a single quantity, so that
    /// its value at any accepted price (below 10^18) stays below 10^36 and every total of
    /// values stays in range. Many buys of a huge quantity would otherwise pass one by one
    /// and leave a position whose value no total can hold.
    public static func checkHeld(_ quantity: ExactDecimal, asset: String) throws {
        guard quantity.isOutOfRange || quantity.magnitude >= unitLimit else { return }
        throw RuleViolation("The quantity held of \(asset) would be out of range after this transaction: "
            + "it must stay below \(unitLimit.plainText).", rule: .outOfRange, asset: asset)
    }

    /// quantity × price, exactly, or a RuleViolation naming both when the product is out of
    /// range or would need rounding.
    public static func total(quantity: ExactDecimal, price: ExactDecimal) throws -> ExactDecimal {
        do {
            let total = try quantity.multipliedExactly(by: price)
            try check(total, "The total", limit: totalLimit)
            return total
        } catch let error as DecimalRangeError {
            throw RuleViolation("The total \(quantity.plainText) × \(price.plainText) is out of range (\(error)).", rule: .outOfRange)
        }
    }
}
