/// The one exact number type of AssetFlow: every amount, price, quantity and rate.
///
/// A fixed-point decimal: a 128-bit unsigned significand (`units`), a sign and a scale of
/// 0 to 38 decimal places, so the value is ±units × 10^-scale. Nothing allocates: an
/// operation is a few machine instructions (Foundation's `Decimal`, used before, allocated
/// inside every operation).
///
/// Semantics (see Documentation/Architecture.md "Exact money"):
/// - Values have at most 39 digits (units ≤ 2^128 − 1) and at most 38 after the point.
/// - `+`, `−` and `×` are exact whenever the exact result has that shape: always for
///   amounts, prices and quantities as entered. A longer result (only possible once an
///   operand is itself a rounded quotient or has ~20 significant digits) is rounded
///   half-even to the most digits that fit, at least 38 significant digits.
/// - `÷` and `^` round half-even the same way: 38 significant digits (39 when they fit),
///   never more than 38 decimal places.
/// - A result beyond ±(2^128 − 1) is an overflow and a nonzero result that would round to
///   0 is an underflow: both are a `DecimalRangeError` naming the operation and its
///   values, never a wrap, NaN or a silent 0.
///
/// The throwing methods (`adding`, `subtracting`, `multiplied(by:)`, `divided(by:)`,
/// `raised(to:)`, `rounding(places:)`) are for values a user controls (Lua arithmetic, the
/// store's write checks). The operators never trap: a result out of range is the
/// out-of-range state (ExactDecimal+OutOfRange.swift), which every boundary turns into the
/// error naming the operation.
public struct ExactDecimal: Sendable {
    // The units are stored as two 64-bit halves, not as a UInt128: the Swift 6.3 runtime
    // on Linux crashes when it handles a UInt128 through its type metadata (reflection,
    // unspecialized generics in debug builds), which a stored UInt128 would expose.
    private var unitsLow: UInt64
    private var unitsHigh: UInt64

    /// |value| × 10^scale.
    public private(set) var units: UInt128 {
        @inline(__always) get { UInt128(unitsHigh) << 64 | UInt128(unitsLow) }
        @inline(__always) set { unitsLow = UInt64(truncatingIfNeeded: newValue); unitsHigh = UInt64(truncatingIfNeeded: newValue >> 64) }
    }
    /// Decimal places, 0...38.
    public internal(set) var scale: UInt8
    /// True for values below zero (zero is never negative).
    public private(set) var isNegative: Bool

    /// The most decimal places a value keeps.
    public static let maxScale = 38
    /// The largest magnitude of the units, 2^128 − 1 (39 digits).
    public static let maxUnits = UInt128.max

    @inline(__always)
    init(units: UInt128, scale: Int, negative: Bool) {
        self.unitsLow = UInt64(truncatingIfNeeded: units)
        self.unitsHigh = UInt64(truncatingIfNeeded: units >> 64)
        self.scale = UInt8(truncatingIfNeeded: scale)
        self.isNegative = negative && units != 0
    }

    public init() { self.init(units: 0, scale: 0, negative: false) }

    public init(_ value: Int) { self.init(units: UInt128(value.magnitude), scale: 0, negative: value < 0) }
    public init(_ value: Int64) { self.init(units: UInt128(value.magnitude), scale: 0, negative: value < 0) }
    public init(_ value: Int32) { self.init(Int(value)) }
    public init(_ value: UInt64) { self.init(units: UInt128(value), scale: 0, negative: false) }
    public init(_ value: UInt) { self.init(units: UInt128(value), scale: 0, negative: false) }

    /// sign × units × 10^-scale, exactly; nil when scale is outside 0...38.
    public init?(units: UInt128, scale: Int, isNegative: Bool) {
        guard scale >= 0, scale <= Self.maxScale else { return nil }
        self.init(units: units, scale: scale, negative: isNegative)
    }

    public static let zero = ExactDecimal()
    public static let one = ExactDecimal(1)
    /// The largest value, 340282366920938463463374607431768211455.
    public static let greatestFiniteMagnitude = ExactDecimal(units: .max, scale: 0, negative: false)

    public var isZero: Bool { units == 0 }
    public var sign: FloatingPointSign { isNegative ? .minus : .plus }

    /// The same value with trailing fractional zeros removed (1.50 → 1.5).
    public var normalized: ExactDecimal {
        if isOutOfRange { return self }
        var units = units, scale = Int(scale)
        while scale > 0, units % 10 == 0 { units /= 10; scale -= 1 }
        return ExactDecimal(units: units, scale: scale, negative: isNegative)
    }

    /// Significant digits of the units (0 has none).
    public var digitCount: Int { Self.digitCount(units) }

    /// Decimal digits of `units` (0 for zero). The bit length gives the count within one
    /// (⌊bits × 1233 / 4096⌋ is ⌊bits × log10 2⌋ for every length up to 256, checked by a
    /// test), and one comparison with a power of ten settles it.
    @inline(__always)
    static func digitCount(_ units: UInt128) -> Int {
        let bits = 128 - units.leadingZeroBitCount
        let estimate = (bits &* 1233) >> 12
        return units >= Pow10.of(estimate) ? estimate + 1 : estimate
    }
}

/// Powers of ten that fit in 128 bits (10^0 ... 10^38).
enum Pow10 {
    /// The low and high 64 bits of 10^0 ... 10^38 (arrays of UInt64: see the note on
    /// ExactDecimal's storage). Written as literals, the compiler lays them out in the binary:
    /// computed, they were initialized lazily and every read went through the runtime's
    /// once-check, a call on the hottest paths.
    static let lows: [UInt64] = [
        1, 10, 100, 1000,
        10000, 100000, 1000000, 10000000,
        100000000, 1000000000, 10000000000, 100000000000,
        1000000000000, 10000000000000, 100000000000000, 1000000000000000,
        10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
        7766279631452241920, 3875820019684212736, 1864712049423024128, 200376420520689664,
        2003764205206896640, 1590897978359414784, 15908979783594147840, 11515845246265065472,
        4477988020393345024, 7886392056514347008, 5076944270305263616, 13875954555633532928,
        9632337040368467968, 4089650035136921600, 4003012203950112768, 3136633892082024448,
        12919594847110692864, 68739955140067328, 687399551400673280,
    ]
    static let highs: [UInt64] = [
        0, 0, 0, 0,
        0, 0, 0, 0,
        0, 0, 0, 0,
        0, 0, 0, 0,
        0, 0, 0, 0,
        5, 54, 542, 5421,
        54210, 542101, 5421010, 54210108,
        542101086, 5421010862, 54210108624, 542101086242,
        5421010862427, 54210108624275, 542101086242752, 5421010862427522,
        54210108624275221, 542101086242752217, 5421010862427522170,
    ]

    @inline(__always) static func of(_ n: Int) -> UInt128 { UInt128(highs[n]) << 64 | UInt128(lows[n]) }
}

extension ExactDecimal: Equatable, Hashable, Comparable {
    public static func == (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.scale == b.scale { return a.units == b.units && a.isNegative == b.isNegative }
        if a.isOutOfRange || b.isOutOfRange { return false }
        return a.isNegative == b.isNegative && compareMagnitudes(a, b) == 0
    }

    /// Out-of-range values compare false with everything (like NaN, but never a number).
    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.isOutOfRange || b.isOutOfRange { return false }
        if a.isNegative != b.isNegative { return a.isNegative }
        let order = a.scale == b.scale ? (a.units < b.units ? -1 : a.units == b.units ? 0 : 1) : compareMagnitudes(a, b)
        return a.isNegative ? order > 0 : order < 0
    }

    public static func <= (a: ExactDecimal, b: ExactDecimal) -> Bool { !a.isOutOfRange && !b.isOutOfRange && !(b < a) }
    public static func > (a: ExactDecimal, b: ExactDecimal) -> Bool { b < a }
    public static func >= (a: ExactDecimal, b: ExactDecimal) -> Bool { b <= a }

    /// -1, 0 or 1 as |a| is below, equal to or above |b|.
    static func compareMagnitudes(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        // Fewer units at no fewer places is the smaller magnitude, without widening.
        if a.scale >= b.scale, a.units < b.units { return -1 }
        if b.scale >= a.scale, b.units < a.units { return 1 }
        let scale = max(Int(a.scale), Int(b.scale))
        let x = Wide.product(a.units, Pow10.of(scale - Int(a.scale)))
        let y = Wide.product(b.units, Pow10.of(scale - Int(b.scale)))
        return x < y ? -1 : x == y ? 0 : 1
    }

    public func hash(into hasher: inout Hasher) {
        let n = normalized
        hasher.combine(n.units)
        hasher.combine(n.scale)
        hasher.combine(n.isNegative)
    }
}

extension ExactDecimal: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension ExactDecimal: CustomStringConvertible, LosslessStringConvertible {
    /// The exact value as plain text (`plainText`).
    public var description: String { plainText }

    /// Strict parsing, as `parse`; nil for anything else.
    public init?(_ description: String) {
        guard let value = ExactDecimal.parseOrNil(description) else { return nil }
        self = value
    }

    /// Strict parsing, as `parse`; nil for anything else (for constants in code).
    public init?(string: String) { self.init(string) }
}
