import Foundation
import Testing
@testable import Core

private let acme = Asset(id: 1, name: "ACME", type: .stock)
private let start = CalendarDate("2024-01-01")!

private func key(_ t: Transaction) -> HoldingsLedger.Key { HoldingsHistory.ledgerKey(t) }

private func message(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}

/// The lowest holdings over a stretch, walked the slow way over the ledger in order.
private func walkedLowest(_ ledger: [Transaction], from: HoldingsLedger.Key, upTo: HoldingsLedger.Key?) -> ExactDecimal {
    var held = ExactDecimal.zero
    var lowest: ExactDecimal?
    for t in ledger {
        if key(t) >= from, lowest == nil { lowest = held }
        if let upTo, key(t) >= upTo { break }
        held += t.quantityImpact
        if let l = lowest, held < l { lowest = held }
    }
    return lowest ?? held
}

/// `HoldingsLedger` and the quick form of the holdings rule (`HoldingsRules.clearlyHolds`)
/// against the full check over the whole history.
@Suite struct HoldingsLedgerTests {
    @Test("the worked example: the lowest holdings from a point, and over a stretch")
    func example() {
        let ledger = HoldingsLedger()
        ledger.append(.init(date: CalendarDate("2024-01-02")!, id: 1), 10)
        ledger.append(.init(date: CalendarDate("2024-03-01")!, id: 2), -4)
        #expect(ledger.lowest(from: .init(date: CalendarDate("2024-02-01")!, id: .max)) == 6)
        #expect(ledger.lowest(from: .init(date: CalendarDate("2024-01-01")!, id: .max)) == 0)
        #expect(ledger.lowest(from: .init(date: CalendarDate("2024-02-01")!, id: 0), upTo: .init(date: CalendarDate("2024-03-01")!, id: 2)) == 10)
        #expect(ledger.total == 6)
        ledger.remove(.init(date: CalendarDate("2024-03-01")!, id: 2))
        #expect(ledger.total == 10 && ledger.count == 1)
    }

    @Test("random inserts, removals and queries agree with a walk over the sorted ledger; its entries in order with their payloads")
    func randomOperations() {
        var random = SplitMix64(seed: 14)
        let ledger = HoldingsLedger()
        var entries: [Transaction] = []
        var nextID: Int64 = 1
        for _ in 0..<3000 {
            if !entries.isEmpty, Int.random(in: 0..<5, using: &random) == 0 {
                let t = entries.remove(at: Int.random(in: 0..<entries.count, using: &random))
                ledger.remove(key(t))
            } else {
                let t = Transaction(id: nextID, assetID: 1, type: Bool.random(using: &random) ? .buy : .sell,
                                    date: start.adding(days: Int.random(in: 0..<200, using: &random)),
                                    quantity: ExactDecimal(Int.random(in: 1...20, using: &random)), pricePerUnit: 1, currency: "USD")
                nextID += 1
                ledger.insert(key(t), t.quantityImpact, payload: Int32(t.id!) * 3)
                entries.insert(t, at: entries.firstIndex { key($0) > key(t) } ?? entries.count)
            }
            if nextID % 50 == 0 {
                // Every entry in ledger order, with its impact and payload.
                var walked: [(HoldingsLedger.Key, ExactDecimal, Int32)] = []
                ledger.forEach { walked.append(($0, $1, $2)) }
                #expect(walked.map(\.0) == entries.map(key))
                #expect(walked.map(\.1) == entries.map(\.quantityImpact))
                #expect(walked.map(\.2) == entries.map { Int32($0.id!) * 3 })
            }
            let from = HoldingsLedger.Key(date: start.adding(days: Int.random(in: -1..<202, using: &random)), id: Int64.random(in: 0..<nextID + 1, using: &random))
            let upTo: HoldingsLedger.Key? = Bool.random(using: &random) ? nil : HoldingsLedger.Key(date: from.date.adding(days: Int.random(in: 0..<30, using: &random)), id: .max)
            #expect(ledger.lowest(from: from, upTo: upTo) == walkedLowest(entries, from: from, upTo: upTo))
            #expect(ledger.total == entries.reduce(ExactDecimal.zero) { $0 + $1.quantityImpact })
            #expect(ledger.count == entries.count)
        }
    }

    /// A random change to a random ledger: a new transaction, an edit or a deletion, and the
    /// full check's verdict over the whole history.
    @Test("clearlyHolds never clears a change the full check refuses; for a new transaction it is exact")
    func quickFormAgreesWithFullCheck() throws {
        var random = SplitMix64(seed: 2024)
        var sure = 0
        for round in 0..<4000 {
            var ledger: [Transaction] = []
            for id in 1...Int64.random(in: 1...12, using: &random) {
                let type: TransactionType = [.buy, .buy, .sell, .transferOut, .adjustment].randomElement(using: &random)!
                var q = ExactDecimal(Int.random(in: 1...10, using: &random))
                if type == .adjustment, Bool.random(using: &random) { q = ExactDecimal.zero - q }
                ledger.append(Transaction(id: id, assetID: 1, type: type, date: start.adding(days: Int.random(in: 0..<20, using: &random)),
                                          quantity: q, pricePerUnit: 1, currency: "USD"))
            }
            ledger = ledger.chronological()
            let tree = HoldingsLedger(ordered: ledger)
            let whole = HoldingsHistory(opening: 0, transactions: ledger)
            let lowest = { (from: HoldingsLedger.Key, upTo: HoldingsLedger.Key?) -> ExactDecimal? in tree.lowest(from: from, upTo: upTo) }
            let pick = ledger.randomElement(using: &random)!
            var changed = pick
            changed.type = [.buy, .sell, .transferOut].randomElement(using: &random)!
            changed.quantity = ExactDecimal(Int.random(in: 1...10, using: &random))
            changed.date = start.adding(days: Int.random(in: 0..<20, using: &random))
            switch round % 3 {
            case 0:
                changed.id = nil
                let refused = message { try HoldingsRules.checkNew(changed, asset: acme, history: whole) } != nil
                #expect(HoldingsRules.clearlyHolds(removing: nil, adding: changed, lowest: lowest) == !refused)
            case 1:
                let refused = message { try HoldingsRules.checkEdit(original: pick, edited: changed, asset: acme, history: whole) } != nil
                let clear = HoldingsRules.clearlyHolds(removing: pick, adding: changed, lowest: lowest)
                #expect(!(clear && refused))
                if clear { sure += 1 }
            default:
                let refused = message { try HoldingsRules.checkDeletion(pick, asset: acme, history: whole) } != nil
                let clear = HoldingsRules.clearlyHolds(removing: pick, adding: nil, lowest: lowest)
                #expect(!(clear && refused))
                if clear { sure += 1 }
            }
        }
        #expect(sure > 500)  // the quick form clears most edits and deletions, not only the trivial ones
    }
}
