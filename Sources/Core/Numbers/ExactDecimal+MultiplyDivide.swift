/// a × b ÷ c with a full-width intermediate: the share of a total that some units take
/// (cost basis × units sold ÷ units held, a lot's cost × units ÷ lot quantity).
///
/// `a * b / c` overflows as soon as the product does, although the quotient is often smaller
/// than `a` (a sell of 5 × 10^17 of 10^18 units whose cost basis is 10^21: the product is
/// 5 × 10^38, the share 5 × 10^20). The fused form keeps the product in 256 bits and divides
/// once:
///
/// - whenever `a * b` fits (exactly or rounded as `×` rounds it), the result is exactly
///   `a * b / c`, digit for digit (the same value, the same places): the figures of every
///   report are unchanged;
/// - only when the product alone is beyond the range, the exact quotient of the 256-bit
///   product is rounded once, half-even, as `÷` rounds (38 significant digits, 39 when they
///   fit, at most 38 places);
/// - it overflows only when the result itself is beyond ±(2^128 − 1); a product that
///   underflows (nonzero, below 10^-38) stays an underflow, as today; division by zero is as
///   for `÷`. Errors name the whole operation, "a * b / c".
extension ExactDecimal {
    /// self × factor ÷ divisor (see above); throws a DecimalRangeError naming all three
    /// values when the result does not fit.
    public func multiplied(by factor: ExactDecimal, dividedBy divisor: ExactDecimal) throws -> ExactDecimal {
        try checkInRange(); try factor.checkInRange(); try divisor.checkInRange()
        let failure = { (kind: DecimalRangeError.Kind) in
            DecimalRangeError(kind, "\(self.plainText) * \(factor.plainText) / \(divisor.plainText)")
        }
        guard !divisor.isZero else { throw failure(.divisionByZero) }
        let productScale = Int(scale) + Int(factor.scale)
        let productNegative = isNegative != factor.isNegative
        let product = Wide.product(units, factor.units)
        // The product as `×` makes it, when it fits: then exactly today's `a * b / c`.
        if product.high == 0, productScale <= Self.maxScale {
            return try Self.keepingOperation(failure) {
                try ExactDecimal(units: product.low, scale: productScale, negative: productNegative).divided(by: divisor)
            }
        }
        var rounded: ExactDecimal?
        do {
            rounded = try Self.fit(product, scale: productScale, sticky: false, negative: productNegative, failure)
        } catch let error as DecimalRangeError where error.kind == .overflow {
            rounded = nil  // beyond the range even at 0 places: one division of the wide product
        }
        if let rounded { return try Self.keepingOperation(failure) { try rounded.divided(by: divisor) } }
        return try Self.wideQuotient(product, scale: productScale, by: divisor, negative: productNegative != divisor.isNegative, failure)
    }

    /// self × factor ÷ divisor as `multiplied(by:dividedBy:)`, never trapping: the
    /// out-of-range state when it does not fit (like the operators).
    public func times(_ factor: ExactDecimal, dividedBy divisor: ExactDecimal) -> ExactDecimal {
        if isOutOfRange { return self }
        if factor.isOutOfRange { return factor }
        if divisor.isOutOfRange { return divisor }
        return Self.orOutOfRange { try multiplied(by: factor, dividedBy: divisor) }
    }

    /// Runs `operation`, its range error renamed to the fused operation's.
    private static func keepingOperation(_ failure: (DecimalRangeError.Kind) -> DecimalRangeError,
                                         _ operation: () throws -> ExactDecimal) throws -> ExactDecimal {
        do { return try operation() } catch let error as DecimalRangeError { throw failure(error.kind) }
    }

    /// dividend × 10^-scale ÷ divisor, rounded once as `divided(by:)` rounds: the same
    /// digit generation, from a 256-bit dividend.
    private static func wideQuotient(_ dividend: Wide, scale: Int, by divisor: ExactDecimal, negative: Bool,
                                     _ failure: (DecimalRangeError.Kind) -> DecimalRangeError) throws -> ExactDecimal {
        let baseScale = scale - Int(divisor.scale)
        var (quotient, remainder) = dividend.divided(by: divisor.units)
        if remainder == 0, baseScale >= 0, baseScale <= maxScale, quotient.high == 0 {
            return ExactDecimal(units: quotient.low, scale: baseScale, negative: negative)
        }
        // Two digits past the 38th place, or 76 digits in all (below 2^256), whichever first.
        let extra = max(0, min(maxScale + 2 - baseScale, 76 - quotient.digitCount))
        var left = extra
        while left > 0 {
            let step = min(left, 38)
            let (part, rest) = Wide.product(remainder, Pow10.of(step)).divided(by: divisor.units)
            quotient = quotient.multiplied(by: Pow10.of(step))!.adding(part)!
            remainder = rest
            left -= step
        }
        let result = try fit(quotient, scale: baseScale + extra, sticky: remainder != 0, negative: negative, failure)
        return remainder == 0 ? result.normalized : result
    }
}
