import Foundation
import Testing
@testable import Core
@testable import Store

/// The compact rows an import keeps of the assets it created (`CreatedHistories`), from
/// which the snapshots' replay goes through their transactions instead of reading them back:
/// each transaction as the store would read it (its decimals parsed from the texts bound, in
/// (date, id) order), the related id left out.
@Suite("Created histories: the rows as bound")
struct CreatedHistoriesTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static func decimal(_ g: inout Generator) -> ExactDecimal {
        let digits = String((0..<(1 + g.next(14))).map { _ in Character(String(g.next(10))) })
        let scale = g.next(11)
        let text = scale == 0 ? digits : (digits.count > scale ? "\(digits.dropLast(scale)).\(digits.suffix(scale))" : "0.\(digits)")
        return ExactDecimal(text)!
    }

    @Test("random rows of several assets (days out of order, notes, sources past the table's 255, another currency): each asset's transactions in (date, id) order, as read back")
    func sameAsReadBack() throws {
        var g = Generator(state: 27)
        for round in 0..<20 {
            let first = Int64(1 + g.next(1000))
            var histories = CreatedHistories(firstID: first)
            var expected: [Int64: [Transaction]] = [:]
            let types: [TransactionType] = [.buy, .sell, .dividend, .interest, .fee, .tax, .transferIn, .transferOut, .adjustment]
            for index in 0..<(1 + g.next(round == 0 ? 2000 : 300)) {
                let asset = Int64(1 + g.next(3))
                var t = Transaction(assetID: asset, type: types[g.next(types.count)], date: CalendarDate(dayNumber: 14_000 + g.next(round % 2 == 0 ? 400 : 5)),
                                    quantity: Self.decimal(&g), pricePerUnit: g.next(4) == 0 ? 0 : Self.decimal(&g),
                                    fees: g.next(3) == 0 ? Self.decimal(&g) : 0, currency: g.next(10) == 0 ? "USD" : "EUR",
                                    sourceAssetID: g.next(2) == 0 ? nil : Int64(100 + g.next(round == 0 ? 600 : 5)),
                                    relatedTransactionID: g.next(3) == 0 ? Int64(g.next(50)) : nil,
                                    note: g.next(3) == 0 ? "" : String(repeating: "nöte ", count: 1 + g.next(g.next(20) == 0 ? 80 : 3)))
                let texts = BoundTexts(quantity: try t.quantity.storedText(), price: try t.pricePerUnit.storedText(),
                                       total: try t.totalAmount.storedText(), fees: try t.fees.storedText())
                histories.append(t, asset: asset, texts: texts, index: index, source: t.sourceAssetID)
                t.id = first + Int64(index)
                t.relatedTransactionID = nil
                for (text, path) in [(texts.quantity, \Transaction.quantity), (texts.price, \.pricePerUnit), (texts.total, \.totalAmount), (texts.fees, \.fees)] {
                    t[keyPath: path] = ExactDecimal(text)!
                }
                expected[asset, default: []].append(t)
            }
            #expect(histories.ids == Set(expected.keys))
            for (asset, rows) in expected {
                var given: [Transaction] = []
                #expect(histories.forEach(of: asset) { given.append($0) })
                let ordered = rows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
                #expect(given == ordered, "round \(round), asset \(asset)")
                for (a, b) in zip(given, ordered) {
                    #expect(a.quantity.plainText == b.quantity.plainText && a.pricePerUnit.plainText == b.pricePerUnit.plainText)
                }
            }
            #expect(!histories.forEach(of: 99) { _ in })
        }
    }

    @Test("a text longer than its length holds (a note past 65,535 bytes): false, the rows to be read back")
    func unfit() throws {
        var histories = CreatedHistories(firstID: 1)
        let t = Transaction(assetID: 1, type: .buy, date: CalendarDate("2024-01-02")!, quantity: 1, pricePerUnit: 2, currency: "EUR")
        let texts = BoundTexts(quantity: "1", price: "2", total: "2", fees: "0")
        histories.append(t, asset: 1, texts: texts, index: 0, source: nil)
        var long = t
        long.note = String(repeating: "x", count: 70_000)
        histories.append(long, asset: 2, texts: texts, index: 1, source: nil)
        histories.append(t, asset: 2, texts: texts, index: 2, source: nil)
        var count = 0
        #expect(histories.forEach(of: 1) { _ in count += 1 })
        #expect(count == 1)
        #expect(!histories.forEach(of: 2) { _ in })
    }
}
