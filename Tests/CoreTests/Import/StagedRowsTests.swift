import Foundation
import Testing
@testable import Core

/// A profiled import's staged rows are kept packed (`StagedRows`): every row read back is
/// the very transaction appended, each decimal with its units, scale and sign as they were.
@Suite("Staged rows: packed, read back exactly")
struct StagedRowsTests {
    /// The same transaction field by field, each decimal's representation (not only its
    /// value: 1.50 is not 1.5 here), the note's bytes.
    static func same(_ a: Transaction, _ b: Transaction) -> Bool {
        func same(_ x: ExactDecimal, _ y: ExactDecimal) -> Bool { x.units == y.units && x.scale == y.scale && x.isNegative == y.isNegative }
        return a.id == b.id && a.assetID == b.assetID && a.type == b.type && a.date == b.date && same(a.quantity, b.quantity)
            && same(a.pricePerUnit, b.pricePerUnit) && same(a.totalAmount, b.totalAmount) && same(a.fees, b.fees)
            && Array(a.currency.utf8) == Array(b.currency.utf8) && a.sourceAssetID == b.sourceAssetID
            && a.relatedTransactionID == b.relatedTransactionID && Array(a.note.utf8) == Array(b.note.utf8)
    }

    static func decimal(_ rng: inout some RandomNumberGenerator) -> ExactDecimal {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .zero
        case 1: return .greatestFiniteMagnitude
        case 2: return ExactDecimal(units: UInt128.random(in: 0...UInt128.max, using: &rng), scale: Int.random(in: 0...38, using: &rng),
                                    isNegative: Bool.random(using: &rng))!
        case 3: return ExactDecimal(units: 7, scale: Int(ExactDecimal.outOfRangeScale), negative: Bool.random(using: &rng))  // the out-of-range state
        case 4: return ExactDecimal(units: 150, scale: 2, isNegative: false)!  // 1.50, not 1.5
        default: return ExactDecimal(units: UInt128(UInt64.random(in: 0...1_000_000_000, using: &rng)), scale: Int.random(in: 0...8, using: &rng),
                                     isNegative: Int.random(in: 0..<5, using: &rng) == 0)!
        }
    }

    static func row(_ i: Int, _ rng: inout some RandomNumberGenerator) -> Transaction {
        let ids: [Int64?] = [nil, StagedImportStore.placeholderStart + Int64(i), 1, .max, .min, -5]
        let notes = ["", "Deposit", "Dividend (Ordinary)", "Zürich — 株式 🎉", String(repeating: "long note ", count: 600)]
        let currencies = ["EUR", "USD", "", "GBp", "€"] + (0..<300).map { "C\($0)" }
        var t = Transaction(id: ids.randomElement(using: &rng)!, assetID: Int64.random(in: Int64.min...Int64.max, using: &rng),
                            type: TransactionType.allCases.randomElement(using: &rng)!,
                            date: CalendarDate(dayNumber: Int.random(in: -800_000...3_000_000, using: &rng)),
                            quantity: decimal(&rng), pricePerUnit: decimal(&rng), fees: decimal(&rng),
                            currency: currencies.randomElement(using: &rng)!,
                            sourceAssetID: Bool.random(using: &rng) ? nil : Int64.random(in: Int64.min...Int64.max, using: &rng),
                            relatedTransactionID: Bool.random(using: &rng) ? nil : Int64.random(in: Int64.min...Int64.max, using: &rng),
                            note: notes.randomElement(using: &rng)!, totalAmount: decimal(&rng))
        if i % 7 == 0 { t.id = StagedImportStore.placeholderStart + Int64(i) }
        return t
    }

    @Test("random rows read back exactly: by place, in order, sliced, taken; links set in place")
    func roundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let count = Int.random(in: 0..<700, using: &rng)
            var made = (0..<count).map { Self.row($0, &rng) }
            var rows = StagedRows()
            for t in made { rows.append(t) }
            #expect(rows.count == count)
            for i in rows.indices { #expect(Self.same(rows[i], made[i]), "row \(i)") }
            #expect(zip(rows, made).allSatisfy(Self.same) && Array(rows).count == count)
            // Links, as `StagedImportStore.link` sets them.
            for _ in 0..<min(count, 50) {
                let i = Int.random(in: 0..<count, using: &rng)
                let related: Int64? = Bool.random(using: &rng) ? nil : Int64.random(in: Int64.min...Int64.max, using: &rng)
                rows.setRelated(i, to: related)
                made[i].relatedTransactionID = related
            }
            for i in rows.indices { #expect(Self.same(rows[i], made[i]), "row \(i) after links") }
            let from = Int.random(in: 0...count, using: &rng)
            let slice = StagedRows(rows[from...])
            #expect(slice.count == count - from && zip(slice, made[from...]).allSatisfy(Self.same))
            var seen: [Int] = []
            rows.removeAll { i, t in
                seen.append(i)
                #expect(Self.same(t, made[i]))
            }
            #expect(seen == Array(0..<count) && rows.isEmpty)
        }
    }
}
