import Foundation
import Testing
@testable import Core

/// The XIRR scan's estimate (powers of a daily factor instead of an `exp` per flow) must
/// find exactly the rates the old scan found (`ReferenceXIRR`), whatever the flows.
@Suite("XIRR: the faster scan equals the old one")
struct XIRREquivalenceTests {
    typealias Random = PerformanceEquivalenceTests.Random

    static func flows(seed: UInt64, count: Int, spanDays: Int) -> [CashFlow] {
        var random = Random(seed: seed)
        let start = CalendarDate("2005-03-01")!
        var flows: [CashFlow] = []
        for _ in 0..<count {
            let amount = random.decimal(100_000, places: 2)
            // Mostly money in (negative for the investor), some out; unsorted dates.
            flows.append(CashFlow(date: start.adding(days: random.below(spanDays)), amount: random.chance(75) ? -amount : amount))
        }
        flows.append(CashFlow(date: start.adding(days: spanDays), amount: random.decimal(count * 60_000, places: 2)))
        return flows
    }

    @Test("Random flows: 2 to 1,000 of them over 1 to 40 years", arguments: 0..<42)
    func random(seed: Int) {
        let counts = [2, 3, 5, 20, 100, 300, 1_000]
        let count = counts[seed % counts.count]
        let span = 365 + (seed * 1_777) % (40 * 365)
        let flows = Self.flows(seed: UInt64(seed) &+ 17, count: count, spanDays: span)
        #expect(Returns.xirr(flows) == ReferenceXIRR.xirr(flows), "seed \(seed)")
        #expect(Returns.xirr(flows, annualizeShortPeriod: true) == ReferenceXIRR.xirr(flows, annualizeShortPeriod: true), "seed \(seed)")
    }

    @Test("Flows whose rate lies on or next to a rate of the scan's grid")
    func onTheGrid() {
        let start = CalendarDate("2010-01-01")!
        for rate in Returns.xirrGrid where rate > -0.99 && rate < 50 {
            for days in [365, 1_000, 7_000] {
                let end = 1_000_000 * Foundation.pow(1 + rate, Double(days) / 365)
                guard let endValue = ExactDecimal(shortestTextOf: end)?.rounded(places: 2), !endValue.isZero else { continue }
                let flows = [CashFlow(date: start, amount: -1_000_000), CashFlow(date: start.adding(days: days / 2), amount: -10),
                             CashFlow(date: start.adding(days: days), amount: endValue)]
                #expect(Returns.xirr(flows) == ReferenceXIRR.xirr(flows), "rate \(rate), \(days) days")
            }
        }
    }

    @Test("Several roots and no root are reported as before")
    func rootsReported() {
        let d = { (s: String) in CalendarDate(s)! }
        let several = [CashFlow(date: d("2020-01-01"), amount: -100), CashFlow(date: d("2021-01-01"), amount: 230),
                       CashFlow(date: d("2022-01-01"), amount: -132)]
        #expect(Returns.xirr(several) == ReferenceXIRR.xirr(several))
        let none = [CashFlow(date: d("2020-01-01"), amount: -100), CashFlow(date: d("2021-01-01"), amount: 300),
                    CashFlow(date: d("2022-01-01"), amount: -300)]
        #expect(Returns.xirr(none) == ReferenceXIRR.xirr(none))
    }

    @Test("The scan's four rates at a time give each rate's estimate, bit for bit", arguments: 0..<10)
    func fourAtATime(seed: Int) {
        let flows = Self.flows(seed: UInt64(seed) &+ 311, count: [2, 7, 40, 400, 2_000][seed % 5], spanDays: 200 + seed * 1_900)
        let netted = Returns.dailyNet(flows)
        guard let first = netted.first?.date else { return }
        let npv = Returns.NetPresentValue(amounts: netted.map { Returns.float($0.value) }, days: netted.map { first.days(until: $0.date) })
        // The grid, every count of rates from 1 to 9 (partial groups of four), and extremes.
        var rates = Returns.xirrGrid + [-0.99999, -1, -2, 1e6, 1e300, .infinity, .nan, 0, -0.0, 3e-9]
        rates += (0..<9).map { Double($0) * 0.37 - 0.5 }
        for count in [1, 2, 3, 4, 5, 9, rates.count] {
            let some = Array(rates.prefix(count))
            let four = npv.estimates(at: some), one = some.map { npv.estimate(at: $0) }
            #expect(four.map(\.bitPattern) == one.map(\.bitPattern), "seed \(seed), \(count) rates")
        }
    }
}

/// A report's investor flows added up per day from its sub-periods (`investorDailyNet`)
/// against `dailyNet` over the flows themselves (`InvestorFlows`).
@Suite("XIRR: the daily sums from the sub-periods equal those of the flows")
struct InvestorDailyNetTests {
    typealias Random = PerformanceEquivalenceTests.Random

    static func same(_ a: [(date: CalendarDate, value: ExactDecimal)], _ b: [(date: CalendarDate, value: ExactDecimal)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.date == $1.date && $0.value.units == $1.value.units && $0.value.scale == $1.value.scale && $0.value.isNegative == $1.value.isNegative
        }
    }

    @Test("Random flows on random boundary days: long decimals, days netting to zero, flows on the last day or none", arguments: 0..<60)
    func randomFlows(seed: Int) {
        var random = Random(seed: UInt64(seed) &* 7_919 &+ 3)
        let from = CalendarDate("2012-05-01")!, span = 1 + random.below(400)
        let to = from.adding(days: span)
        // Boundaries: from, some days in between, to; every flow falls on one of them.
        var days = Set([0, span])
        for _ in 0..<random.below(40) { days.insert(1 + random.below(span)) }
        let boundaries = days.sorted().map { from.adding(days: $0) }
        var flows: [CashFlow] = []
        for date in boundaries.dropFirst() where random.chance(70) {
            for _ in 0..<(1 + random.below(4)) {
                let amount: ExactDecimal = switch random.below(4) {
                case 0: ExactDecimal(1 + random.below(10_000)) / ExactDecimal(3 + random.below(90))  // 38 digits
                case 1: ExactDecimal(units: UInt128(random.next()) << 50 | UInt128(random.next()), scale: 30 + random.below(9), isNegative: random.chance(50))!
                default: random.decimal(50_000, places: 2) * (random.chance(40) ? -1 : 1)
                }
                flows.append(CashFlow(date: date, amount: amount))
                if random.chance(10) { flows.append(CashFlow(date: date, amount: -amount)) }  // a day netting to zero
            }
        }
        let values = boundaries.map { (date: $0, value: random.decimal(1_000_000, places: 2)) }
        let startValue = random.chance(10) ? ExactDecimal.zero : values[0].value, endValue = values[values.count - 1].value
        let periods = Returns.subPeriods(values: values, flows: flows)
        let reference = Returns.dailyNet(InvestorFlows(start: CashFlow(date: from, amount: -startValue), flows: flows,
                                                       end: CashFlow(date: to, amount: endValue)))
        let fromPeriods = Returns.investorDailyNet(from: from, startValue: startValue, periods: periods, endValue: endValue)
        #expect(Self.same(fromPeriods, reference), "seed \(seed)")
    }
}
