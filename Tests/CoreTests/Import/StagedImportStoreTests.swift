import Foundation
import Testing
@testable import Core

/// A profiled import's write-behind store answers the holdings rule from its ledgers, whose
/// entries name where each row is (the stored history, packed, or the rows recorded): the
/// same answers as a store that wrote every row at once.
@Suite("Staged import store: holdings answered from its ledgers")
struct StagedImportStoreTests {
    @Test("random stored and staged rows, some out of date order: quantity and holdings from any day equal the store's")
    func holdingsAsWritten() throws {
        var rng = SystemRandomNumberGenerator()
        let start = ymd("2024-01-01")
        for _ in 0..<10 {
            let base = MemoryCommandStore(), reference = MemoryCommandStore()
            func row(_ asset: Int64) -> Transaction {
                let type: TransactionType = Int.random(in: 0..<3, using: &rng) == 0 ? .sell : .buy
                return Transaction(assetID: asset, type: type, date: start.adding(days: Int.random(in: 0..<60, using: &rng)),
                                   quantity: ExactDecimal(units: UInt128(Int.random(in: 1...2000, using: &rng)), scale: Int.random(in: 0...3, using: &rng),
                                                          isNegative: false)!,
                                   pricePerUnit: 2, currency: "EUR", note: Bool.random(using: &rng) ? "" : "row \(Int.random(in: 0...99, using: &rng))")
            }
            // Asset 1 has a stored history, asset 2 none.
            for _ in 0..<Int.random(in: 0..<40, using: &rng) {
                let t = row(1)
                _ = try base.insert(t)
                _ = try reference.insert(t)
            }
            let staged = StagedImportStore(base: base)
            for _ in 0..<Int.random(in: 1..<300, using: &rng) {
                let t = row(Int64.random(in: 1...2, using: &rng))
                let made = try staged.insert(t)
                #expect(made.id! >= StagedImportStore.placeholderStart)
                _ = try reference.insert(t)
                let asset = Int64.random(in: 1...2, using: &rng)
                let day = start.adding(days: Int.random(in: -1..<62, using: &rng))
                let point = HoldingsHistory.LedgerKey(date: day, id: Bool.random(using: &rng) ? .min : .max)
                let got = try staged.holdings(ofAsset: asset, from: point), want = try reference.holdings(ofAsset: asset, from: point)
                #expect(got.opening.units == want.opening.units && got.opening.scale == want.opening.scale && got.opening == want.opening)
                #expect(got.transactions.count == want.transactions.count)
                for (a, b) in zip(got.transactions, want.transactions) {
                    var a = a, b = b
                    (a.id, b.id) = (nil, nil)
                    #expect(StagedRowsTests.same(a, b))
                }
                #expect(try staged.quantity(ofAsset: asset) == (try reference.quantity(ofAsset: asset)))
            }
        }
    }
}
