import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

@Suite struct AllocationTests {
    @Test func seedsExample4ByType() {
        let rows = Allocation.rows([("stock", 3000), ("stock", 2000), ("crypto", 1500), ("bond", 2000), ("cash", 1500)])
        #expect(rows.map(\.key) == ["stock", "bond", "cash", "crypto"])
        #expect(rows.map(\.value) == [5000, 2000, 1500, 1500])
        #expect(rows.map(\.percent) == [50, 20, 15, 15])
    }

    @Test func seedsPhasesExample65_20_15() {
        let rows = Allocation.rows(["Stocks": 6500, "Bonds": 2000, "Crypto": 1500])
        #expect(rows.map(\.percent) == [65, 20, 15])
    }

    @Test func emptyAndZeroTotalGiveNoRows() {
        #expect(Allocation.rows([]).isEmpty)
        #expect(Allocation.rows([("stock", 0), ("bond", 0)]).isEmpty)
        #expect(Allocation.rows([("a", 5), ("b", -5)]).isEmpty)
    }

    @Test func threeEqualThirdsSumToExactly100() {
        let rows = Allocation.rows([("c", 1), ("a", 1), ("b", 1)])
        #expect(rows.map(\.key) == ["a", "b", "c"])
        #expect(rows.map(\.percent) == [dec("33.34"), dec("33.33"), dec("33.33")])
        #expect(rows.map(\.percent).reduce(0, +) == 100)
    }

    @Test func largestRemainderGoesToTheLargestLoss() {
        // 2/3 = 66.666… and 1/3 = 33.333…: the floors 66.66 + 33.33 miss 0.01, which goes to 2/3.
        let rows = Allocation.rows([("small", 1), ("big", 2)])
        #expect(rows.map(\.percent) == [dec("66.67"), dec("33.33")])
    }

    @Test func manyUnevenValuesSumTo100() {
        let values: [(key: String, value: ExactDecimal)] = (1...7).map { (key: "k\($0)", value: ExactDecimal($0) * dec("13.37")) }
        let rows = Allocation.rows(values)
        #expect(rows.count == 7)
        #expect(rows.map(\.percent).reduce(0, +) == 100)
        for row in rows { #expect(row.percent == row.percent.rounded(places: 2)) }
        #expect(rows.first?.key == "k7")
    }

    @Test func singleEntryIs100() {
        #expect(Allocation.rows([("only", dec("0.01"))]) == [AllocationRow(key: "only", value: dec("0.01"), percent: 100)])
    }

    @Test func equalValuesSortByKey() {
        let rows = Allocation.rows([("z", 10), ("m", 10), ("a", 30)])
        #expect(rows.map(\.key) == ["a", "m", "z"])
        #expect(rows.map(\.percent) == [60, 20, 20])
    }

    @Test func zeroValueEntryIsKeptAtZeroPercent() {
        let rows = Allocation.rows([("a", 100), ("b", 0)])
        #expect(rows.map(\.percent) == [100, 0])
    }
}
