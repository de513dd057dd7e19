import BigInt
import Testing
@testable import Core

/// The rounding step every slow path ends in (`ExactDecimal.fit`) and the digit counts it
/// uses, against the earlier implementation kept below as the reference: digit counts by
/// comparing with every power of ten, and `fit` dropping digits by repeated divisions. The
/// fast versions (bit length, one division) must give the same units, scale and errors.
@Suite("ExactDecimal rounding step against the earlier implementation")
struct ExactDecimalFitTests {
    @Test("digit counts of 128- and 256-bit values at every power of ten and power of two")
    func digitCounts() {
        var values: [Wide] = [Wide(0)]
        for n in 0...77 {
            let power = ReferenceFit.power(n)
            values += [power, power.subtracting(Wide(1)), power.adding(Wide(1))!]
        }
        for bits in 1...256 {
            let top = bits > 128 ? Wide(high: UInt128(1) << (bits - 129), low: 0) : Wide(UInt128(1) << (bits - 1))
            values += [top, top.subtracting(Wide(1)), top.adding(top)?.subtracting(Wide(1)) ?? Wide(high: .max, low: .max)]
        }
        for value in values {
            let digits = value.isZero ? 0 : String(BigInt(ReferenceFit.big(value))).count
            #expect(value.digitCount == digits, "\(ReferenceFit.big(value))")
            if value.high == 0 { #expect(ExactDecimal.digitCount(value.low) == min(digits, 39)) }
        }
    }

    @Test("fit gives the earlier units, scale and errors on 200,000 seeded values, edges weighted")
    func fitMatchesReference() {
        var rng = SplitMix(seed: 27)
        for _ in 0..<200_000 {
            let value = rng.wide()
            let scale = Int(rng.next() % 121) - 40
            let sticky = rng.next() % 4 == 0, negative = rng.next() & 1 == 0
            let failure = { (kind: DecimalRangeError.Kind) in DecimalRangeError(kind, "x") }
            let fast = Result { try ExactDecimal.fit(value, scale: scale, sticky: sticky, negative: negative, failure) }
            let reference = Result { try ReferenceFit.fit(value, scale: scale, sticky: sticky, negative: negative, failure) }
            switch (fast, reference) {
            case (.success(let a), .success(let b)) where a.units == b.units && a.scale == b.scale && a.isNegative == b.isNegative:
                continue
            case (.failure(let a as DecimalRangeError), .failure(let b as DecimalRangeError)) where a.kind == b.kind:
                continue
            default:
                Issue.record("fit(\(ReferenceFit.big(value)), scale \(scale), sticky \(sticky)): \(fast) against \(reference)")
                return
            }
        }
    }
}

extension SplitMix {
    /// A 256-bit value: small, around 2^128, powers of ten and their neighbours, or any width.
    mutating func wide() -> Wide {
        let any = Wide(high: UInt128(next()) << 64 | UInt128(next()), low: UInt128(next()) << 64 | UInt128(next()))
        switch next() % 8 {
        case 0: return Wide(UInt128(next()))
        case 1: return Wide(high: UInt128(next() % 20), low: UInt128(next()) << 64 | UInt128(next()))
        case 2:
            let power = ReferenceFit.power(Int(next() % 78))
            let nudge = Wide(UInt128(next() % 3))
            return next() & 1 == 0 && nudge < power ? power.subtracting(nudge) : power.adding(nudge)!
        case 3:  // a multiple of a power of ten plus a half: ties for the half-even rounding
            let power = ReferenceFit.power(Int(next() % 30) + 1)
            let base = Wide(UInt128(next()) << 64 | UInt128(next())).multiplied(by: Pow10.of(Int(next() % 20))) ?? Wide(0)
            return base.adding(power.divided(bySmall: 2).quotient) ?? base
        case 4: return Wide(high: .max, low: .max).subtracting(Wide(UInt128(next() % 1000)))
        case 5: return Wide(0)
        default:
            let shift = Int(next() % 256)
            return shift >= 128 ? Wide(any.high >> (shift - 128)) : Wide(high: any.high >> shift, low: any.low >> shift | (shift == 0 ? 0 : any.high << (128 - shift)))
        }
    }
}

/// The earlier `ExactDecimal.fit` and digit counts, kept as the reference.
enum ReferenceFit {
    static func digitCount(_ units: UInt128) -> Int {
        var count = 0
        while count < 39, units >= Pow10.of(count) { count += 1 }
        return count
    }

    static func digitCount(_ value: Wide) -> Int {
        if value.high == 0 { return digitCount(value.low) }
        var ignored = false
        let rest = value.droppingDigits(39, sticky: &ignored)
        return 39 + digitCount(rest.low)
    }

    static func fit(_ value: Wide, scale: Int, sticky: Bool, negative: Bool,
                    _ failure: (DecimalRangeError.Kind) -> DecimalRangeError) throws -> ExactDecimal {
        var value = value, scale = scale
        if scale < 0 {
            guard -scale <= ExactDecimal.maxScale, let up = value.multiplied(by: Pow10.of(-scale)), up.high == 0 else {
                if value.isZero { return .zero }
                throw failure(.overflow)
            }
            value = up
            scale = 0
        }
        var drop = max(0, scale - ExactDecimal.maxScale)
        var ignored = false
        var kept = value.droppingDigits(drop, sticky: &ignored)
        if kept.high != 0 {
            drop += digitCount(kept) - 39
            kept = value.droppingDigits(drop, sticky: &ignored)
            if kept.high != 0 { drop += 1 }
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
            if rounded.high != 0 { drop += 1; continue }
            if rounded.isZero, !(value.isZero && !sticky) { throw failure(.underflow) }
            return ExactDecimal(units: rounded.low, scale: scale - drop, negative: negative)
        }
    }

    /// 10^n for n in 0...77, by repeated multiplication.
    static func power(_ n: Int) -> Wide {
        var value = Wide(1)
        for _ in 0..<n { value = value.multiplied(by: 10)! }
        return value
    }

    static func big(_ value: Wide) -> BigUInt {
        func limb(_ x: UInt128) -> BigUInt { BigUInt(UInt64(truncatingIfNeeded: x >> 64)) << 64 | BigUInt(UInt64(truncatingIfNeeded: x)) }
        return limb(value.high) << 128 | limb(value.low)
    }
}
