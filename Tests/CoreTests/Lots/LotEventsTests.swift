import Foundation
import Testing
@testable import Core

/// The adapter from today's transactions, and the worked examples of
/// Documentation/AverageCost.md with lots beside the running average.
@Suite("Lots from transactions: AverageCost.md's examples and the running average")
struct LotEventsTests {
    let day = CalendarDate("2024-01-02")!

    func tx(_ type: TransactionType, _ quantity: ExactDecimal, _ price: ExactDecimal, id: Int64, asset: Int64 = 1,
            fees: ExactDecimal = 0, related: Int64? = nil) -> Transaction {
        Transaction(id: id, assetID: asset, type: type, date: day.adding(days: Int(id)), quantity: quantity, pricePerUnit: price, fees: fees,
                    currency: "USD", relatedTransactionID: related)
    }

    func book(_ transactions: [Transaction], _ method: LotMethod, choices: [Int64: [LotPick]] = [:]) throws -> LotBook {
        try LotBook.of(LotEvents.from(transactions, choices: choices) { _, _ in 1 }, method: method)
    }

    func close(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
        let difference = a - b, tiny = ExactDecimal(string: "0.0000000000000000000001")!
        return difference < tiny && difference > 0 - tiny
    }

    func gain(_ book: LotBook) -> ExactDecimal { book.realized.reduce(0) { $0 + $1.gain } }
    func openCost(_ book: LotBook) -> ExactDecimal { book.openLots().reduce(0) { $0 + $1.cost } }

    @Test("buy 10 @ 10, buy 10 @ 12, sell 5 @ 15: average 165 left and 20 realized; FIFO 170 and 25; LIFO and HIFO 160 and 15")
    func firstExample() throws {
        let history = [tx(.buy, 10, 10, id: 1), tx(.buy, 10, 12, id: 2), tx(.sell, 5, 15, id: 3)]
        let expected: [LotMethod: (ExactDecimal, ExactDecimal)] = [.average: (165, 20), .fifo: (170, 25), .lifo: (160, 15), .hifo: (160, 15)]
        for (method, (cost, realized)) in expected {
            let b = try book(history, method)
            #expect(openCost(b) == cost, "\(method)")
            #expect(gain(b) == realized, "\(method)")
        }
        #expect(try book(history, .average).openLots().map(\.cost) == [55, 110])  // 165 shared 5 : 10
    }

    @Test("10 @ 150 + 5 @ 160, sell 5 @ 170: average realizes 83.33…, exactly as Position; FIFO 100; LIFO and HIFO 50")
    func secondExample() throws {
        let history = [tx(.buy, 10, 150, id: 1), tx(.buy, 5, 160, id: 2), tx(.sell, 5, 170, id: 3)]
        #expect(gain(try book(history, .average)) == Position.of(history).realizedGain)
        #expect(gain(try book(history, .average)).rounded(places: 2) == ExactDecimal(string: "83.33"))
        #expect(gain(try book(history, .fifo)) == 100)
        #expect(gain(try book(history, .lifo)) == 50)
        #expect(gain(try book(history, .hifo)) == 50)
    }

    @Test("buy 10 @ 100, sell 10 @ 120, buy 10 @ 200: every method realizes 200 and holds one lot at 2000")
    func buyAfterSell() throws {
        let history = [tx(.buy, 10, 100, id: 1), tx(.sell, 10, 120, id: 2), tx(.buy, 10, 200, id: 3)]
        for method in LotMethod.allCases {
            let b = try book(history, method)
            #expect(gain(b) == 200)
            #expect(b.openLots().map(\.cost) == [2000])
        }
    }

    @Test("a linked transfer out and in between two assets is a move: the lot keeps its date and cost")
    func move() throws {
        let history = [tx(.buy, 10, 100, id: 1, fees: 5), tx(.transferOut, 4, 100, id: 2, related: 3), tx(.transferIn, 4, 999, id: 3, asset: 2, related: 2)]
        let b = try book(history, .fifo)
        #expect(b.openLots(holding: 2).map(\.acquired) == [day.adding(days: 1)])
        #expect(b.openLots(holding: 2).map(\.cost) == [402])  // 1005 × 4 ÷ 10, not 4 × 999
        // An unlinked transfer out leaves without a gain; an unlinked transfer in is a lot at its price.
        let apart = try book([tx(.buy, 10, 100, id: 1), tx(.transferOut, 4, 100, id: 2), tx(.transferIn, 4, 90, id: 3, asset: 2)], .fifo)
        #expect(apart.realized.isEmpty)
        #expect(apart.openLots(holding: 2).map(\.cost) == [360])
    }

    @Test("fees: buy fees in the lot's cost, sell fees shared over the pieces in proportion")
    func fees() throws {
        let b = try book([tx(.buy, 3, 10, id: 1, fees: 3), tx(.buy, 1, 20, id: 2), tx(.sell, 4, 30, id: 3, fees: 8)], .fifo)
        #expect(b.realized.map(\.fees) == [6, 2])
        #expect(b.realized.map(\.cost) == [33, 20])
        #expect(b.realized.map(\.gain) == [51, 8])  // 90 − 6 − 33; 30 − 2 − 20
    }

    @Test("adjustments: up at the average cost, down without a gain; under average the totals equal Position's on random histories")
    func averageEqualsPosition() throws {
        var random = SplitMix64(seed: 25)
        for _ in 0..<200 {
            var history: [Transaction] = []
            var held: ExactDecimal = 0
            for id in Int64(1)...Int64(random.next() % 12 + 2) {
                let price = ExactDecimal(Int(random.next() % 5000) + 1) / 100
                let fees = ExactDecimal(Int(random.next() % 300)) / 100
                let roll = random.next() % 10
                if roll < 5 || held.isZero {
                    let q = ExactDecimal(Int(random.next() % 40) + 1) / 4
                    history.append(tx(roll == 0 ? .dividend : .buy, q, price, id: id, fees: roll == 0 ? 0 : fees))
                    held = held + q
                } else if roll < 8 {
                    let q = max(held * ExactDecimal(Int(random.next() % 100) + 1) / 100, held / 3).rounded(places: 4)
                    history.append(tx(.sell, min(q, held), price, id: id, fees: fees))
                    held = held - min(q, held)
                } else if roll < 9 {
                    history.append(tx(.transferOut, held / 2, price, id: id))
                    held = held - held / 2
                } else {
                    history.append(tx(.adjustment, 3, price, id: id))
                    held = held + 3
                }
            }
            let b = try book(history, .average)
            let p = Position.of(history)
            // Equal to the cent and far beyond: only the 38th significant digit may differ,
            // where the pieces' shares were rounded before being added up again.
            #expect(close(gain(b), p.realizedGain))
            #expect(close(openCost(b), p.costBasis))
            #expect(gain(b).rounded(places: 2) == p.realizedGain.rounded(places: 2))
        }
    }
}
