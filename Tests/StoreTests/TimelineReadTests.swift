import Foundation
import Testing
@testable import Core
@testable import Store

/// The timeline reads prices by index seeks for few dates and in one pass for many: both give
/// the same values, to the last digit.
@Suite("Timeline reads")
struct TimelineReadTests: StoreRuleTesting {
    @Test("seeks (few dates) and one pass (many dates) agree on every shared date")
    func seeksMatchOnePass() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "10", price: "12.5", date: "2023-01-02")
            let b = try asset(s, "B", .stock, quantity: "3", price: "100", date: "2023-01-02")
            for (i, day) in ["2023-02-01", "2023-03-15", "2023-07-31", "2024-01-10", "2024-05-30"].enumerated() {
                _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d(day), price: x("12.5") + ExactDecimal(i)))
                _ = try s.record(Transaction(assetID: b.id!, type: .buy, date: d(day), quantity: x("0.5"), pricePerUnit: x("101.25"), currency: "USD"))
            }
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2023-08-01"), quantity: 4, pricePerUnit: 13, currency: "USD"))
            let daily = try StoreSession.timelineDates(from: d("2022-12-01"), to: d("2024-06-01"), monthly: false)
            let manyDates = daily + (1...10_000).map { _ in daily.last! }  // past 20,000 date × asset pairs
            let onePass = Dictionary(try s.timeline(of: [a, b], dates: manyDates).map { ($0.date, $0.value) }, uniquingKeysWith: { x, _ in x })
            let monthly = try StoreSession.timelineDates(from: d("2022-12-01"), to: d("2024-06-01"), monthly: true)
            let seeks = try s.timeline(of: [a, b], dates: monthly)
            #expect(seeks.count == monthly.count)
            for row in seeks { #expect(onePass[row.date] == row.value, "\(row.date)") }
            #expect(seeks.last!.value > 0)
        }
    }
}
