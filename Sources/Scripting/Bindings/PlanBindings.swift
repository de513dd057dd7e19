import Core
import Foundation
import LuaBridge
import Store

/// Investment plans, risk profiles and regular saving plans.
enum PlanBindings {
    static let all: [Binding] = investment + saving

    static let investment: [Binding] = [
        .function("af", "create_investment_plan", "{name, target_amount, monthly_contribution, start_date, target_date, risk_tolerance, status, notes, portfolio} -> InvestmentPlan",
                  "Creates an investment plan; progress measures its portfolio (or every asset).",
                  example: #"af.create_investment_plan{ name = "House", target_amount = 50000, start_date = "2024-01-01", target_date = "2026-01-01" }"#) { env, call in
            let fn = "af.create_investment_plan"
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["name", "target_amount", "monthly_contribution", "start_date",
                                                                                "target_date", "risk_tolerance", "status", "notes", "portfolio"])
            guard let start = try args.date("start_date") else { throw args.fieldError("start_date", "is required") }
            guard let target = try args.date("target_date") else { throw args.fieldError("target_date", "is required") }
            let plan = InvestmentPlan(name: try args.requiredString("name"), targetAmount: try args.requiredDecimal("target_amount"),
                                      monthlyContribution: try args.decimal("monthly_contribution") ?? 0, startDate: start, targetDate: target,
                                      riskTolerance: try RiskTolerance.parse(try args.string("risk_tolerance") ?? "moderate"),
                                      status: try InvestmentPlanStatus.parse(try args.string("status") ?? "active"), notes: try args.string("notes") ?? "")
            let portfolioID = try args.value("portfolio") { try env.portfolio(at: $0, call, function: fn).id }
            env.lua.pushObject(try env.session.execute(CreateInvestmentPlan(plan, portfolioID: portfolioID)).id!, className: "InvestmentPlan")
            return 1
        },
        .method("InvestmentPlan", "progress", "{as_of} -> {current, progress_percent, time_progress_percent, on_track, required_monthly, remaining, days_remaining, months_remaining}",
                "Progress as of a date (default today).") { env, call in
            let fn = "InvestmentPlan:progress"
            guard let id = env.lua.objectID(at: 1, className: "InvestmentPlan") else { throw LuaArgumentError("\(fn): call it as plan:progress{…}") }
            var asOf: CalendarDate?
            if !call.isNil(at: 2) { asOf = try NamedArguments(call, at: 2, function: fn, allowed: ["as_of"]).date("as_of") }
            let p = try env.session.progress(ofPlan: id, asOf: asOf)
            call.newTable()
            call.pushDecimal(p.currentAmount); call.setField("current", of: -2)
            call.pushDecimal(p.progressPercent.rounded(places: 2)); call.setField("progress_percent", of: -2)
            call.pushDecimal(p.timeProgressPercent.rounded(places: 2)); call.setField("time_progress_percent", of: -2)
            call.pushBoolean(p.isOnTrack); call.setField("on_track", of: -2)
            call.pushDecimal(p.requiredMonthly.rounded(places: 2)); call.setField("required_monthly", of: -2)
            call.pushDecimal(p.remainingAmount); call.setField("remaining", of: -2)
            call.pushInteger(Int64(p.daysRemaining)); call.setField("days_remaining", of: -2)
            call.pushInteger(Int64(p.monthsRemaining)); call.setField("months_remaining", of: -2)
            return 1
        },
        .field("InvestmentPlan", "name", "string", "The plan's name.") { env, call, id in
            guard let p = try env.session.investmentPlan(id: id) else { throw LuaArgumentError("that plan was deleted") }
            call.pushString(p.plan.name)
        },
        .function("af", "risk_profile", "(name) -> {class = percent}",
                  "Target allocation of a risk profile (conservative, moderate, aggressive, or a risk tolerance such as very_high) by risk class.",
                  example: #"af.risk_profile("moderate").stock   --> 60"#) { env, call in
            let profile = try riskProfile(call, at: 1, "af.risk_profile")
            call.newTable()
            for (key, value) in profile.targetAllocation.sorted(by: { $0.key < $1.key }) {
                call.pushDecimal(value)
                call.setField(key, of: -2)
            }
            return 1
        },
        .method("Portfolio", "risk_deviation", "(profile) -> {{key, actual, target, difference, status}}",
                "Its current allocation by risk class (stock, bond, cash, alternatives) against a risk profile (as af.risk_profile); status green (±2), yellow (2–5), red (over 5).",
                example: #"for _, r in ipairs(p:risk_deviation("moderate")) do print(r.key, r.actual, r.target, r.status) end"#) { env, call in
            let fn = "Portfolio:risk_deviation"
            let p = try env.portfolio(at: 1, call, function: fn)
            let report = try env.session.riskDeviation(portfolio: p.id!, from: try riskProfile(call, at: 2, fn))
            AnalysisBindings.pushDriftRows(report.rows, env, call)
            return 1
        },
    ]

    /// The risk profile named at `index`: conservative, moderate, aggressive, or a risk
    /// tolerance (very_low … very_high) mapped to one.
    static func riskProfile(_ call: LuaCall, at index: Int32, _ fn: String) throws -> RiskProfile {
        guard let name = call.string(at: index) else { throw LuaArgumentError("\(fn): a profile name expected, got \(call.typeName(at: index))") }
        return try RiskProfile.named(name)
    }

    static let saving: [Binding] = [
        .function("af", "create_saving_plan", "{name, asset, source, amount, frequency, start_date, execution, day_of_month} -> SavingPlan",
                  "Creates a regular saving plan (daily, weekly, biweekly, monthly; execution automatic or manual).",
                  example: #"af.create_saving_plan{ name = "ETF", asset = "World ETF", source = "Cash", amount = 200, frequency = "monthly", start_date = "2024-01-31", execution = "automatic" }"#) { env, call in
            let fn = "af.create_saving_plan"
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["name", "asset", "source", "amount", "frequency", "start_date", "execution", "day_of_month"])
            guard let asset = try args.value("asset", { try env.asset(at: $0, call, function: fn) }) else { throw args.fieldError("asset", "is required") }
            let source = try args.value("source") { try env.asset(at: $0, call, function: fn) }
            let day = try args.decimal("day_of_month").map(\.truncatedInt)
            let plan = RegularSavingPlan(name: try args.requiredString("name"), assetID: asset.id!, sourceAssetID: source?.id,
                                         amount: try args.requiredDecimal("amount"), frequency: try SavingFrequency.parse(try args.string("frequency") ?? "monthly"),
                                         startDate: try args.date("start_date") ?? env.session.today,
                                         executionMethod: try SavingExecutionMethod.parse(try args.string("execution") ?? "manual"), dayOfMonth: day)
            env.lua.pushObject(try env.session.execute(CreateSavingPlan(plan)).id!, className: "SavingPlan")
            return 1
        },
        .field("SavingPlan", "name", "string", "The plan's name.") { env, call, id in call.pushString(try requireSaving(env, id).name) },
        .field("SavingPlan", "next_due_date", "string", "The next occurrence not yet executed.") { env, call, id in
            call.pushString(try requireSaving(env, id).nextDueDate.description)
        },
        .function("af", "run_due_plans", "{as_of} -> {Transaction}",
                  "Executes every due occurrence of the automatic saving plans up to as_of (default today); running twice adds nothing.") { env, call in
            var asOf: CalendarDate?
            if !call.isNil(at: 1) { asOf = try NamedArguments(call, at: 1, function: "af.run_due_plans", allowed: ["as_of"]).date("as_of") }
            let made = try env.session.execute(RunSavingPlans(asOf: asOf))
            env.pushList(made, call) { env.pushTransaction($0.id!) }
            return 1
        },
        .function("af", "reminders", "{as_of} -> {{plan, asset, amount, date}}", "Due occurrences of the manual saving plans.") { env, call in
            var asOf: CalendarDate?
            if !call.isNil(at: 1) { asOf = try NamedArguments(call, at: 1, function: "af.reminders", allowed: ["as_of"]).date("as_of") }
            let rows = try env.session.reminders(asOf: asOf)
            try env.pushList(rows, call) { row in
                call.newTable()
                call.pushString(row.plan.name); call.setField("plan", of: -2)
                call.pushString(try env.session.requireAsset(id: row.plan.assetID).name); call.setField("asset", of: -2)
                call.pushDecimal(row.plan.amount); call.setField("amount", of: -2)
                call.pushString(row.date.description); call.setField("date", of: -2)
            }
            return 1
        },
    ]

    static func requireSaving(_ env: ScriptEnvironment, _ id: Int64) throws -> RegularSavingPlan {
        guard let p = try env.session.savingPlan(id: id) else { throw LuaArgumentError("that saving plan was deleted") }
        return p
    }
}
