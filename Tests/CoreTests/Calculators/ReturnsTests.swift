import Foundation
import Testing
@testable import Core

private func d(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

/// The reference values and each measure's definition, edge by edge.
@Suite("Returns: TWR, Modified Dietz, XIRR, CAGR, growth, cumulative")
struct ReturnsTests {
    // MARK: TWR

    @Test("TWR: 1,000,000 → 1,162,484 before a 100,000 deposit, then → 1,192,328 is 0.0978849813")
    func twrReference() throws {
        let twr = Returns.timeWeighted([
            .init(from: d("2024-01-01"), to: d("2024-06-30"), startValue: 1_000_000, endValue: 1_262_484, flow: 100_000),
            .init(from: d("2024-06-30"), to: d("2024-12-31"), startValue: 1_262_484, endValue: 1_192_328, flow: 0),
        ])
        let value = try #require(twr.figure.value)
        #expect(abs(value - dec("0.0978849813")) < dec("0.000000001"))
        #expect(twr.trail[0].periodReturn == .value(dec("0.162484")))
    }

    @Test("TWR from values and flows: a flow on a valuation day belongs to the sub-period ending that day")
    func twrFromValues() throws {
        let twr = Returns.timeWeighted(values: [(d("2024-01-01"), 100), (d("2024-02-01"), 220), (d("2024-03-01"), 242)],
                                       flows: [CashFlow(date: d("2024-02-01"), amount: 100)])
        // (220 − 100 − 100) ÷ 100 = 0.2, then 242 ÷ 220 − 1 = 0.1 → 1.2 × 1.1 − 1 = 0.32
        #expect(twr.figure == .value(dec("0.32")))
    }

    @Test("TWR: a sub-period starting at zero is skipped, never −100 %")
    func twrSkipsZeroStart() throws {
        let twr = Returns.timeWeighted([
            .init(from: d("2024-01-01"), to: d("2024-02-01"), startValue: 100, endValue: 0, flow: -110),   // sold everything: +10 %
            .init(from: d("2024-02-01"), to: d("2024-03-01"), startValue: 0, endValue: 50, flow: 50),       // reopened
            .init(from: d("2024-03-01"), to: d("2024-04-01"), startValue: 50, endValue: 55, flow: 0),       // +10 %
        ])
        #expect(twr.figure == .value(dec("0.21")))
        #expect(twr.trail[1].periodReturn == .unavailable(Returns.Reason.startValueZero))
    }

    @Test("TWR: nothing held at all, or a single valuation, gives a reason")
    func twrUnavailable() {
        #expect(Returns.timeWeighted([]).figure == .unavailable(Returns.Reason.fewerThanTwoValuations))
        let none = Returns.timeWeighted([.init(from: d("2024-01-01"), to: d("2024-02-01"), startValue: 0, endValue: 0, flow: 0)])
        #expect(none.figure.reason?.hasPrefix(Returns.Reason.startValueZero) == true)
        #expect(Returns.timeWeighted(values: [(d("2024-01-01"), 100)], flows: []).figure == .unavailable(Returns.Reason.fewerThanTwoValuations))
    }

    @Test("TWR: chaining two halves equals the whole when there is no flow at the split")
    func twrChaining() {
        let whole = Returns.timeWeighted(values: [(d("2024-01-01"), 100), (d("2024-03-01"), 130)], flows: []).figure
        let halves = Returns.timeWeighted(values: [(d("2024-01-01"), 100), (d("2024-02-01"), 117), (d("2024-03-01"), 130)], flows: []).figure
        #expect(whole == .value(dec("0.3")))
        #expect(abs(halves.value! - whole.value!) < ExactDecimal(units: 1, scale: 30, isNegative: false)!)
    }

    // MARK: Modified Dietz

    @Test("Modified Dietz: begin 100,000, end 215,000, +100,000 on day 30 / 0 / 90 of 90 → 0.09 / 0.075 / 0.15 exactly")
    func modifiedDietzReference() {
        let from = d("2024-01-01"), to = from.adding(days: 90)
        func md(day: Int) -> ReturnFigure {
            Returns.modifiedDietz(begin: 100_000, end: 215_000, flows: [CashFlow(date: from.adding(days: day), amount: 100_000)], from: from, to: to)
        }
        #expect(md(day: 30) == .value(dec("0.09")))
        #expect(md(day: 0) == .value(dec("0.075")))
        #expect(md(day: 90) == .value(dec("0.15")))
    }

    @Test("Modified Dietz: no flows is the simple return; zero days, zero capital and flows outside the period are reasons")
    func modifiedDietzEdges() {
        let from = d("2024-01-01"), to = d("2024-12-31")
        #expect(Returns.modifiedDietz(begin: 200, end: 210, flows: [], from: from, to: to) == .value(dec("0.05")))
        #expect(Returns.modifiedDietz(begin: 200, end: 210, flows: [], from: from, to: from) == .unavailable(Returns.Reason.noDays))
        #expect(Returns.modifiedDietz(begin: 0, end: 0, flows: [], from: from, to: to).reason?.hasPrefix(Returns.Reason.startValueZero) == true)
        #expect(Returns.modifiedDietz(begin: 100, end: 100, flows: [CashFlow(date: d("2025-01-01"), amount: 5)], from: from, to: to).reason?.contains("outside") == true)
        // Begin 0 with money invested on day 0 is measurable: (110 − 0 − 100) ÷ 100
        #expect(Returns.modifiedDietz(begin: 0, end: 110, flows: [CashFlow(date: from, amount: 100)], from: from, to: to) == .value(dec("0.1")))
    }

    // MARK: XIRR

    @Test("XIRR: the spreadsheet documentation example is 0.373362533 (to 1e-9)")
    func xirrSpreadsheetExample() throws {
        let flows = [("2008-01-01", -10000), ("2008-03-01", 2750), ("2008-10-30", 4250), ("2009-02-15", 3250), ("2009-04-01", 2750)]
            .map { CashFlow(date: d($0.0), amount: ExactDecimal($0.1)) }
        let rate = try #require(Returns.xirr(flows).value)
        #expect(abs(rate - dec("0.373362533")) < dec("0.000000001"))
    }

    @Test("XIRR: −1000 then +1100 a year later is 0.1; over leap year 2020 it is 0.0997135859")
    func xirrOneYear() throws {
        let plain = Returns.xirr([CashFlow(date: d("2021-01-01"), amount: -1000), CashFlow(date: d("2022-01-01"), amount: 1100)])
        #expect(plain == .value(dec("0.1")))
        let leap = try #require(Returns.xirr([CashFlow(date: d("2020-01-01"), amount: -1000), CashFlow(date: d("2021-01-01"), amount: 1100)]).value)
        #expect(abs(leap - dec("0.0997135859")) < dec("0.000000001"))
    }

    @Test("XIRR: no sign change, no root and two roots are reported as such")
    func xirrFailures() {
        let same = Returns.xirr([CashFlow(date: d("2021-01-01"), amount: -1000), CashFlow(date: d("2022-06-01"), amount: -100)])
        #expect(same == .unavailable(Returns.Reason.noSignChange))
        // −100 + 230x − 140x² has no real root (x = 1/(1+r)).
        let noRoot = Returns.xirr([CashFlow(date: d("2021-01-01"), amount: -100), CashFlow(date: d("2022-01-01"), amount: 230),
                                   CashFlow(date: d("2023-01-01"), amount: -140)])
        #expect(noRoot.reason?.hasPrefix("no root") == true)
        // −100 + 230x − 132x² = 0 at r = 10 % and r = 20 %.
        let twoRoots = Returns.xirr([CashFlow(date: d("2021-01-01"), amount: -100), CashFlow(date: d("2022-01-01"), amount: 230),
                                     CashFlow(date: d("2023-01-01"), amount: -132)])
        #expect(twoRoots.reason?.hasPrefix("several roots (0.1, 0.2)") == true)
    }

    @Test("XIRR: a span under a year is annualised only when asked; one flow is not enough")
    func xirrShortAndSingle() throws {
        let flows = [CashFlow(date: d("2024-01-01"), amount: -1000), CashFlow(date: d("2024-01-15"), amount: 1010)]
        #expect(Returns.xirr(flows).reason?.hasPrefix("the period is shorter than a year (14 days)") == true)
        let forced = try #require(Returns.xirr(flows, annualizeShortPeriod: true).value)
        #expect(forced > dec("0.29"))  // 1 % in two weeks is about 30 % a year: why it is not the default
        #expect(Returns.xirr([CashFlow(date: d("2024-01-01"), amount: -1000)]).reason?.hasPrefix("fewer than two") == true)
    }

    // MARK: CAGR, growth, cumulative

    @Test("CAGR: 100,000 (2024-01-01) → 110,000 (2025-01-01) over 366 ÷ 365 years (Actual/365, as XIRR) is 0.0997136")
    func cagrReference() throws {
        let rate = try #require(Returns.cagr(begin: 100_000, end: 110_000, from: d("2024-01-01"), to: d("2025-01-01")).value)
        #expect(rate.rounded(places: 7) == dec("0.0997136"))
        #expect(abs(rate - dec("0.0997135859")) < dec("0.000000001"))
    }

    @Test("CAGR: zero or negative values, no days and short periods give reasons")
    func cagrEdges() {
        let from = d("2024-01-01"), to = d("2025-06-01")
        #expect(Returns.cagr(begin: 0, end: 10, from: from, to: to) == .unavailable(Returns.Reason.startValueZero))
        #expect(Returns.cagr(begin: 10, end: 0, from: from, to: to).reason?.hasPrefix("end value is zero") == true)
        #expect(Returns.cagr(begin: 10, end: 11, from: from, to: from) == .unavailable(Returns.Reason.noDays))
        #expect(Returns.cagr(begin: 10, end: 11, from: from, to: d("2024-03-01")).reason?.hasPrefix("the period is shorter than a year") == true)
        #expect(Returns.cagr(begin: 10, end: 11, from: from, to: d("2024-03-01"), annualizeShortPeriod: true).value != nil)
    }

    @Test("Growth: (end − begin) ÷ begin, exact; zero start is a reason")
    func growth() {
        #expect(Returns.growth(begin: 100_000, end: 110_000) == .value(dec("0.1")))
        #expect(Returns.growth(begin: 300, end: 200) == .value(dec("-1") / 3))
        #expect(Returns.growth(begin: 0, end: 10) == .unavailable(Returns.Reason.startValueZero))
    }

    @Test("Cumulative TWR of 0.10, 0.05, −0.02 is exactly 0.1319; the series starts at a 0 % origin")
    func cumulative() {
        #expect(Returns.cumulative([dec("0.10"), dec("0.05"), dec("-0.02")]) == dec("0.1319"))
        #expect(Returns.cumulativeSeries([dec("0.10"), dec("0.05")]) == [0, dec("0.1"), dec("0.155")])
        #expect(Returns.cumulative([]) == 0)
    }

    @Test("Rebasing a range to its first point: [0.10, 0.21] → [0, 0.1]; from −100 % it is refused")
    func rebase() throws {
        #expect(try Returns.rebased([dec("0.10"), dec("0.21")]).get() == [0, dec("0.1")])
        #expect((try? Returns.rebased([-1, 0]).get()) == nil)
    }

    @Test("A year is a calendar year: 2021-01-01 → 2022-01-01 spans one, 2021-01-02 → 2022-01-01 does not")
    func yearSpan() {
        #expect(Returns.spansAtLeastAYear(from: d("2021-01-01"), to: d("2022-01-01")))
        #expect(!Returns.spansAtLeastAYear(from: d("2021-01-02"), to: d("2022-01-01")))
    }
}
