/// Exact arithmetic. Every operation has a fast path on plain 128-bit (often 64-bit)
/// integers; only results that need rounding or may not fit take the 256-bit slow path.
extension ExactDecimal {
    // MARK: Checked operations (user-facing paths)

    /// self + other; throws a DecimalRangeError naming both values when it does not fit.
    public func adding(_ other: ExactDecimal) throws -> ExactDecimal {
        try checkInRange(); try other.checkInRange()
        if let sum = Self.fastSum(self, other.units, other.scale, other.isNegative)
            ?? Self.roundedSum(self, other.units, other.scale, other.isNegative) { return sum }
        return try Self.wideSum(self, other.units, Int(other.scale), other.isNegative) { .of($0, self, "+", other) }
    }

    /// self − other; throws a DecimalRangeError naming both values when it does not fit.
    public func subtracting(_ other: ExactDecimal) throws -> ExactDecimal {
        try checkInRange(); try other.checkInRange()
        let negated = !other.isNegative && other.units != 0
        if let sum = Self.fastSum(self, other.units, other.scale, negated) ?? Self.roundedSum(self, other.units, other.scale, negated) { return sum }
        return try Self.wideSum(self, other.units, Int(other.scale), negated) { .of($0, self, "-", other) }
    }

    /// self × other; throws a DecimalRangeError naming both values when it does not fit.
    public func multiplied(by other: ExactDecimal) throws -> ExactDecimal {
        try checkInRange(); try other.checkInRange()
        let scale = Int(scale) + Int(other.scale)
        let negative = isNegative != other.isNegative
        if units >> 64 == 0, other.units >> 64 == 0, scale <= Self.maxScale {
            return ExactDecimal(units: UInt128(UInt64(truncatingIfNeeded: units)) * UInt128(UInt64(truncatingIfNeeded: other.units)),
                                scale: scale, negative: negative)
        }
        let product = Wide.product(units, other.units)
        if product.high == 0, scale <= Self.maxScale { return ExactDecimal(units: product.low, scale: scale, negative: negative) }
        return try Self.fit(product, scale: scale, sticky: false, negative: negative) { .of($0, self, "*", other) }
    }

    /// self × other when the product is exact; throws (`.inexact`, `.overflow`) rather than
    /// round it. For values that are stored, such as a transaction's total.
    public func multipliedExactly(by other: ExactDecimal) throws -> ExactDecimal {
        let product = try multiplied(by: other)
        let exact = Wide.product(units, other.units)
        let scale = Int(self.scale) + Int(other.scale)
        if product.units == exact.low, exact.high == 0, Int(product.scale) == scale { return product }
        // Rounded only if the product's units, scaled back, differ from the exact ones.
        let back = scale - Int(product.scale)
        guard back >= 0, back <= ExactDecimal.maxScale, let scaled = Wide(product.units).multiplied(by: Pow10.of(back)), scaled == exact else {
            throw DecimalRangeError.of(.inexact, self, "*", other)
        }
        return product
    }

    /// self ÷ other, rounded half-even to 38 significant digits (39 when they fit), at most
    /// 38 decimal places.
    public func divided(by other: ExactDecimal) throws -> ExactDecimal {
        try checkInRange(); try other.checkInRange()
        guard !other.isZero else { throw DecimalRangeError.of(.divisionByZero, self, "/", other) }
        let negative = isNegative != other.isNegative
        // Exact small quotients (prices ÷ 2, totals ÷ 100 …) need no long division.
        let q = units / other.units, r = units % other.units
        let baseScale = Int(scale) - Int(other.scale)
        if r == 0, baseScale >= 0 { return ExactDecimal(units: q, scale: baseScale, negative: negative) }
        // Generate enough digits to round at 38 places or 39 digits, whichever comes first:
        // two digits past the 38th place, but never past 2^256.
        let qDigits = Self.digitCount(q)
        let extra = max(0, min(Self.maxScale + 2 - baseScale, 76 - qDigits))
        var quotient = Wide(q), remainder = r, left = extra
        while left > 0 {
            let step = min(left, 38)
            let (part, rest) = Wide.product(remainder, Pow10.of(step)).divided(by: other.units)
            quotient = quotient.multiplied(by: Pow10.of(step))!.adding(part)!
            remainder = rest
            left -= step
        }
        let result = try Self.fit(quotient, scale: baseScale + extra, sticky: remainder != 0, negative: negative) { .of($0, self, "/", other) }
        return remainder == 0 ? result.normalized : result  // 1 / 0.5 is 2, not 2.000…
    }

    /// self ^ exponent for a whole exponent ≥ 0, by repeated squaring, each step rounded like
    /// a product. Throws when the result (or a step toward it) does not fit.
    public func raised(to exponent: Int) throws -> ExactDecimal {
        precondition(exponent >= 0, "negative exponent")
        try checkInRange()
        var result = ExactDecimal.one, base = self, n = exponent
        do {
            while n > 0 {
                if n & 1 == 1 { result = try result.multiplied(by: base) }
                n >>= 1
                if n > 0 { base = try base.multiplied(by: base) }
            }
        } catch let error as DecimalRangeError {
            throw DecimalRangeError(error.kind, "\(plainText) ^ \(exponent)")
        }
        return result
    }

    // MARK: Fast and slow paths

    /// a + (±units × 10^-scale) when both align in 128 bits and the sum fits; nil otherwise.
    @inline(__always)
    static func fastSum(_ a: ExactDecimal, _ bUnits: UInt128, _ bScale: UInt8, _ bNegative: Bool) -> ExactDecimal? {
        if a.isOutOfRange || bScale == outOfRangeScale { return nil }
        var x = a.units, y = bUnits
        let scale: UInt8
        if a.scale == bScale {
            scale = a.scale
        } else if a.scale > bScale {
            scale = a.scale
            guard let aligned = align(y, by: Int(a.scale - bScale)) else { return nil }
            y = aligned
        } else {
            scale = bScale
            guard let aligned = align(x, by: Int(bScale - a.scale)) else { return nil }
            x = aligned
        }
        if a.isNegative == bNegative {
            let (sum, overflow) = x.addingReportingOverflow(y)
            return overflow ? nil : ExactDecimal(units: sum, scale: Int(scale), negative: a.isNegative)
        }
        return x >= y ? ExactDecimal(units: x - y, scale: Int(scale), negative: a.isNegative)
                      : ExactDecimal(units: y - x, scale: Int(scale), negative: bNegative)
    }

    /// units × 10^places when that fits in 128 bits.
    @inline(__always)
    static func align(_ units: UInt128, by places: Int) -> UInt128? {
        if units >> 64 == 0, places <= 19 {
            return UInt128(UInt64(truncatingIfNeeded: units)) * UInt128(UInt64(truncatingIfNeeded: Pow10.of(places)))
        }
        let (product, overflow) = units.multipliedReportingOverflow(by: Pow10.of(places))
        return overflow ? nil : product
    }

    /// a + (±units × 10^-scale) for operands in range whose aligned sum passes 128 bits by
    /// at most 19 digits: the usual slow sum, a cost basis with 30-odd places plus an amount
    /// with two (issue 27: about 220,000 of a first `af.performance{}`). The exact sum in 192
    /// bits, its extra digits dropped by one division (`PowerOfTenDivision`), rounded half-even: exactly what
    /// `wideSum` gives (a test compares them), without its general steps. Nil when another
    /// case arises (more digits to drop, a rounding up to 2^128, fewer places than digits to
    /// drop): `wideSum` then decides.
    ///
    /// Why it is the same: with scale ≤ 38, `fit` drops the fewest digits d that bring the
    /// sum below 2^128, which is the least d with sum ÷ 2^128 < 10^d: the digit count of the
    /// sum's high 128 bits. Then d ≤ 19 means those bits are below 2^64, so the sum has three
    /// 64-bit limbs and the top one is below the divisor 10^d.
    @inline(__always)
    static func roundedSum(_ a: ExactDecimal, _ bUnits: UInt128, _ bScale: UInt8, _ bNegative: Bool) -> ExactDecimal? {
        if a.isOutOfRange || bScale == outOfRangeScale { return nil }
        var x = Wide(a.units), y = Wide(bUnits)
        let scale: UInt8
        if a.scale >= bScale {
            scale = a.scale
            y = Wide.product(bUnits, Pow10.of(Int(a.scale - bScale)))
        } else {
            scale = bScale
            x = Wide.product(a.units, Pow10.of(Int(bScale - a.scale)))
        }
        let value: Wide, negative: Bool
        if a.isNegative == bNegative {
            guard let sum = x.adding(y) else { return nil }
            (value, negative) = (sum, a.isNegative)
        } else if x < y {
            (value, negative) = (y.subtracting(x), bNegative)
        } else {
            (value, negative) = (x.subtracting(y), a.isNegative)
        }
        if value.high == 0 { return ExactDecimal(units: value.low, scale: Int(scale), negative: negative) }
        let drop = digitCount(value.high)
        guard drop <= 19, drop <= Int(scale) else { return nil }
        // Limbs (top, middle, bottom): top = value.high < 10^drop.
        var (kept, rest) = PowerOfTenDivision.divide(top: UInt64(truncatingIfNeeded: value.high), middle: UInt64(truncatingIfNeeded: value.low >> 64),
                                                     bottom: UInt64(truncatingIfNeeded: value.low), byPowerOfTen: drop)
        // Half-even: above half a unit of the kept digits, or exactly half with an odd last digit.
        let half = UInt64(truncatingIfNeeded: Pow10.of(drop)) / 2
        if rest > half || (rest == half && kept & 1 == 1) {
            guard kept != .max else { return nil }
            kept += 1
        }
        return ExactDecimal(units: kept, scale: Int(scale) - drop, negative: negative)
    }

    static func wideSum(_ a: ExactDecimal, _ bUnits: UInt128, _ bScale: Int, _ bNegative: Bool,
                        _ failure: (DecimalRangeError.Kind) -> DecimalRangeError) throws -> ExactDecimal {
        let scale = max(Int(a.scale), bScale)
        let x = Wide.product(a.units, Pow10.of(scale - Int(a.scale)))
        let y = Wide.product(bUnits, Pow10.of(scale - bScale))
        if a.isNegative == bNegative {
            return try fit(x.adding(y)!, scale: scale, sticky: false, negative: a.isNegative, failure)
        }
        return x < y ? try fit(y.subtracting(x), scale: scale, sticky: false, negative: bNegative, failure)
                     : try fit(x.subtracting(y), scale: scale, sticky: false, negative: a.isNegative, failure)
    }

    /// The decimal nearest to value × 10^-scale (plus "more nonzero digits below" when
    /// `sticky`), rounded half-even to the most digits that fit. Overflow when even no
    /// decimal places leave it too large; underflow when a nonzero value rounds to 0.
    static func fit(_ value: Wide, scale: Int, sticky: Bool, negative: Bool,
                    _ failure: (DecimalRangeError.Kind) -> DecimalRangeError) throws -> ExactDecimal {
        var value = value, scale = scale
        if scale < 0 {
            guard -scale <= maxScale, let up = value.multiplied(by: Pow10.of(-scale)), up.high == 0 else {
                if value.isZero { return .zero }
                throw failure(.overflow)
            }
            value = up
            scale = 0
        }
        // The fewest dropped digits that leave at most 38 places and 128 bits. value ÷ 10^k
        // fits in 128 bits exactly when value.high < 10^k; beyond 38 dropped digits it always
        // fits (2^256 ÷ 10^39 < 2^128).
        var drop = max(0, scale - maxScale)
        if drop <= maxScale, value.high >= Pow10.of(drop) {
            drop = value.digitCount - 39  // the quotient's 39 digits may still exceed 2^128:
            if drop <= maxScale, value.high >= Pow10.of(drop) { drop += 1 }
        }
        if drop == 0 { return ExactDecimal(units: value.low, scale: scale, negative: negative) }
        // Up to 19 digits (almost always one or two: a sum or product just past 128 bits),
        // one division by 10^drop gives the kept digits and, in its remainder, the first
        // dropped digit and whether any other is nonzero.
        // The drop leaves value.high below 10^drop (that is how it was chosen), so the value has
        // three 64-bit limbs, the top one below the divisor: `PowerOfTenDivision` applies.
        if drop <= 19, scale - drop >= 0 {
            let (kept, dropped) = PowerOfTenDivision.divide(top: UInt64(truncatingIfNeeded: value.high), middle: UInt64(truncatingIfNeeded: value.low >> 64),
                                                            bottom: UInt64(truncatingIfNeeded: value.low), byPowerOfTen: drop)
            // The first dropped digit above 5, or 5 with more below it: up; exactly half: up
            // when something nonzero was dropped before (`sticky`) or the last kept digit is odd.
            let half = UInt64(truncatingIfNeeded: Pow10.of(drop)) / 2
            let up = dropped > half || (dropped == half && (sticky || kept & 1 == 1))
            if !up || kept != .max {
                let rounded = up ? kept + 1 : kept
                if rounded == 0, !(value.isZero && !sticky) { throw failure(.underflow) }
                return ExactDecimal(units: rounded, scale: scale - drop, negative: negative)
            }
            drop += 1  // rounded up to 2^128: one digit fewer, as below
        }
        while true {
            if drop == 0 { return ExactDecimal(units: value.low, scale: scale, negative: negative) }
            guard scale - drop >= 0 else { throw failure(.overflow) }
            var dropped = sticky
            let tenfold = value.droppingDigits(drop - 1, sticky: &dropped)
            let (truncated, digit) = tenfold.divided(by: 10)
            var rounded = truncated
            if digit > 5 || (digit == 5 && (dropped || truncated.low & 1 == 1)) {
                rounded = truncated.adding(Wide(1))!
            }
            if rounded.high != 0 { drop += 1; continue }  // rounded up to 2^128: one digit fewer
            if rounded.isZero, !(value.isZero && !sticky) { throw failure(.underflow) }
            return ExactDecimal(units: rounded.low, scale: scale - drop, negative: negative)
        }
    }

    // MARK: Operators: never trap; a result out of range is the out-of-range state

    // When the fast sum does not fit, the rest of `adding` (`subtracting`): its range checks
    // and the wide sum, without trying the fast sum a second time (issue 27: sums of amounts
    // with 30-odd places after partial sells take this way, about 300,000 of a first
    // `af.performance{}`).
    public static func + (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal {
        if let sum = fastSum(a, b.units, b.scale, b.isNegative) ?? roundedSum(a, b.units, b.scale, b.isNegative) { return sum }
        return orOutOfRange {
            try a.checkInRange(); try b.checkInRange()
            return try wideSum(a, b.units, Int(b.scale), b.isNegative) { .of($0, a, "+", b) }
        }
    }

    public static func - (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal {
        let negated = !b.isNegative && b.units != 0
        if let sum = fastSum(a, b.units, b.scale, negated) ?? roundedSum(a, b.units, b.scale, negated) { return sum }
        return orOutOfRange {
            try a.checkInRange(); try b.checkInRange()
            return try wideSum(a, b.units, Int(b.scale), negated) { .of($0, a, "-", b) }
        }
    }

    public static func * (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal { orOutOfRange { try a.multiplied(by: b) } }
    public static func / (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal { orOutOfRange { try a.divided(by: b) } }

    public static func += (a: inout ExactDecimal, b: ExactDecimal) { a = a + b }
    public static func -= (a: inout ExactDecimal, b: ExactDecimal) { a = a - b }
    public static func *= (a: inout ExactDecimal, b: ExactDecimal) { a = a * b }
    public static func /= (a: inout ExactDecimal, b: ExactDecimal) { a = a / b }

    public static prefix func - (a: ExactDecimal) -> ExactDecimal {
        if a.isOutOfRange { return a }
        return ExactDecimal(units: a.units, scale: Int(a.scale), negative: !a.isNegative)
    }

    public mutating func negate() { self = -self }

}

extension ExactDecimal: SignedNumeric {
    public init?<T: BinaryInteger>(exactly source: T) {
        if let value = Int64(exactly: source) { self.init(value) } else if let value = UInt64(exactly: source) { self.init(value) } else { return nil }
    }

    /// |self|.
    public var magnitude: ExactDecimal { isOutOfRange ? self : ExactDecimal(units: units, scale: Int(scale), negative: false) }
}

/// self ^ n, as `raised(to:)`; the out-of-range state when it does not fit.
public func pow(_ base: ExactDecimal, _ exponent: Int) -> ExactDecimal { ExactDecimal.orOutOfRange { try base.raised(to: exponent) } }
