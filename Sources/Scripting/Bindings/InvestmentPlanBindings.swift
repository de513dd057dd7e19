import Core
import LuaBridge
import LuaDecimals
import Store

/// Everything on `InvestmentPlan`: its name, `progress` and `project`.
enum InvestmentPlanBindings {
    /// `{as_of}`; may be left out.
    struct AsOf: LuaDecodable {
        var asOf: CalendarDate?
        static let fields: [LuaField<AsOf>] = [.optional("as_of", \.asOf, "The day to measure on (default today).")]
    }

    static let progress = LuaType.record(["current", "progress_percent", "time_progress_percent", "on_track", "required_monthly", "remaining",
                                          "days_remaining", "months_remaining"].map {
        LuaRecordField($0, $0 == "on_track" ? .boolean : $0.hasSuffix("_remaining") && $0 != "remaining" ? .integer : $0.hasSuffix("percent") ? .decimal : .money)
    })

    static let all: [Binding] = [
        .field("InvestmentPlan", "name", .string, "The plan's name.") { env, call, id in
            guard let p = try env.session.investmentPlan(id: id) else { throw LuaArgumentError("that plan was deleted") }
            call.pushString(p.plan.name)
        },
        .method(InvestmentPlanHandle.self, "progress", AsOf.self, returns: .value(progress), "Progress as of a date (default today).", example: #"plan:progress{ as_of = "2025-01-01" }"#) { env, call, plan, args in
            let p = try env.session.progress(ofPlan: plan.id, asOf: args.asOf)
            let main = try env.session.mainCurrency()  // the value measured is in the main currency
            call.newTable()
            call.pushMoney(p.currentAmount, main); call.setField("current", of: -2)
            call.pushDecimal(p.progressPercent.rounded(places: 2)); call.setField("progress_percent", of: -2)
            call.pushDecimal(p.timeProgressPercent.rounded(places: 2)); call.setField("time_progress_percent", of: -2)
            call.pushBoolean(p.isOnTrack); call.setField("on_track", of: -2)
            call.pushMoney(p.requiredMonthly.rounded(places: 2), main); call.setField("required_monthly", of: -2)
            call.pushMoney(p.remainingAmount, main); call.setField("remaining", of: -2)
            call.pushInteger(Int64(p.daysRemaining)); call.setField("days_remaining", of: -2)
            call.pushInteger(Int64(p.monthsRemaining)); call.setField("months_remaining", of: -2)
            return 1
        },
        .method(InvestmentPlanHandle.self, "project", ProjectionBindings.Project.self, returns: .value(ProjectionBindings.result),
                "Projects the plan: start value its current amount, monthly its contribution, goal its target, up to its target date, return and volatility from its risk tolerance's profile.", example: #"local r = plan:project{ runs = 1000, seed = 1 }; print(r.probability)"#) { env, call, handle, _ in
            let progress = try env.session.progress(ofPlan: handle.id)
            let plan = progress.plan
            var d = ProjectionBindings.Defaults(today: env.session.today)
            d.startValue = progress.currentAmount
            d.monthly = plan.monthlyContribution
            d.goal = plan.targetAmount
            d.months = Projection.months(from: env.session.today, to: plan.targetDate)
            d.profile = RiskProfile(tolerance: plan.riskTolerance)
            d.targetDate = plan.targetDate
            d.onTrack = progress.isOnTrack
            return try ProjectionBindings.project(env, call, at: 2, defaults: d)
        },
    ]
}

/// An investment plan, as the receiver of its methods.
struct InvestmentPlanHandle: LuaObjectHandle {
    static let className = "InvestmentPlan"
    static let callHint = "call it as plan:METHOD{…}"
    let id: Int64
}
