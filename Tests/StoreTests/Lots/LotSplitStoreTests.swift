import Foundation
import Testing
@testable import Core
@testable import Store

/// Lots follow a split recorded as a `split` transaction (`a:split{ ratio = "2:1" }`): each
/// lot of the holding shares the new quantity, keeps its date and its cost.
@Suite("Lots through a recorded split")
struct LotSplitStoreTests: StoreRuleTesting {
    @Test("a 2:1 split doubles each lot's units, keeps dates and costs; FIFO then sells from the oldest")
    func split() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-01-05")
            _ = try s.execute(Trade(.buy, asset: a.id!, quantity: 10, price: 20, date: d("2024-03-01")))
            _ = try s.execute(Split(asset: a.id!, ratio: try SplitRatio("2:1"), date: d("2024-04-02")))
            let lots = try s.openLots(ofAsset: a.id!, method: .fifo, on: d("2024-04-03"))
            #expect(lots.map(\.lot.acquired) == [d("2024-01-05"), d("2024-03-01")])
            #expect(lots.map(\.lot.quantity) == [20, 20])
            #expect(lots.map(\.lot.cost) == [100, 200])
            // 25 sold at 15: the first lot (20 units, cost 100) and 5 of the second (cost 50).
            _ = try s.execute(Trade(.sell, asset: a.id!, quantity: 25, price: 15, date: d("2024-05-01")))
            #expect(try s.realizedGains(method: .fifo).map(\.piece.gain) == [200, 25])
            #expect(try s.openLots(ofAsset: a.id!, method: .fifo, on: d("2024-05-02")).map(\.lot.quantity) == [15])
        }
    }

    @Test("a 1:10 reverse split shares the new total exactly over the lots")
    func reverse() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "30", price: "1", date: "2024-01-05")
            _ = try s.execute(Trade(.buy, asset: a.id!, quantity: 70, price: 2, date: d("2024-02-01")))
            _ = try s.execute(Split(asset: a.id!, ratio: try SplitRatio("1:10"), date: d("2024-04-02")))
            let lots = try s.openLots(ofAsset: a.id!, method: .fifo, on: d("2024-04-03"))
            #expect(lots.map(\.lot.quantity) == [3, 7])
            #expect(lots.map(\.lot.cost) == [30, 140])
        }
    }
}
