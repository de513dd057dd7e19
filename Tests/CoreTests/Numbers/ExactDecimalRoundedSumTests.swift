import Testing
@testable import Core

/// The slow sum's short way (`ExactDecimal.roundedSum`) against its general one (`wideSum`,
/// the 256-bit sum rounded by `fit`): whenever the short way answers, it must give the same
/// units, scale and sign; and it must answer for the shape a ledger walk meets most, a cost
/// basis with 30-odd places plus an amount with a few.
@Suite("ExactDecimal sums past 128 bits: the short way against the general one")
struct ExactDecimalRoundedSumTests {
    /// The general path's result, or nil when it is a range error.
    static func reference(_ a: ExactDecimal, _ b: ExactDecimal, negated: Bool) -> ExactDecimal? {
        let negative = negated ? !b.isNegative && b.units != 0 : b.isNegative
        return try? ExactDecimal.wideSum(a, b.units, Int(b.scale), negative) { DecimalRangeError($0, "x") }
    }

    static func same(_ x: ExactDecimal, _ y: ExactDecimal) -> Bool {
        x.units == y.units && x.scale == y.scale && x.isNegative == y.isNegative
    }

    /// A 38- or 39-digit value with many places, as a cost basis after a partial sell.
    static func longValue(_ rng: inout SplitMix) -> ExactDecimal {
        let units = (UInt128(rng.next()) << 64 | UInt128(rng.next())) >> (rng.next() % 8)
        return ExactDecimal(units: units, scale: 20 + Int(rng.next() % 19), isNegative: rng.next() % 4 == 0)!
    }

    @Test("On 300,000 seeded pairs (long values, amounts, the whole range) the short way equals the general one")
    func equalsGeneralPath() {
        var rng = SplitMix(seed: 2711)
        var answered = 0
        for round in 0..<300_000 {
            let a: ExactDecimal, b: ExactDecimal
            switch round % 4 {
            case 0: (a, b) = (Self.longValue(&rng), rng.money().0)
            case 1: (a, b) = (rng.money().0, Self.longValue(&rng))
            case 2: (a, b) = (Self.longValue(&rng), Self.longValue(&rng))
            default: (a, b) = (rng.anyDecimal(), rng.anyDecimal())
            }
            for negated in [false, true] {
                let negative = negated ? !b.isNegative && b.units != 0 : b.isNegative
                guard let short = ExactDecimal.roundedSum(a, b.units, b.scale, negative) else { continue }
                answered += 1
                guard let general = Self.reference(a, b, negated: negated), Self.same(short, general) else {
                    Issue.record("\(a) \(negated ? "-" : "+") \(b): \(short) against \(String(describing: Self.reference(a, b, negated: negated)))")
                    return
                }
            }
        }
        #expect(answered > 300_000)
    }

    @Test("+ and − give the general path's result (or the out-of-range state where it throws), ties included")
    func operatorsAgree() {
        var rng = SplitMix(seed: 2712)
        for round in 0..<100_000 {
            var a = Self.longValue(&rng), b = round % 2 == 0 ? rng.money().0 : rng.anyDecimal()
            if round % 5 == 0 {
                // A tie: a's last kept digit and a dropped half, built so the sum ends in 5 then zeros.
                a = ExactDecimal(units: (UInt128(rng.next()) << 64 | UInt128(rng.next())) / 10 * 10 + 5, scale: 38, isNegative: false)!
                b = ExactDecimal(units: UInt128(rng.next() % 1_000_000) * 100, scale: 2, isNegative: rng.next() & 1 == 0)!
            }
            for negated in [false, true] {
                let result = negated ? a - b : a + b
                if let general = Self.reference(a, b, negated: negated) {
                    #expect(Self.same(result, general), "\(a) \(negated ? "-" : "+") \(b)")
                } else {
                    #expect(result.isOutOfRange, "\(a) \(negated ? "-" : "+") \(b)")
                }
            }
        }
    }

    @Test("A ledger's usual slow sums take the short way: a cost basis with 33 places plus 99,999.99")
    func usualShapeAnswers() throws {
        let costBasis = try #require(ExactDecimal("300000.123456789012345678901234567890123"))
        let amount = try #require(ExactDecimal("99999.99"))
        #expect(ExactDecimal.fastSum(costBasis, amount.units, amount.scale, false) == nil)
        let short = try #require(ExactDecimal.roundedSum(costBasis, amount.units, amount.scale, false))
        #expect(short.description == "400000.11345678901234567890123456789012")
        #expect(costBasis + amount == short)
    }
}
