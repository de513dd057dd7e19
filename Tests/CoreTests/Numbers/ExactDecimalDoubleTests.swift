import Foundation
import Testing
@testable import Core

/// `doubleValue` for the decimals past the fast path (more than 53 bits of units or more than
/// 22 places), computed in integers: the same Double as parsing the decimal text.
@Suite("ExactDecimal to Double: the nearest binary float, as the text parses")
struct ExactDecimalDoubleTests {
    @Test("500,000 seeded values over the whole range, ties and near-ties included")
    func matchesTextParsing() {
        var rng = SplitMix(seed: 5353)
        for round in 0..<500_000 {
            var value = rng.anyDecimal()
            if round % 4 == 0 {
                // A Double's exact value (a tie or a near-tie after rounding to 53 bits): the
                // mantissa widened with a half unit, nudged by one unit of the decimal.
                let mantissa = UInt128(rng.next() >> 11 | 1 << 52) << 11 | 1 << 10
                let nudge = UInt128(rng.next() % 3)
                value = ExactDecimal(units: mantissa + nudge - 1, scale: Int(rng.next() % 39), isNegative: rng.next() & 1 == 0)!
            }
            let expected = Double(value.plainText)!
            #expect(value.doubleValue == expected, "\(value.plainText)")
            if value.doubleValue != expected { return }
        }
    }

    @Test("The edges: the largest units at every scale, one unit at every scale, powers of two")
    func edges() {
        for scale in 0...38 {
            for units in [UInt128.max, 1, UInt128(1) << 127, (UInt128(1) << 64) - 1, Pow10.of(scale), Pow10.of(38)] {
                let value = ExactDecimal(units: units, scale: scale, isNegative: false)!
                #expect(value.doubleValue == Double(value.plainText)!, "\(value.plainText)")
            }
        }
    }
}

/// `exactly(shortestTextOf:)` reading the text's bytes against the earlier reading through
/// Strings (kept here as the reference): the same value, or the same error.
@Suite("ExactDecimal from a Double's shortest text: bytes against Strings")
struct ExactDecimalShortestTextTests {
    static func reference(_ double: Double) throws -> ExactDecimal {
        let text = "\(double)".lowercased()
        guard double.isFinite else { throw DecimalParseError(text: text, reason: "not a finite number") }
        var mantissaText = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(of: "e") {
            mantissaText = text[..<e]
            guard let parsed = Int(text[text.index(after: e)...]) else { throw DecimalParseError(text: text) }
            exponent = parsed
        }
        let mantissa = try ExactDecimal.parse(String(mantissaText))
        if mantissa.isZero { return .zero }
        let scale = Int(mantissa.scale) - exponent
        if scale > ExactDecimal.maxScale { throw DecimalParseError(text: text, reason: ExactDecimal.tooManyPlaces) }
        if scale >= 0 { return ExactDecimal(units: mantissa.units, scale: scale, negative: mantissa.isNegative) }
        guard -scale <= 38, let units = ExactDecimal.align(mantissa.units, by: -scale) else {
            throw DecimalParseError(text: text, reason: ExactDecimal.tooManyDigits)
        }
        return ExactDecimal(units: units, scale: 0, negative: mantissa.isNegative)
    }

    @Test("300,000 seeded Doubles of every magnitude, and the special ones")
    func matchesReference() {
        var rng = SplitMix(seed: 7171)
        var doubles: [Double] = [0, -0.0, 1, -1, 0.1, 1e-38, 1e38, 1e39, 1e-39, 5e-324, .greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        for round in 0..<300_000 {
            switch round % 3 {
            case 0: doubles.append(Double(bitPattern: rng.next()))  // any bit pattern: every exponent, NaNs too
            case 1: doubles.append(Double(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 60)) / Double(1 << (rng.next() % 50)))
            default: doubles.append(Double(rng.next() % 100_000_000) / 100 * (rng.next() & 1 == 0 ? 1 : -1))  // cents
            }
        }
        for double in doubles {
            let new = Result { try ExactDecimal.exactly(shortestTextOf: double) }
            let old = Result { try Self.reference(double) }
            switch (new, old) {
            case (.success(let a), .success(let b)) where a.units == b.units && a.scale == b.scale && a.isNegative == b.isNegative: continue
            case (.failure(let a as DecimalParseError), .failure(let b as DecimalParseError)) where a == b: continue
            default:
                Issue.record("\(double): \(new) against \(old)")
                return
            }
        }
    }
}
