import Foundation
import Testing
@testable import Core

private func d(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func x(_ text: String) -> ExactDecimal { ExactDecimal(string: text)! }

/// Every method against a hand calculation, on one history with a split, a move between
/// platforms, a stock dividend, a partial sale with fees and two currencies (USD lots
/// reported in EUR). Holding 1 is broker A, holding 2 broker B.
@Suite("Lot engine: every method against a hand calculation")
struct LotBookTests {
    /// 10 @ 100 + fee 10 (EUR rate 0.9); 10 @ 150 (0.8); split 2:1; 10 units moved A → B;
    /// a stock dividend of 4 on A; A sells 12 @ 80 with fees 12 at 0.85.
    func history(chosen: [LotPick] = []) -> [LotEvent] {
        [
            .acquire(date: d("2023-01-10"), holding: 1, quantity: 10, cost: 1010, rate: x("0.9")),
            .acquire(date: d("2023-06-01"), holding: 1, quantity: 10, cost: 1500, rate: x("0.8")),
            .split(date: d("2024-01-15"), ratio: 2),
            .move(date: d("2024-02-01"), from: 1, to: 2, quantity: 10),
            .stockDividend(date: d("2024-03-01"), holding: 1, quantity: 4),
            .dispose(.init(date: d("2024-06-03"), holding: 1, quantity: 12, proceeds: 960, fees: 12, rate: x("0.85"), chosen: chosen, reference: 7)),
        ]
    }

    func summary(_ lots: [OpenLot]) -> [String] { lots.map { "\($0.holding) \($0.acquired) \($0.quantity.normalized) \($0.cost.normalized) \($0.convertedCost.normalized)" } }
    func summary(_ pieces: [RealizedPiece]) -> [String] {
        pieces.map { "\($0.acquired) \($0.quantity.normalized) \($0.proceeds.normalized) \($0.fees.normalized) \($0.cost.normalized) \($0.gain.normalized) \($0.convertedGain.normalized)" }
    }

    @Test("FIFO: the move takes 10 of the oldest lot; the sale closes the rest of it and 2 of the next")
    func fifo() throws {
        let book = try LotBook.of(history(), method: .fifo)
        // 790 − 505 = 285 (EUR 671.5 − 454.5 = 217); 158 − 150 = 8 (EUR 134.3 − 120 = 14.3)
        #expect(summary(book.realized) == ["2023-01-10 10 790 10 505 285 217", "2023-06-01 2 158 2 150 8 14.3"])
        #expect(summary(book.openLots()) == ["2 2023-01-10 10 505 454.5", "1 2023-06-01 18 1350 1080", "1 2024-03-01 4 0 0"])
        #expect(book.openLots(holding: 2).map(\.costPerUnit) == [x("50.5")])  // 100 + fee, halved by the split
    }

    @Test("LIFO: the move takes the newest lot; the sale closes the stock dividend, then the newest")
    func lifo() throws {
        let book = try LotBook.of(history(), method: .lifo)
        #expect(summary(book.realized) == ["2024-03-01 4 316 4 0 316 268.6", "2023-06-01 8 632 8 600 32 57.2"])
        #expect(summary(book.openLots()) == ["1 2023-01-10 20 1010 909", "1 2023-06-01 2 150 120", "2 2023-06-01 10 750 600"])
        let period = HoldingPeriod()
        #expect(book.realized.map { period.term(from: $0.acquired, to: $0.sold) } == [.short, .long])
        #expect(book.realized.map(\.holdingDays) == [94, 368])
    }

    @Test("HIFO: the highest cost per unit first (75 before 50.5 before 0)")
    func hifo() throws {
        let book = try LotBook.of(history(), method: .hifo)
        #expect(summary(book.realized) == ["2023-06-01 10 790 10 750 40 71.5", "2023-01-10 2 158 2 101 57 43.4"])
        #expect(summary(book.openLots()) == ["1 2023-01-10 18 909 818.1", "2 2023-06-01 10 750 600", "1 2024-03-01 4 0 0"])
    }

    @Test("average: the running average of Position; the move carries 10 units at the average, the sale 12 at A's average")
    func average() throws {
        let book = try LotBook.of(history(), method: .average)
        // A: 40 units cost 2510 after the split; 10 leave at 627.5 → 30 at 1882.5; +4 at 0 → 34 at 1882.5
        let removed: ExactDecimal = x("1882.5") * 12 / 34
        #expect(book.realized.reduce(0) { $0 + $1.cost } == removed)
        #expect(book.realized.reduce(0) { $0 + $1.gain } == 948 - removed)
        #expect(book.realized.map(\.acquired) == [d("2023-01-10"), d("2023-06-01")])  // dates: the oldest leave first
        let b = book.openLots(holding: 2)
        #expect(summary(b) == ["2 2023-01-10 10 627.5 527.25"])
        #expect(book.openLots(holding: 1).reduce(0) { $0 + $1.cost } == x("1882.5") - removed)
    }

    @Test("specific: the lots the sale names, checked against the open lots")
    func specific() throws {
        let picks = [LotPick(acquired: d("2023-06-01"), quantity: 7), LotPick(acquired: d("2024-03-01"), quantity: 4), LotPick(acquired: d("2023-01-10"), quantity: 1)]
        let book = try LotBook.of(history(chosen: picks), method: .specific)
        #expect(summary(book.realized) == ["2023-06-01 7 553 7 525 28 50.05", "2024-03-01 4 316 4 0 316 268.6", "2023-01-10 1 79 1 50.5 28.5 21.7"])
        // Without a choice "specific" closes the oldest first, as FIFO does.
        #expect(try LotBook.of(history(), method: .specific).realized == LotBook.of(history(), method: .fifo).realized)
    }

    @Test("a choice that does not match the open lots is refused, saying why")
    func wrongChoices() {
        let cases: [([LotPick], String)] = [
            ([LotPick(acquired: d("2023-06-01"), quantity: 11)], "The chosen lots add up to 11, not the 12 sold."),
            ([LotPick(acquired: d("2023-02-02"), quantity: 12)],
             "No open lot of 'ACME' was acquired on 2023-02-02 (open lots on 2024-06-03: 2023-01-10 × 10, 2023-06-01 × 20, 2024-03-01 × 4)."),
            ([LotPick(acquired: d("2024-03-01"), quantity: 12)], "Only 4 units of 'ACME' acquired on 2024-03-01 are open on 2024-06-03, not 12."),
        ]
        for (picks, message) in cases {
            #expect(throws: RuleViolation.self) { try LotBook.of(history(chosen: picks), method: .specific, asset: "ACME") }
            do { _ = try LotBook.of(history(chosen: picks), method: .specific, asset: "ACME") } catch { #expect("\(error)" == message) }
        }
    }

    @Test("a transfer in with a cost keeps its acquisition date; a reverse split lowers the quantity and keeps the cost")
    func transferInAndReverseSplit() throws {
        let book = try LotBook.of([
            .transferIn(date: d("2024-05-01"), holding: 1, quantity: 100, cost: 2000, acquired: d("2020-03-02"), rate: 1),
            .split(date: d("2024-06-01"), ratio: x("0.1")),
        ], method: .fifo)
        #expect(summary(book.openLots()) == ["1 2020-03-02 10 2000 2000"])
        #expect(HoldingPeriod().term(from: d("2020-03-02"), to: d("2024-06-02")) == .long)
        #expect(HoldingPeriod(longTermDays: 365).term(from: d("2024-01-01"), to: d("2024-12-31")) == .short)  // 365 days: not more
        #expect(HoldingPeriod(longTermDays: 365).term(from: d("2023-01-01"), to: d("2024-01-02")) == .long)
    }

    @Test("selling more than the open lots hold is refused")
    func tooMuch() {
        #expect(throws: RuleViolation.self) {
            try LotBook.of([.acquire(date: d("2024-01-01"), holding: 1, quantity: 1, cost: 1, rate: 1),
                            .dispose(.init(date: d("2024-01-02"), holding: 1, quantity: 2, proceeds: 2))], method: .fifo)
        }
    }
}
