import Foundation
import Testing
@testable import Core

private func d(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func x(_ text: String) -> ExactDecimal { ExactDecimal(string: text)! }

/// Histories recorded by the commands (a split, a move between platforms, a stock dividend,
/// partial sells, a spin-off, a merger, a swap that is a move), mapped by the adapter and
/// booked under every method, each against a hand calculation; the running average of
/// every asset beside them.
@Suite("Lots through the commands: moves, stock dividends, spin-offs, mergers, swaps that are moves")
struct CorporateActionLotTests {
    func position(_ s: MemoryCommandStore, _ id: Int64) -> Position {
        Position.of(s.transactions.values.filter { $0.assetID == id }.chronological())
    }

    /// USD reported in EUR: 0.9 until 2023-06-01, then 0.8, from the sale's day 0.85.
    func eurRate(_ currency: String, _ day: CalendarDate) -> ExactDecimal {
        day < d("2023-06-01") ? x("0.9") : day < d("2024-06-03") ? x("0.8") : x("0.85")
    }

    /// ACME on platform A: 10 @ 100 + fee 10; 10 @ 150; split 2:1; 10 units moved to
    /// platform B; a stock dividend of 4; 12 sold @ 80 with fees 12.
    func platforms() throws -> (MemoryCommandStore, a: Int64, b: Int64) {
        let s = MemoryCommandStore()
        let a = try s.asset("ACME (A)").id!, b = try s.asset("ACME (B)").id!
        try s.run(Trade(.buy, asset: a, quantity: 10, price: 100, date: d("2023-01-10"), fees: 10))
        try s.run(Trade(.buy, asset: a, quantity: 10, price: 150, date: d("2023-06-01")))
        try s.run(Split(asset: a, ratio: try SplitRatio("2:1"), date: d("2024-01-15")))
        try s.run(MoveUnits(from: a, to: b, quantity: 10, date: d("2024-02-01")))
        try s.run(StockDividend(asset: a, units: 4, date: d("2024-03-01")))
        try s.run(Trade(.sell, asset: a, quantity: 12, price: 80, date: d("2024-06-03"), fees: 12))
        return (s, a, b)
    }

    func book(_ s: MemoryCommandStore, _ method: LotMethod) throws -> LotBook {
        try LotBook.of(LotEvents.from(Array(s.transactions.values), rate: eurRate), method: method)
    }

    func lots(_ book: LotBook, _ names: [Int64: String]) -> [String] {
        book.openLots().map { "\(names[$0.holding]!) \($0.acquired) \($0.quantity.normalized) \($0.cost.normalized) \($0.convertedCost.normalized)" }
    }

    func pieces(_ book: LotBook) -> [String] {
        book.realized.map { "\($0.acquired) \($0.quantity.normalized) \($0.proceeds.normalized) \($0.cost.normalized) \($0.gain.normalized) \($0.convertedGain.normalized)" }
    }

    @Test("the adapter: the linked pair is a move, the stock dividend a new lot, the split shares the new units")
    func adapter() throws {
        let (s, a, b) = try platforms()
        let events = try LotEvents.from(Array(s.transactions.values), rate: eurRate)
        #expect(events.count == 6)
        #expect(events[0] == .acquire(date: d("2023-01-10"), holding: a, quantity: 10, cost: 1010, rate: x("0.9")))
        #expect(events[2] == .splitUnits(date: d("2024-01-15"), holding: a, change: 20))
        #expect(events[3] == .move(date: d("2024-02-01"), from: a, to: b, quantity: 10))
        #expect(events[4] == .stockDividend(date: d("2024-03-01"), holding: a, quantity: 4))
        // An exchange when the units differ; a spin-off's pair; a spin-off half alone still takes its cost away.
        let out = Transaction(id: 1, assetID: 1, type: .transferOut, date: d("2024-01-01"), quantity: 10, pricePerUnit: 0, currency: "USD", relatedTransactionID: 2)
        let into = Transaction(id: 2, assetID: 2, type: .transferIn, date: d("2024-01-01"), quantity: 4, pricePerUnit: 0, currency: "USD", relatedTransactionID: 1)
        #expect(try LotEvents.from([into, out]) { _, _ in 1 } == [.exchange(date: d("2024-01-01"), from: 1, to: 2, quantity: 10, received: 4)])
        var spin = out
        spin.type = .spinOff
        spin.quantity = x("0.25")
        #expect(try LotEvents.from([spin, into]) { _, _ in 1 } == [.spinOff(date: d("2024-01-01"), from: 1, to: 2, received: 4, fraction: x("0.25"))])
        spin.relatedTransactionID = nil
        #expect(try LotEvents.from([spin]) { _, _ in 1 } == [.spinOff(date: d("2024-01-01"), from: 1, to: 1, received: 0, fraction: x("0.25"))])
    }

    @Test("FIFO, LIFO, HIFO and specific, by hand: the move carries lots with their dates; the stock dividend is a lot at 0")
    func everyMethod() throws {
        let (s, a, b) = try platforms()
        let names = [a: "A", b: "B"]
        // Split: the lots 2023-01-10 (1010, EUR 909) and 2023-06-01 (1500, EUR 1200) each hold 20.
        // FIFO: the move takes 10 of the oldest (505); the sale 12 @ 80 (960, fees 12 shared 10:2):
        // 10 of the oldest (790 − 505 = 285; EUR 671.5 − 454.5 = 217) and 2 of the next (158 − 150 = 8; EUR 134.3 − 120 = 14.3).
        let fifo = try book(s, .fifo)
        #expect(pieces(fifo) == ["2023-01-10 10 790 505 285 217", "2023-06-01 2 158 150 8 14.3"])
        #expect(lots(fifo, names) == ["B 2023-01-10 10 505 454.5", "A 2023-06-01 18 1350 1080", "A 2024-03-01 4 0 0"])
        // LIFO: the move takes 10 of the newest (750); the sale closes the dividend's 4 (316 − 0) and 8 of the newest (632 − 600).
        let lifo = try book(s, .lifo)
        #expect(pieces(lifo) == ["2024-03-01 4 316 0 316 268.6", "2023-06-01 8 632 600 32 57.2"])
        #expect(lots(lifo, names) == ["A 2023-01-10 20 1010 909", "A 2023-06-01 2 150 120", "B 2023-06-01 10 750 600"])
        // HIFO: 75 per unit before 50.5 before 0: the move takes 10 @ 75; the sale the other 10 @ 75 and 2 @ 50.5.
        let hifo = try book(s, .hifo)
        #expect(pieces(hifo) == ["2023-06-01 10 790 750 40 71.5", "2023-01-10 2 158 101 57 43.4"])
        #expect(lots(hifo, names) == ["A 2023-01-10 18 909 818.1", "B 2023-06-01 10 750 600", "A 2024-03-01 4 0 0"])
        // Specific without a choice: the oldest first, as FIFO.
        #expect(try book(s, .specific).realized == fifo.realized)
    }

    @Test("average: the lots follow Position on both platforms; B's running average took the moved cost")
    func average() throws {
        let (s, a, b) = try platforms()
        // A: 20 units cost 2510; split → 40; 10 leave at 627.5 → 30 at 1882.5; +4 at 0 → 34; 12 sold at 1882.5 × 12 ÷ 34.
        let removed: ExactDecimal = x("1882.5") * 12 / 34
        let pa = position(s, a), pb = position(s, b)
        #expect(pa.quantity == 22 && pa.costBasis == x("1882.5") - removed && pa.realizedGain == 948 - removed)
        #expect(pb.quantity == 10 && pb.costBasis == x("627.5") && pb.averageCost == x("62.75"))
        let book = try book(s, .average)
        #expect(book.realized.reduce(0) { $0 + $1.gain } == pa.realizedGain)
        #expect(book.openLots(holding: b).map { "\($0.acquired) \($0.quantity.normalized) \($0.cost.normalized) \($0.convertedCost.normalized)" }
                == ["2023-01-10 10 627.5 527.25"])  // EUR: (909 + 1200) × 10 ÷ 40
        #expect(book.openLots(holding: a).reduce(0) { $0 + $1.cost } == pa.costBasis)
    }

    /// P: 100 @ 50 (2023-01-10), 50 @ 80 (2024-01-10); spin-off of 30 C with 20 % of the
    /// cost; 25 C sold @ 70; merger of P into N 3:2; N swapped as a move into 120 M; a stock
    /// dividend of 10 M; 50 M sold @ 100.
    func corporate() throws -> (MemoryCommandStore, p: Int64, c: Int64, n: Int64, m: Int64) {
        let s = MemoryCommandStore(today: d("2024-12-31"))
        let p = try s.asset("P").id!, c = try s.asset("C").id!, n = try s.asset("N").id!, m = try s.asset("M").id!
        try s.run(Trade(.buy, asset: p, quantity: 100, price: 50, date: d("2023-01-10")))
        try s.run(Trade(.buy, asset: p, quantity: 50, price: 80, date: d("2024-01-10")))
        try s.run(SpinOff(parent: p, child: c, units: 30, costFraction: x("0.2"), date: d("2024-04-01")))
        try s.run(Trade(.sell, asset: c, quantity: 25, price: 70, date: d("2024-05-01")))
        try s.run(Merger(from: p, to: n, ratio: try SplitRatio("3:2"), date: d("2024-06-03")))
        try s.run(Swap(from: n, to: m, quantity: 225, toQuantity: 120, date: d("2024-07-01"), asMove: true))
        try s.run(StockDividend(asset: m, units: 10, date: d("2024-08-01")))
        try s.run(Trade(.sell, asset: m, quantity: 50, price: 100, date: d("2024-09-02")))
        return (s, p, c, n, m)
    }

    @Test("spin-off, merger, swap as a move: the lots keep the parent's dates under FIFO and LIFO; the running averages carry the cost")
    func spinOffMergerSwap() throws {
        let (s, p, c, n, m) = try corporate()
        let names = [p: "P", c: "C", n: "N", m: "M"]
        // Running average: P 9000 → 7200 after the spin-off (C gets 1800 for 30), C sells 25 at 1500 (realized 250),
        // N gets P's 7200 for 225, M N's 7200 for 120, then 10 at no cost: 130 at 7200; 50 sold at 7200 × 50 ÷ 130.
        #expect(position(s, p).quantity == 0 && position(s, p).realizedGain == 0)
        #expect(position(s, c).quantity == 5 && position(s, c).costBasis == 300 && position(s, c).realizedGain == 250)
        #expect(position(s, n).quantity == 0 && position(s, n).realizedGain == 0)
        let removed: ExactDecimal = x("7200") * 50 / 130
        #expect(position(s, m).quantity == 80 && position(s, m).realizedGain == 5000 - removed)
        // Lots: the spin-off gives each P lot's 20 % to a C lot of its date (30 shared 100 : 50 → 20 and 10):
        // C 2023-01-10 20 @ 1000, 2024-01-10 10 @ 800; P keeps 100 @ 4000 and 50 @ 3200.
        // The merger gives N 150 @ 4000 and 75 @ 3200; the swap M 80 @ 4000 and 40 @ 3200 (120 shared 150 : 75).
        // FIFO: C's sale (25 @ 70 = 1750, shared 20 : 5) closes 20 of 2023-01-10 (1400 − 1000 = 400) and 5 of 2024-01-10
        // (350 − 400 = −50); M's sale (50 @ 100) closes 50 of 2023-01-10's 80 (5000 − 2500 = 2500).
        let fifo = try book(s, .fifo)
        let fifoLocal = fifo.realized.map { "\(names[$0.holding]!) \($0.acquired) \($0.quantity.normalized) \($0.proceeds.normalized) \($0.cost.normalized) \($0.gain.normalized)" }
        #expect(fifoLocal == ["C 2023-01-10 20 1400 1000 400", "C 2024-01-10 5 350 400 -50", "M 2023-01-10 50 5000 2500 2500"])
        #expect(fifo.openLots().map { "\(names[$0.holding]!) \($0.acquired) \($0.quantity.normalized) \($0.cost.normalized)" }
                == ["M 2023-01-10 30 1500", "C 2024-01-10 5 400", "M 2024-01-10 40 3200", "M 2024-08-01 10 0"])
        // LIFO: C's sale closes 10 of 2024-01-10 (700 − 800 = −100) and 15 of 2023-01-10 (1050 − 750 = 300);
        // M's sale the stock dividend's 10 (1000 − 0) and the 40 of 2024-01-10 (4000 − 3200 = 800).
        let lifo = try book(s, .lifo)
        let lifoLocal = lifo.realized.map { "\(names[$0.holding]!) \($0.acquired) \($0.quantity.normalized) \($0.proceeds.normalized) \($0.cost.normalized) \($0.gain.normalized)" }
        #expect(lifoLocal == ["C 2024-01-10 10 700 800 -100", "C 2023-01-10 15 1050 750 300", "M 2024-08-01 10 1000 0 1000", "M 2024-01-10 40 4000 3200 800"])
        let period = HoldingPeriod()
        #expect(lifo.realized.map { period.term(from: $0.acquired, to: $0.sold) } == [.short, .long, .short, .short])
        // Average: the realized totals are the running average's, per asset.
        let average = try book(s, .average)
        #expect(average.realized.filter { $0.holding == c }.reduce(0) { $0 + $1.gain } == 250)
        #expect(average.realized.filter { $0.holding == m }.reduce(0) { $0 + $1.gain } == 5000 - removed)
        #expect(average.openLots(holding: m).reduce(0) { $0 + $1.cost } == x("7200") - removed)
    }
}
