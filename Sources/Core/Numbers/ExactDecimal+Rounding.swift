extension ExactDecimal {
    /// How `rounded(places:mode:)` treats the dropped digits (the cases Foundation named).
    public enum RoundingMode: Sendable {
        /// Half away from zero: 2.675 → 2.68, −2.675 → −2.68 (cents).
        case plain
        /// Toward zero: 2.679 → 2.67, −2.679 → −2.67.
        case down
        /// Away from zero: 2.671 → 2.68.
        case up
        /// Half to even: 2.665 → 2.66, 2.675 → 2.68.
        case bankers
    }

    /// Rounded to `places` decimals (negative: to tens, hundreds …), half away from zero by
    /// default (cents: `rounded(places: 2)`). The out-of-range state when rounding up passes
    /// the largest decimal (`rounding(places:mode:)` throws instead).
    public func rounded(places: Int, mode: RoundingMode = .plain) -> ExactDecimal {
        ExactDecimal.orOutOfRange { try rounding(places: places, mode: mode) }
    }

    /// As `rounded`, throwing a DecimalRangeError when the result passes the largest decimal.
    /// Any `places` is fine: past the value's own places nothing changes, and below −39
    /// every value rounds to 0 (or overflows away from it), in constant time.
    public func rounding(places: Int, mode: RoundingMode = .plain) throws -> ExactDecimal {
        try checkInRange()
        let drop = Int(scale) - max(places, -40)
        if drop <= 0 { return self }
        // A zero keeps no more places than asked for: 0 with 35 places (what a conversion
        // can leave) shown to 2 places is 0.00, not 0.000…0 (issue 22's "0.0000").
        if units == 0 { return ExactDecimal(units: 0, scale: max(0, Int(scale) - drop), negative: false) }
        let targetScale = Int(scale) - drop  // may be negative: whole tens, hundreds …
        var truncated: UInt128 = 0, remainder: UInt128 = units, half: Bool? = nil
        // half: nil below half, false exactly half, true above half of the last kept unit
        if drop <= 38 {
            let unit = Pow10.of(drop)
            truncated = units / unit; remainder = units % unit
            let twice = Wide(remainder).adding(Wide(remainder))!
            let compared = Wide(unit)
            half = twice < compared ? nil : (twice == compared ? false : true)
        } else if drop == 39 {
            let twice = Wide(units).adding(Wide(units))!
            let unit = Wide.product(Pow10.of(38), 10)
            half = twice < unit ? nil : (twice == unit ? false : true)
        }
        var roundUp: Bool
        switch mode {
        case .down: roundUp = false
        case .up: roundUp = remainder != 0
        case .plain: roundUp = half != nil
        case .bankers: roundUp = half == true || (half == false && truncated & 1 == 1)
        }
        var result = truncated
        if roundUp {
            guard truncated < .max else { throw DecimalRangeError(.overflow, "\(plainText) rounded to \(places) places") }
            result += 1
        }
        if targetScale >= 0 { return ExactDecimal(units: result, scale: targetScale, negative: isNegative) }
        guard result == 0 || (-targetScale <= 38 && ExactDecimal.align(result, by: -targetScale) != nil) else {
            throw DecimalRangeError(.overflow, "\(plainText) rounded to \(places) places")
        }
        return ExactDecimal(units: result == 0 ? 0 : ExactDecimal.align(result, by: -targetScale)!, scale: 0, negative: isNegative)
    }

    /// True when the value has no fractional part.
    public var isWholeNumber: Bool { !isOutOfRange && (scale == 0 || units % Pow10.of(Int(scale)) == 0) }

    /// The value as an Int64 when it is a whole number in range.
    public var exactInt64: Int64? {
        guard isWholeNumber else { return nil }
        let whole = units / Pow10.of(Int(scale))
        if isNegative {
            guard whole <= UInt128(Int64.max) + 1 else { return nil }
            return Int64(truncatingIfNeeded: 0 &- whole)
        }
        guard whole <= UInt128(Int64.max) else { return nil }
        return Int64(whole)
    }

    /// The whole part toward zero, as an Int clamped to Int's range (for counts and days).
    public var truncatedInt: Int {
        if isOutOfRange { return 0 }
        let whole = units / Pow10.of(Int(scale))
        if whole > UInt128(Int.max) { return isNegative ? .min : .max }
        return isNegative ? -Int(whole) : Int(whole)
    }
}
