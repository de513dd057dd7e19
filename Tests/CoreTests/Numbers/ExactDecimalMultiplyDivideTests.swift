import BigInt
import Foundation
import Testing
@testable import Core

/// The fused a × b ÷ c: digit for digit today's `a * b / c` whenever that does not overflow
/// (an underflow of the product stays one), the exact
/// quotient rounded once when only the product is beyond the range, an overflow only when the
/// result is.
@Suite("ExactDecimal fused multiply-divide")
struct ExactDecimalMultiplyDivideTests {
    /// Any decimal, or one at the edges (scale 0 or 38, units near 2^128 or near a power of ten).
    static func operand(_ rng: inout SplitMix) -> ExactDecimal {
        switch rng.next() % 4 {
        case 0:
            let units = UInt128.max - UInt128(rng.next() % 1000)
            return ExactDecimal(units: units, scale: rng.next() & 1 == 0 ? 0 : 38, isNegative: rng.next() & 1 == 0)!
        case 1:
            let units = Pow10.of(Int(rng.next() % 39)) &- UInt128(rng.next() % 2)
            return ExactDecimal(units: units, scale: Int(rng.next() % 39), isNegative: rng.next() & 1 == 0)!
        default:
            return rng.anyDecimal()
        }
    }

    @Test("equals a * b / c digit for digit whenever that does not overflow, and the exact model otherwise")
    func matchesTodayAndTheModel() throws {
        var rng = SplitMix(seed: 23)
        var same = 0, widened = 0, overflows = 0
        for _ in 0..<40_000 {
            let a = Self.operand(&rng), b = Self.operand(&rng), c = Self.operand(&rng)
            if c.isZero { continue }
            let today = a * b / c
            let fused = Result { try a.multiplied(by: b, dividedBy: c) }.mapRangeError()
            if !today.isOutOfRange {
                guard case .success(let value) = fused, value.plainText == today.plainText, value.scale == today.scale else {
                    Issue.record("\(a) * \(b) / \(c): today \(today), fused \(fused)")
                    return
                }
                #expect(a.times(b, dividedBy: c).plainText == today.plainText)
                same += 1
                continue
            }
            // Today's product underflowed: so does the fused one (the same result as today).
            if today.rangeError?.kind == .underflow {
                guard case .failure(let error) = fused, error.kind == .underflow else {
                    Issue.record("\(a) * \(b) / \(c): today \(today), fused \(fused)")
                    return
                }
                continue
            }
            // Today's result overflowed: the fused one is the exact quotient rounded once.
            let expected = Model.fit(Model.signed(a) * Model.signed(b) * BigInt(10).power(Int(c.scale)),
                                     Model.signed(c) * BigInt(10).power(Int(a.scale) + Int(b.scale)))
            switch (expected, fused) {
            case (.value(let value), .success(let result)):
                guard Model.exact(result) == value else {
                    Issue.record("\(a) * \(b) / \(c) gave \(result)")
                    return
                }
                widened += 1
            case (.overflow, .failure(let error)):
                #expect(error.kind == .overflow && error.operation == "\(a.plainText) * \(b.plainText) / \(c.plainText)")
                overflows += 1
            case (.underflow, .failure(let error)):
                #expect(error.kind == .underflow)
            default:
                Issue.record("\(a) * \(b) / \(c): expected \(expected), got \(fused) (today \(today))")
                return
            }
        }
        #expect(same > 10_000 && widened > 1_000 && overflows > 1_000, "\(same) same, \(widened) widened, \(overflows) overflows")
    }

    @Test("a sell's share of a cost basis near 10^21 from a position near 10^18 units")
    func costShareOfAnExtremePosition() throws {
        let basis = try ExactDecimal.parse("998999999999999999999.001")
        let held = try ExactDecimal.parse("999999999999999999")
        let sold = try ExactDecimal.parse("500000000000000000")
        #expect((basis * sold / held).isOutOfRange)  // the product alone is beyond the range
        let share = try basis.multiplied(by: sold, dividedBy: held)
        // The exact quotient, rounded once: 499499999999999999999.5005 + 499499999999999999999.5005/999999999999999999 …
        let expected = Model.fit(Model.signed(basis) * Model.signed(sold), Model.signed(held) * BigInt(10).power(3))
        #expect(expected == .value(Model.exact(share)))
        #expect(share < basis && share > 0)
        // Overflow only when the result itself is beyond the range.
        let largest = ExactDecimal.greatestFiniteMagnitude
        #expect(try largest.multiplied(by: 3, dividedBy: 3) == largest)
        #expect(try largest.multiplied(by: largest, dividedBy: largest) == largest)
        #expect(throws: DecimalRangeError(.overflow, "340282366920938463463374607431768211455 * 3 / 2")) { try largest.multiplied(by: 3, dividedBy: 2) }
        #expect(throws: DecimalRangeError(.divisionByZero, "1 * 2 / 0")) { try ExactDecimal(1).multiplied(by: 2, dividedBy: 0) }
        #expect(try (-largest).multiplied(by: -largest, dividedBy: -largest) == -largest)
        #expect(largest.times(2, dividedBy: 1).isOutOfRange)
    }
}
