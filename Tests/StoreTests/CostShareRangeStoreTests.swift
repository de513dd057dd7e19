import Foundation
import Testing
@testable import Core
@testable import Store

/// Issue 23's overflow corner: units leaving a position near 10^18 units whose cost basis is
/// near 10^21 take their share of it (cost basis × units ÷ units held) through the fused
/// multiply-divide, so a sell, a transfer out and a move are accepted; a share that still
/// cannot be computed is refused with `Position.outOfRangeMessage`, nothing written.
@Suite("Cost share of an extreme position through the Store")
struct CostShareRangeStoreTests: StoreRuleTesting {
    let held = "999999999999999999"

    @Test("a sell, a transfer out and a move from 10^18 − 1 units costing 9.99 × 10^20 are accepted, the cost exact")
    func extremePositionLeaves() throws {
        try withStore { s in
            let big = try asset(s, "BIG", .stock, quantity: held, price: "999")
            let basis = try s.position(ofAsset: big.id!).costBasis
            #expect(basis == x("998999999999999999001"))
            #expect((basis * x("500000000000000000") / x(held)).isOutOfRange)  // a * b / c alone overflows

            _ = try s.record(Transaction(assetID: big.id!, type: .sell, date: d("2024-02-01"), quantity: x("500000000000000000"),
                                         pricePerUnit: 999, currency: "USD"))
            let share = try basis.multiplied(by: x("500000000000000000"), dividedBy: x(held))
            var position = try s.position(ofAsset: big.id!)
            #expect(position.quantity == x("499999999999999999"))
            #expect(position.costBasis == basis - share)
            #expect(position.realizedGain == x("499500000000000000000") - share)

            _ = try s.record(Transaction(assetID: big.id!, type: .transferOut, date: d("2024-02-02"), quantity: x("400000000000000000"),
                                         pricePerUnit: 999, currency: "USD"))
            position = try s.position(ofAsset: big.id!)
            #expect(position.quantity == x("99999999999999999"))

            let other = try asset(s, "BIG2", .stock, quantity: "1", price: "1")
            let moved = try s.execute(MoveUnits(from: big.id!, to: other.id!, quantity: x("99999999999999998"), date: d("2024-02-03")))
            #expect(moved.out.quantity == x("99999999999999998"))
            #expect(try s.position(ofAsset: big.id!).quantity == 1)
            _ = try s.netWorth(in: "USD")
        }
    }

    @Test("a share below 10^-38 (10^-18 × 10^-18 ÷ 9 × 10^17) is refused with the rule's message, nothing written")
    func shareBeyondTheRangeIsRefused() throws {
        try withStore { s in
            let dust = try asset(s, "DUST", .crypto, quantity: "0.000000001", price: "0.000000001")  // cost basis 10^-18
            _ = try s.record(Transaction(assetID: dust.id!, type: .transferIn, date: d("2024-02-01"), quantity: x("900000000000000000"),
                                         pricePerUnit: 0, currency: "USD"))
            let before = try s.transactions(ofAsset: dust.id!).count
            let out = Transaction(assetID: dust.id!, type: .transferOut, date: d("2024-03-01"), quantity: x("0.000000000000000001"),
                                  pricePerUnit: 0, currency: "USD")
            let refusal = message { _ = try s.record(out) }
            #expect(refusal?.contains(Position.outOfRangeMessage) == true, "\(refusal ?? "accepted")")
            #expect(refusal?.contains("'DUST'") == true)
            #expect(try s.transactions(ofAsset: dust.id!).count == before)
            #expect(try s.position(ofAsset: dust.id!).quantity == x("900000000000000000.000000001"))
            // Backdated (before a later buy), the same refusal: the position is replayed before the commit.
            _ = try s.record(Transaction(assetID: dust.id!, type: .buy, date: d("2024-04-01"), quantity: 1, pricePerUnit: 0, currency: "USD"))
            #expect(message { _ = try s.record(out) }?.contains(Position.outOfRangeMessage) == true)
            #expect(try s.transactions(ofAsset: dust.id!).count == before + 1)
        }
    }
}
