import CLua
import CLuaShim
import Core
import Foundation
import LuaBridge
import Store

/// Goal projections (issue 6): `af.project{…}` and `plan:project{…}`.
enum ProjectionBindings {
    static let fields = ["from", "start", "start_value", "monthly", "frequency", "contribution_growth", "years", "months", "to",
                         "annual_return", "volatility", "inflation", "fees", "goal", "runs", "seed", "model", "history",
                         "cash_flow", "percentiles", "risk"]

    static let all: [Binding] = [
        .function("af", "project", "{from, start_value, monthly, years, annual_return, volatility, inflation, fees, goal, runs, seed, model, cash_flow, …} -> {path, percentiles, probability, reach_date, required_monthly, …}",
                  "Projects a value month by month (default: the net worth, towards the financial goal): the deterministic path, and with runs a seeded Monte Carlo range (model normal, lognormal, bootstrap or a function). See Documentation/Projections.md.",
                  example: #"local r = af.project{ start_value = 10000, monthly = 500, years = 20, annual_return = 0.06, volatility = 0.15, goal = 300000, runs = 1000, seed = 42 }"#) { env, call in
            var d = Defaults(today: env.session.today)
            d.goal = try env.session.setting(AnalysisBindings.goalKey).flatMap(ExactDecimal.parseOrNil)
            return try project(env, call, at: 1, function: "af.project", defaults: d)
        },
        .method("InvestmentPlan", "project", "{…same fields as af.project} -> {…, on_track, projected_on_track}",
                "Projects the plan: start value its current amount, monthly its contribution, goal its target, up to its target date, return and volatility from its risk tolerance's profile.") { env, call in
            let fn = "InvestmentPlan:project"
            guard let id = env.lua.objectID(at: 1, className: "InvestmentPlan") else { throw LuaArgumentError("\(fn): call it as plan:project{…}") }
            let progress = try env.session.progress(ofPlan: id)
            let plan = progress.plan
            var d = Defaults(today: env.session.today)
            d.startValue = progress.currentAmount
            d.monthly = plan.monthlyContribution
            d.goal = plan.targetAmount
            d.months = Projection.months(from: env.session.today, to: plan.targetDate)
            d.profile = RiskProfile(tolerance: plan.riskTolerance)
            d.targetDate = plan.targetDate
            d.onTrack = progress.isOnTrack
            return try project(env, call, at: 2, function: fn, defaults: d)
        },
    ]

    struct Defaults {
        var today: CalendarDate
        var startValue: ExactDecimal?
        var monthly: ExactDecimal = 0
        var goal: ExactDecimal?
        var months = 120
        var profile = RiskProfile.moderate
        var targetDate: CalendarDate?
        var onTrack: Bool?
    }

    /// Reads the fields at `index`, runs the projection, pushes the result table.
    static func project(_ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, function fn: String, defaults: Defaults) throws -> Int32 {
        if call.isNil(at: index) {
            lua_settop(call.L, index - 1)
            call.newTable()
        }
        let args = try NamedArguments(call, at: index, function: fn, allowed: fields)
        let assumptions = try readAssumptions(args, env, call, fn: fn, defaults: defaults)
        let (hooks, modelName) = try readHooks(args, env, call, at: index, fn: fn)
        let path = try Projection.path(assumptions, hooks: hooks)
        call.newTable()
        let result = call.argumentCount
        pushDeterministic(path, assumptions, env, call, into: result, defaults: defaults)
        if let runs = try args.decimal("runs") {
            try pushMonteCarlo(assumptions, runs: try wholeNumber(runs, "runs", args), modelName: modelName, hooks: hooks,
                               args, env, call, fn: fn, into: result)
        }
        return 1
    }

    /// The scope's assets: a Portfolio (object or name) in `from`, or every asset (also for "all").
    static func scope(_ args: NamedArguments, _ env: ScriptEnvironment, _ call: LuaCall, fn: String) throws -> [Asset] {
        let portfolio = try args.value("from") { i -> Portfolio? in
            call.string(at: i) == "all" ? nil : try env.portfolio(at: i, call, function: fn)
        }
        return try portfolio.map { try env.session.assets(inPortfolio: $0.id!) } ?? env.session.assets()
    }

    static func readAssumptions(_ args: NamedArguments, _ env: ScriptEnvironment, _ call: LuaCall, fn: String,
                                defaults: Defaults) throws -> ProjectionAssumptions {
        let start = try args.date("start") ?? defaults.today
        var startValue = try args.decimal("start_value") ?? defaults.startValue
        if startValue == nil { startValue = try env.session.totalValue(of: scope(args, env, call, fn: fn)) }
        var months = defaults.months
        if let m = try args.decimal("months") { months = try wholeNumber(m, "months", args) }
        if let y = try args.decimal("years") { months = try wholeNumber(y * 12, "years", args) }
        if let end = try args.date("to") { months = Projection.months(from: start, to: end) }
        var profile = defaults.profile
        if let risk = try args.string("risk") {
            profile = try RiskProfile(rawValue: risk.lowercased()) ?? RiskProfile(tolerance: RiskTolerance.parse(risk))
        }
        let market = MarketAssumptions.of(profile)
        let assumptions = ProjectionAssumptions(
            startDate: start, startValue: startValue ?? 0, contribution: try args.decimal("monthly") ?? defaults.monthly,
            frequency: try args.string("frequency").map(ContributionFrequency.parse) ?? .monthly,
            contributionGrowth: try args.decimal("contribution_growth") ?? 0,
            annualReturn: try args.decimal("annual_return") ?? market.annualReturn,
            volatility: try args.decimal("volatility") ?? market.volatility,
            inflation: try args.decimal("inflation") ?? 0, fees: try args.decimal("fees") ?? 0,
            months: months, goal: try args.decimal("goal") ?? defaults.goal)
        try assumptions.validate()
        return assumptions
    }

    /// `model` (a name or a function) and `cash_flow`; the functions stay on the stack at fixed indexes while the projection runs.
    static func readHooks(_ args: NamedArguments, _ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, fn: String) throws -> (ProjectionHooks, String) {
        var hooks = ProjectionHooks()
        var modelName = "normal"
        call.rawField("model", of: index)
        let modelIndex = call.argumentCount
        switch call.type(at: modelIndex) {
        case LUA_TFUNCTION: hooks.stepReturn = luaHook(env, call, at: modelIndex, fn: fn, what: "model"); modelName = "custom"
        case LUA_TSTRING: modelName = call.string(at: modelIndex)!
        case LUA_TNIL: break
        default: throw args.fieldError("model", "\"normal\", \"lognormal\", \"bootstrap\" or a function(step) expected, got \(call.typeName(at: modelIndex))")
        }
        call.rawField("cash_flow", of: index)
        let flowIndex = call.argumentCount
        if call.type(at: flowIndex) == LUA_TFUNCTION {
            hooks.cashFlow = luaHook(env, call, at: flowIndex, fn: fn, what: "cash_flow")
        } else if !call.isNil(at: flowIndex) {
            throw args.fieldError("cash_flow", "a function(step) returning the month's contribution (< 0: a withdrawal) expected, got \(call.typeName(at: flowIndex))")
        }
        return (hooks, modelName)
    }

    static func pushDeterministic(_ path: ProjectionPath, _ a: ProjectionAssumptions, _ env: ScriptEnvironment, _ call: LuaCall,
                                  into result: Int32, defaults: Defaults) {
        env.pushList(path.points, call) { p in
            call.newTable()
            call.pushInteger(Int64(p.month)); call.setField("month", of: -2)
            call.pushString(p.date.description); call.setField("date", of: -2)
            call.pushDecimal(p.value); call.setField("value", of: -2)
            call.pushDecimal(p.realValue); call.setField("real_value", of: -2)
            call.pushDecimal(p.contributed); call.setField("contributed", of: -2)
        }
        call.setField("path", of: result)
        call.pushDecimal(path.final); call.setField("final", of: result)
        call.pushOptionalString(path.reachDate?.description); call.setField("reach_date", of: result)
        call.pushOptionalString(path.depletedDate?.description); call.setField("depleted_date", of: result)
        call.pushInteger(Int64(a.months)); call.setField("months", of: result)
        call.pushDecimal(a.annualReturn); call.setField("annual_return", of: result)
        call.pushDecimal(a.volatility); call.setField("volatility", of: result)
        if let goal = a.goal {
            call.newTable()
            call.pushDecimal(Projection.requiredMonthlySimple(goal: goal, current: a.startValue, months: a.months)); call.setField("simple", of: -2)
            call.pushDecimal(Projection.requiredMonthlyCompounding(a, goal: goal)); call.setField("compounding", of: -2)
            call.setField("required_monthly", of: result)
            call.pushDecimal(path.reachDate == nil ? 0 : 1); call.setField("probability", of: result)
        }
        if let onTrack = defaults.onTrack {
            call.pushBoolean(onTrack); call.setField("on_track", of: result)
            let projected = path.reachDate.map { d in defaults.targetDate.map { d <= $0 } ?? true } ?? false
            call.pushBoolean(projected); call.setField("projected_on_track", of: result)
        }
    }

    /// A list of numbers in field `key` (percentile levels, bootstrap history).
    static func numbers(_ key: String, _ args: NamedArguments, _ call: LuaCall) throws -> [Double]? {
        try args.value(key) { i -> [Double] in
            guard call.type(at: i) == LUA_TTABLE else { throw args.fieldError(key, "a list of numbers expected, got \(call.typeName(at: i))") }
            let count = call.rawLength(at: i)
            return try (0..<count).map { k in
                call.pushElement(k + 1, of: i)
                defer { call.pop() }
                guard let d = try? call.decimal(at: -1) else { throw args.fieldError(key, "element \(k + 1) is not a number") }
                return Projection.double(d)
            }
        }
    }

    static func pushMonteCarlo(_ a: ProjectionAssumptions, runs: Int, modelName: String, hooks: ProjectionHooks, _ args: NamedArguments,
                               _ env: ScriptEnvironment, _ call: LuaCall, fn: String, into result: Int32) throws {
        let seedValue = try args.decimal("seed") ?? 1
        guard seedValue >= 0, seedValue == seedValue.rounded(places: 0), let seed = UInt64(seedValue.plainText) else {
            throw args.fieldError("seed", "a whole number from 0 to 18446744073709551615 expected, got \(seedValue.plainText)")
        }
        let levels = try numbers("percentiles", args, call) ?? MonteCarlo.defaultLevels
        let model: ReturnModel
        switch modelName {
        case "normal": model = .normal
        case "lognormal": model = .lognormal
        case "custom": model = .custom
        case "bootstrap":
            if let history = try numbers("history", args, call) {
                model = .bootstrap(history)
            } else {
                let history = try env.session.monthlyReturns(of: scope(args, env, call, fn: fn))
                guard !history.isEmpty else {
                    throw RuleViolation("\(fn): bootstrap needs monthly price history of the assets (none found); record prices or pass history = {…}.")
                }
                model = .bootstrap(history)
            }
        default: throw args.fieldError("model", "unknown model '\(modelName)': use normal, lognormal, bootstrap or a function(step)")
        }
        if runs > 0, runs <= MonteCarlo.maximumRuns { try call.reserveHostMemory(runs * a.months * 16) }  // the run × month values, sorted copies
        let mc = try MonteCarlo.run(a, runs: runs, seed: seed, model: model, levels: levels, hooks: hooks)
        let names = levels.map(levelName)
        env.pushList(mc.rows, call) { row in
            call.newTable()
            call.pushInteger(Int64(row.month)); call.setField("month", of: -2)
            call.pushString(row.date.description); call.setField("date", of: -2)
            for (name, v) in zip(names, row.values) { call.pushDecimal(v); call.setField(name, of: -2) }
        }
        call.setField("percentiles", of: result)
        call.pushInteger(Int64(runs)); call.setField("runs", of: result)
        call.pushString(model.name); call.setField("model", of: result)
        call.pushDecimal(mc.depletedProbability); call.setField("depleted_probability", of: result)
        if let probability = mc.probability { call.pushDecimal(probability); call.setField("probability", of: result) }
        if let reach = mc.reach {
            call.newTable()
            for (name, date) in zip(names, reach.percentiles) { call.pushOptionalString(date?.description); call.setField(name, of: -2) }
            env.pushList(reach.byYear, call) { y in
                call.newTable()
                call.pushInteger(Int64(y.year)); call.setField("year", of: -2)
                call.pushDecimal(y.share); call.setField("share", of: -2)
            }
            call.setField("by_year", of: -2)
            call.setField("reach_dates", of: result)
        }
    }

    /// "p10", "p50", "p2.5".
    static func levelName(_ level: Double) -> String {
        level == level.rounded() ? "p\(Int(level))" : "p\(level)"
    }

    static func wholeNumber(_ d: ExactDecimal, _ key: String, _ args: NamedArguments) throws -> Int {
        guard d == d.rounded(places: 0), d >= 1, d <= 1_000_000 else { throw args.fieldError(key, "a whole number ≥ 1 expected, got \(d.plainText)") }
        return Int(d.plainText)!
    }

    /// A Swift closure calling the Lua function at `index` with a step table; one call per run and month.
    /// The step table is made once and refilled before each call (a function that wants to keep
    /// a step must copy its fields).
    static func luaHook(_ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, fn: String, what: String) -> (ProjectionStep) throws -> Double {
        call.newTable(fieldCount: 7)
        let stepTable = call.argumentCount
        return { step in
            let where_ = step.run == 0 ? "month \(step.month) (\(step.date)) of the deterministic path" : "run \(step.run), month \(step.month) (\(step.date))"
            do {
                try call.callFunction(at: index, results: 1) {
                    call.pushInteger(Int64(step.run)); call.setField("run", of: stepTable)
                    call.pushInteger(Int64(step.month)); call.setField("month", of: stepTable)
                    call.pushString(step.date.description); call.setField("date", of: stepTable)
                    lua_pushnumber(call.L, step.value); call.setField("value", of: stepTable)
                    lua_pushnumber(call.L, step.contribution); call.setField("contribution", of: stepTable)
                    lua_pushnumber(call.L, step.normal); call.setField("normal", of: stepTable)
                    lua_pushnumber(call.L, step.uniform); call.setField("uniform", of: stepTable)
                    call.pushValue(at: stepTable)
                    return 1
                }
            } catch let raised as LuaRaisedValue {
                throw LuaArgumentError("\(fn): the \(what) function failed in \(where_): \(raised.description)")
            }
            defer { call.pop() }
            if call.type(at: -1) == LUA_TNUMBER { return clua_tonumber(call.L, -1) }
            if let d = try? call.decimal(at: -1) { return Projection.double(d) }
            throw LuaArgumentError("\(fn): the \(what) function returned \(call.typeName(at: -1)) in \(where_); a number expected")
        }
    }
}
