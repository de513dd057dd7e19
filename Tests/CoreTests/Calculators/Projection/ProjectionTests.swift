import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
private let start = CalendarDate("2025-01-01")!

@Suite struct ProjectionTests {
    @Test("the deterministic path matches the closed-form annuity value")
    func annuity() throws {
        let a = ProjectionAssumptions(startDate: start, startValue: 10000, contribution: 500, annualReturn: dec("0.06"), months: 240)
        let path = try Projection.path(a)
        let g = pow(1.06, 1.0 / 12), n = 240.0
        let closed = 10000 * pow(g, n) + 500 * (pow(g, n) - 1) / (g - 1)
        #expect(abs(Projection.double(path.final) - closed) < 0.05)
        #expect(path.points.count == 240 && path.points.last!.date == CalendarDate("2045-01-01")!)
        #expect(path.points.last!.contributed == 120000)
    }

    @Test("zero return: start plus contributions; yearly contributions grow each year")
    func contributions() throws {
        #expect(try Projection.path(ProjectionAssumptions(startDate: start, startValue: 1000, contribution: 100, months: 12)).final == 2200)
        let yearly = ProjectionAssumptions(startDate: start, startValue: 0, contribution: 1200, frequency: .yearly,
                                           contributionGrowth: dec("0.1"), months: 36)
        #expect(try Projection.path(yearly).final == 1200 + 1320 + 1452)
    }

    @Test("fees lower and inflation deflates; the goal is met in today's money")
    func feesAndInflation() throws {
        let base = ProjectionAssumptions(startDate: start, startValue: 10000, annualReturn: dec("0.05"), months: 120)
        var withFees = base; withFees.fees = dec("0.01")
        #expect(try Projection.path(withFees).final < (try Projection.path(base).final))
        var inflated = base; inflated.inflation = dec("0.05")
        let last = try Projection.path(inflated).points.last!
        #expect(abs(last.realValue - 10000) < 1)
        var goal = base; goal.goal = 15000
        #expect(try Projection.path(goal).reachDate == CalendarDate("2033-05-01")!)
    }

    @Test("required monthly: the seeds' simple formula and the annuity that lands on the goal")
    func requiredMonthly() throws {
        #expect(Projection.requiredMonthlySimple(goal: 10000, current: 4000, months: 5) == 1200)
        #expect(Projection.requiredMonthlySimple(goal: 10000, current: 12000, months: 5) == 0)
        var a = ProjectionAssumptions(startDate: start, startValue: 5000, annualReturn: dec("0.06"), months: 120)
        let c = Projection.requiredMonthlyCompounding(a, goal: 100000)
        a.contribution = c
        #expect(abs(try Projection.path(a).final - 100000) < 1)
        var flat = a; flat.annualReturn = 0
        #expect(Projection.requiredMonthlyCompounding(flat, goal: 100000) == Projection.requiredMonthlySimple(goal: 100000, current: 5000, months: 120))
    }

    @Test("a custom drawdown rule: 4 % of the value each January, paid monthly, never below zero")
    func drawdown() throws {
        let a = ProjectionAssumptions(startDate: start, startValue: 1_000_000, annualReturn: dec("0.05"), months: 360)
        var yearly = 0.0
        let hooks = ProjectionHooks(cashFlow: { step in
            if (step.month - 1) % 12 == 0 { yearly = step.value * 0.04 }
            return -yearly / 12
        })
        let path = try Projection.path(a, hooks: hooks)
        #expect(path.depletedDate == nil)
        #expect(path.points[0].contributed == dec("-3333.33"))
        #expect(path.final > 1_000_000)
        let greedy = ProjectionHooks(cashFlow: { _ in -20000 })
        #expect(try Projection.path(a, hooks: greedy).depletedDate != nil)
        #expect(try Projection.path(a, hooks: greedy).final == 0)
    }

    @Test("whole months between dates, at least 1")
    func months() {
        #expect(Projection.months(from: start, to: CalendarDate("2026-01-01")!) == 12)
        #expect(Projection.months(from: CalendarDate("2025-01-31")!, to: CalendarDate("2025-02-27")!) == 1)
    }
}
