import BigInt
import Foundation
import Testing
@testable import Core

/// ExactDecimal against two references on seeded random operations, extremes included:
/// plain 128-bit integers for money-shaped values (a million cheap operations), a big-integer
/// model of the documented rounding for the whole range, and Foundation's Decimal.
@Suite("ExactDecimal properties")
struct ExactDecimalPropertyTests {
    // MARK: A million money-shaped operations, checked with plain integers

    @Test("1,000,000 additions, subtractions, products and comparisons of money-shaped values are exact")
    func moneyShapedOperationsAreExact() {
        var rng = SplitMix(seed: 14)
        var checked = 0
        for _ in 0..<250_000 {
            let (a, ua, sa) = rng.money(), (b, ub, sb) = rng.money()
            let scale = max(sa, sb)
            let x = ua * Int128(Pow10.of(scale - sa)), y = ub * Int128(Pow10.of(scale - sb))
            let sum = a + b, difference = a - b, product = a * b
            let less = a < b
            guard sum == ExactDecimal(signed: x + y, scale: scale),
                  difference == ExactDecimal(signed: x - y, scale: scale),
                  product == ExactDecimal(signed: ua * ub, scale: sa + sb),
                  less == (x < y) else {
                Issue.record("\(a) and \(b): sum \(sum), difference \(difference), product \(product), less \(less)")
                return
            }
            checked += 4
        }
        #expect(checked == 1_000_000)
    }

    // MARK: The whole range against a big-integer model of the documented rounding

    @Test("+, −, ×, ÷ over the whole range, extremes included, match an exact big-integer model")
    func wholeRangeMatchesBigIntegerModel() throws {
        var rng = SplitMix(seed: 15)
        for i in 0..<15_000 {
            let a = rng.anyDecimal(), b = rng.anyDecimal()
            let op = i % 4
            let expected: Model.Outcome
            let actual: Result<ExactDecimal, DecimalRangeError>
            switch op {
            case 0:
                expected = Model.sum(a, b, subtract: false)
                actual = Result { try a.adding(b) }.mapRangeError()
            case 1:
                expected = Model.sum(a, b, subtract: true)
                actual = Result { try a.subtracting(b) }.mapRangeError()
            case 2:
                expected = Model.product(a, b)
                actual = Result { try a.multiplied(by: b) }.mapRangeError()
            default:
                if b.isZero { continue }
                expected = Model.quotient(a, b)
                actual = Result { try a.divided(by: b) }.mapRangeError()
            }
            let symbol = ["+", "-", "*", "/"][op]
            switch (expected, actual) {
            case (.value(let value), .success(let result)):
                #expect(Model.exact(result) == value, "\(a) \(symbol) \(b) gave \(result)")
                if Model.exact(result) != value { return }
            case (.overflow, .failure(let error)):
                #expect(error.kind == .overflow && error.operation == "\(a.plainText) \(symbol) \(b.plainText)")
            case (.underflow, .failure(let error)):
                #expect(error.kind == .underflow, "\(a) \(symbol) \(b)")
            default:
                Issue.record("\(a) \(symbol) \(b): expected \(expected), got \(actual)")
                return
            }
        }
    }

    @Test("comparison and text round trip over the whole range")
    func comparisonAndText() throws {
        var rng = SplitMix(seed: 16)
        for _ in 0..<20_000 {
            let a = rng.anyDecimal(), b = rng.anyDecimal()
            let x = Model.exact(a), y = Model.exact(b)
            #expect((a < b) == (x < y) && (a == b) == (x == y), "\(a) vs \(b)")
            #expect(try ExactDecimal.parse(a.plainText) == a)
            #expect(a == b ? a.hashValue == b.hashValue : true)
        }
    }

    @Test("rounding to any number of places matches the model, in constant time for absurd places")
    func roundingMatchesModel() throws {
        var rng = SplitMix(seed: 17)
        let modes: [ExactDecimal.RoundingMode] = [.plain, .down, .up, .bankers]
        for i in 0..<20_000 {
            let a = rng.anyDecimal()
            let places = Int(rng.next() % 50) - 6
            let mode = modes[i % 4]
            let expected = Model.rounded(a, places: places, mode: mode)
            switch (expected, Result { try a.rounding(places: places, mode: mode) }.mapRangeError()) {
            case (.value(let value), .success(let result)):
                #expect(Model.exact(result) == value, "\(a) rounded \(mode) to \(places)")
            case (.overflow, .failure(let error)):
                #expect(error.kind == .overflow)
            default:
                Issue.record("\(a) rounded \(mode) to \(places): expected \(expected)")
            }
        }
        #expect(ExactDecimal(10).rounded(places: .max) == 10)
        #expect(ExactDecimal(-5).rounded(places: -(1 << 62)) == 0)
        #expect(ExactDecimal(5).rounded(places: Int.min) == 0)
    }

    // MARK: Foundation's Decimal

    @Test("agrees with Foundation's Decimal: exact results equal, quotients within 38 digits, rounding modes alike")
    func agreesWithFoundation() throws {
        var rng = SplitMix(seed: 18)
        var compared = 0
        for _ in 0..<10_000 {
            let a = rng.foundationSized(), b = rng.foundationSized()
            let da = Decimal(string: a.plainText)!, db = Decimal(string: b.plainText)!
            // Sums and products whose exact result has at most 38 digits: both exact.
            // (Foundation itself rounds some sums and products of 35 to 38 digits.)
            if let sum = try? a.adding(b), sum.normalized.digitCount <= 34 {
                #expect(Decimal(string: sum.plainText)! == da + db, "\(a) + \(b)")
            }
            if a.digitCount + b.digitCount <= 34, let product = try? a.multiplied(by: b) {
                #expect(Decimal(string: product.plainText)! == da * db, "\(a) * \(b)")
            }
            // Foundation's division on Linux keeps as few as 14 digits, and errs by 0.1 % with
            // long operands (1258165531592722758010 / 0.0000000000167182517); ours keeps 38
            // digits but no more than 38 places. The big-integer model checks ours to the last
            // digit; here only operands of up to 12 digits and quotients from 10^-6 up.
            if !b.isZero, a.digitCount <= 12, b.digitCount <= 12, let quotient = try? a.divided(by: b), quotient.magnitude >= ExactDecimal(string: "0.000001")! {
                let expected = da / db
                let difference = abs(Decimal(string: quotient.plainText)! - expected)
                let tolerance = max(abs(expected) * Decimal(string: "1e-12")!, Decimal(string: "1e-38")!)
                #expect(difference <= tolerance, "\(a) / \(b): \(quotient) vs \(expected)")
            }
            // Foundation's .down and .up go toward −∞ and +∞; ours toward and away from zero
            // (the same for the non-negative values AssetFlow rounds down or up).
            for (places, mode) in [(2, ExactDecimal.RoundingMode.plain), (0, .down), (3, .up), (1, .bankers)] where !a.isNegative || mode == .plain || mode == .bankers {
                var input = da, output = Decimal()
                let foundationMode: NSDecimalNumber.RoundingMode = switch mode {
                case .plain: .plain
                case .down: .down
                case .up: .up
                case .bankers: .bankers
                }
                NSDecimalRound(&output, &input, places, foundationMode)
                #expect(Decimal(string: a.rounded(places: places, mode: mode).plainText)! == output, "\(a) \(mode) \(places)")
            }
            compared += 1
        }
        #expect(compared == 10_000)
    }

    // MARK: Extremes named by the issues

    @Test("out-of-range results are errors naming the operation, never a wrap, NaN or silent 0")
    func extremes() throws {
        let largest = ExactDecimal.greatestFiniteMagnitude
        #expect(throws: DecimalRangeError(.overflow, "340282366920938463463374607431768211455 + 1")) { try largest.adding(1) }
        #expect(throws: DecimalRangeError(.overflow, "-340282366920938463463374607431768211455 - 1")) { try (-largest).subtracting(1) }
        let nines = try ExactDecimal.parse(String(repeating: "9", count: 38))
        #expect(throws: DecimalRangeError.self) { try nines.multiplied(by: nines) }
        #expect(throws: DecimalRangeError(.underflow, "0.1 ^ 129")) { try ExactDecimal.parse("0.1").raised(to: 129) }
        #expect(throws: DecimalRangeError(.overflow, "2 ^ 1000")) { try ExactDecimal(2).raised(to: 1000) }
        #expect(try ExactDecimal.parse("0.1").raised(to: 38) == ExactDecimal(units: 1, scale: 38, isNegative: false)!)
        #expect(throws: DecimalRangeError.self) { try ExactDecimal(1).divided(by: 0) }
        let tiny = ExactDecimal(units: 1, scale: 38, isNegative: false)!
        #expect(throws: DecimalRangeError(.underflow, "0.00000000000000000000000000000000000001 * 0.1")) { try tiny.multiplied(by: ExactDecimal.parse("0.1")) }
        #expect(try tiny.multiplied(by: ExactDecimal.parse("0.6")) == tiny)  // rounds half-even, stays nonzero
        #expect(throws: DecimalParseError(text: "1e+308", reason: ExactDecimal.tooManyDigits)) { try ExactDecimal.exactly(shortestTextOf: 1e308) }
        #expect(throws: DecimalParseError(text: "1e-200", reason: ExactDecimal.tooManyPlaces)) { try ExactDecimal.exactly(shortestTextOf: 1e-200) }
        let longZero = "0." + String(repeating: "0", count: 200) + "1"
        #expect(throws: DecimalParseError(text: longZero, reason: ExactDecimal.tooManyPlaces)) { try ExactDecimal.parse(longZero) }
        #expect(try ExactDecimal.parse("1." + String(repeating: "0", count: 200)) == 1)  // trailing zeros are not digits
        #expect(ExactDecimal(1).fixedText(places: 38) == "1." + String(repeating: "0", count: 38))
        #expect(ExactDecimal(-1).doubleValue == -1 && tiny.doubleValue == 1e-38 && largest.doubleValue == 3.402823669209385e38)
    }
}

// MARK: - The big-integer model

/// The documented semantics, computed exactly: a result is the exact value rounded half-even
/// at the largest scale ≤ 38 whose units fit in 128 bits; none fitting is an overflow, a
/// nonzero value rounding to 0 an underflow.
enum Model {
    enum Outcome: Equatable { case value(BigInt), overflow, underflow }  // value: × 10^38

    static let maxUnits = BigUInt(1) << 128 - 1

    /// A UInt128 as a big integer, from its 64-bit halves.
    static func big(_ value: UInt128) -> BigUInt {
        BigUInt(UInt64(truncatingIfNeeded: value >> 64)) << 64 + BigUInt(UInt64(truncatingIfNeeded: value))
    }

    static func exact(_ d: ExactDecimal) -> BigInt {
        let magnitude = BigInt(big(d.units)) * BigInt(10).power(38 - Int(d.scale))
        return d.isNegative ? -magnitude : magnitude
    }

    static func signed(_ d: ExactDecimal) -> BigInt { d.isNegative ? -BigInt(big(d.units)) : BigInt(big(d.units)) }

    static func sum(_ a: ExactDecimal, _ b: ExactDecimal, subtract: Bool) -> Outcome {
        let scale = max(Int(a.scale), Int(b.scale))
        let x = signed(a) * BigInt(10).power(scale - Int(a.scale)), y = signed(b) * BigInt(10).power(scale - Int(b.scale))
        return fit(subtract ? x - y : x + y, BigInt(10).power(scale))
    }

    static func product(_ a: ExactDecimal, _ b: ExactDecimal) -> Outcome {
        fit(signed(a) * signed(b), BigInt(10).power(Int(a.scale) + Int(b.scale)))
    }

    static func quotient(_ a: ExactDecimal, _ b: ExactDecimal) -> Outcome {
        fit(signed(a) * BigInt(10).power(Int(b.scale)), signed(b) * BigInt(10).power(Int(a.scale)))
    }

    /// numerator / denominator, rounded as documented.
    static func fit(_ numerator: BigInt, _ denominator: BigInt) -> Outcome {
        let negative = (numerator.sign == .minus) != (denominator.sign == .minus)
        let n = numerator.magnitude, d = denominator.magnitude
        if n == 0 { return .value(0) }
        let whole = n / d
        var scale = min(38, 39 - (whole == 0 ? 0 : whole.description.count))
        while scale >= 0 {
            let (q, r) = (n * BigUInt(10).power(scale)).quotientAndRemainder(dividingBy: d)
            var rounded = q
            if 2 * r > d || (2 * r == d && q % 2 == 1) { rounded += 1 }
            if rounded <= maxUnits {
                if rounded == 0 { return .underflow }
                let value = BigInt(rounded) * BigInt(10).power(38 - scale)
                return .value(negative ? -value : value)
            }
            scale -= 1
        }
        return .overflow
    }

    static func rounded(_ a: ExactDecimal, places: Int, mode: ExactDecimal.RoundingMode) -> Outcome {
        if places >= Int(a.scale) || a.isZero { return .value(exact(a)) }
        let drop = Int(a.scale) - places
        let unit = BigUInt(10).power(drop)
        let (q, r) = big(a.units).quotientAndRemainder(dividingBy: unit)
        let up: Bool = switch mode {
        case .down: false
        case .up: r != 0
        case .plain: 2 * r >= unit
        case .bankers: 2 * r > unit || (2 * r == unit && q % 2 == 1)
        }
        let units = up ? q + 1 : q
        let magnitude = units * unit
        if magnitude > maxUnits * BigUInt(10).power(Int(a.scale)) { return .overflow }
        if places < 0, units * BigUInt(10).power(-places) > maxUnits { return .overflow }
        let value = BigInt(magnitude) * BigInt(10).power(38 - Int(a.scale))
        return .value(a.isNegative ? -value : value)
    }
}

// MARK: - Seeded generators

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An amount, price or quantity: up to 15 digits, up to 8 places; also its signed units.
    mutating func money() -> (ExactDecimal, Int128, Int) {
        let units = Int128(next() % 1_000_000_000_000_000)
        let scale = Int(next() % 9)
        let signed = next() & 1 == 0 ? units : -units
        return (ExactDecimal(signed: signed, scale: scale), signed, scale)
    }

    /// Any decimal, with extra weight on the edges of the range.
    mutating func anyDecimal() -> ExactDecimal {
        let scale = Int(next() % 39)
        let units: UInt128
        switch next() % 8 {
        case 0: units = UInt128(next() % 1000)
        case 1: units = UInt128(next() % 1_000_000_000_000)
        case 2: units = UInt128(next())
        case 3: units = UInt128(next()) << 64 | UInt128(next())
        case 4: units = UInt128.max - UInt128(next() % 1000)
        case 5: units = Pow10.of(Int(next() % 39))
        case 6: units = next() & 1 == 0 ? 1 : Pow10.of(38) + UInt128(next() % 10)
        default: units = (UInt128(next()) << 64 | UInt128(next())) >> (next() % 128)
        }
        return ExactDecimal(units: units, scale: scale, isNegative: next() & 1 == 0)!
    }

    /// Values Foundation's Decimal holds exactly: up to 30 digits.
    mutating func foundationSized() -> ExactDecimal {
        let units = (UInt128(next()) << 64 | UInt128(next())) % Pow10.of(Int(next() % 31))
        return ExactDecimal(units: units, scale: Int(next() % 20), isNegative: next() & 1 == 0)!
    }
}

extension ExactDecimal {
    init(signed: Int128, scale: Int) {
        self = ExactDecimal(units: UInt128(signed.magnitude), scale: scale, isNegative: signed < 0)!
    }
}

extension Result where Failure == any Error {
    func mapRangeError() -> Result<Success, DecimalRangeError> {
        mapError { $0 as! DecimalRangeError }
    }
}

/// The operators never trap: out of range is a state that propagates and names the first
/// operation that went out of range at every boundary.
@Suite("ExactDecimal out-of-range state")
struct ExactDecimalOutOfRangeTests {
    @Test("operators yield the out-of-range state, which propagates, compares false and is refused by the store's text")
    func propagates() throws {
        let largest = ExactDecimal.greatestFiniteMagnitude
        let over = largest * 35
        #expect(over.isOutOfRange)
        #expect(over.rangeError == DecimalRangeError(.overflow, "340282366920938463463374607431768211455 * 35"))
        let later = (over + 1) / 2 - 7
        #expect(later.isOutOfRange && later.rangeError == over.rangeError)  // the first operation is named
        #expect(!(later < 0) && !(later > 0) && !(later <= 0) && !(later >= 0) && later != 0)
        #expect(throws: DecimalRangeError(.overflow, "340282366920938463463374607431768211455 * 35")) { try later.storedText() }
        #expect(throws: DecimalRangeError.self) { try later.adding(1) }
        #expect((ExactDecimal(1) / 0).rangeError?.kind == .divisionByZero)
        #expect(pow(ExactDecimal(2), 1000).isOutOfRange)
        #expect(largest.rounded(places: -1).isOutOfRange)
        #expect(Returns.cumulative([largest, largest]).isOutOfRange)
        #expect(later.plainText.hasPrefix("<decimal overflow"))
    }
}
