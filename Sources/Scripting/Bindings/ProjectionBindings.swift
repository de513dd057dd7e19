import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// Goal projections (issue 6): what `af.project{…}` and `plan:project{…}` share.
enum ProjectionBindings {
    /// The fields of `af.project{…}` and `plan:project{…}`. `model` and `cash_flow` may be
    /// Lua functions, which `readHooks` takes from the table itself.
    struct Project: LuaDecodable {
        var from: ProjectionScope?
        var start: CalendarDate?
        var startValue: ExactDecimal?
        var monthly: ExactDecimal?
        var frequency = ContributionFrequency.monthly
        var contributionGrowth: ExactDecimal = 0
        var years: ExactDecimal?
        var months: ExactDecimal?
        var to: CalendarDate?
        var annualReturn: ExactDecimal?
        var volatility: ExactDecimal?
        var inflation: ExactDecimal = 0
        var fees: ExactDecimal = 0
        var goal: ExactDecimal?
        var runs: ExactDecimal?
        var seed: ExactDecimal = 1
        var history: [ExactDecimal]?
        var percentiles: [ExactDecimal]?
        var risk: String?
        static let fields: [LuaField<Project>] = [
            .optional("from", \.from, "Whose value to start from: a Portfolio, or \"all\" (default: every asset)."),
            .optional("start", \.start, "First month (default today)."),
            .optional("start_value", \.startValue, "Value at the start (default: the scope's current value)."),
            .optional("monthly", \.monthly, "Contribution each month."),
            .optional("frequency", \.frequency, "How often contributions are made (default monthly)."),
            .optional("contribution_growth", \.contributionGrowth, "Yearly growth of the contribution."),
            .optional("years", \.years, "How long, in years."),
            .optional("months", \.months, "How long, in months (default 120)."),
            .optional("to", \.to, "Last month, instead of years or months."),
            .optional("annual_return", \.annualReturn, "Expected yearly return (default: from the risk profile)."),
            .optional("volatility", \.volatility, "Yearly volatility (default: from the risk profile)."),
            .optional("inflation", \.inflation, "Yearly inflation, for real values."),
            .optional("fees", \.fees, "Yearly fees."),
            .optional("goal", \.goal, "The amount to reach (default: the financial goal)."),
            .optional("runs", \.runs, "Monte Carlo runs (none by default)."),
            .optional("seed", \.seed, "Seed of the random numbers (default 1)."),
            .declared("model", .union([.oneOf(["normal", "lognormal", "bootstrap"]), .function]), "Return model, or a function(step) returning the month's return."),
            .optional("history", \.history, "Monthly returns for the bootstrap model."),
            .declared("cash_flow", .function, "A function(step) returning the month's contribution (< 0: a withdrawal)."),
            .optional("percentiles", \.percentiles, "Percentile levels (default 10, 25, 50, 75, 90)."),
            .optional("risk", \.risk, "Risk profile or tolerance for the default return and volatility."),
        ]
    }

    /// `from`: a portfolio, or "all" for every asset.
    enum ProjectionScope: LuaReadable {
        case all
        case portfolio(Portfolio)
        static var luaType: LuaType { .union([.object("Portfolio"), .oneOf(["all"])]) }
        static func read(_ reader: ArgumentReader, at index: Int32) throws -> ProjectionScope {
            reader.call.string(at: index) == "all" ? .all : .portfolio(try Portfolio.read(reader, at: index))
        }
    }

    static let pathRow = LuaType.record([LuaRecordField("month", .integer), LuaRecordField("date", .date), LuaRecordField("value", .decimal),
                                         LuaRecordField("real_value", .decimal), LuaRecordField("contributed", .decimal)])
    static let result = LuaType.record([LuaRecordField("path", .list(pathRow)), LuaRecordField("final", .decimal),
                                        LuaRecordField("final_real", .decimal), LuaRecordField("goal", .optional(.decimal)),
                                        LuaRecordField("reach_date_nominal", .optional(.date)),
                                        LuaRecordField("percentiles", .optional(.list(.table))), LuaRecordField("probability", .optional(.decimal)),
                                        LuaRecordField("reach_date", .optional(.date)), LuaRecordField("required_monthly", .optional(.table)),
                                        LuaRecordField("on_track", .optional(.boolean)), LuaRecordField("projected_on_track", .optional(.boolean))])

    /// `af.project{…}`: the net worth (or a portfolio) towards the financial goal.
    static let projectFunction: Binding = .function("af", "project", Project.self, returns: .value(result),
        "Projects a value month by month (default: the net worth, towards the financial goal): the deterministic path, and with runs a seeded Monte Carlo range (model normal, lognormal, bootstrap or a function). Its fields are listed below; `assetflow docs` prints the whole reference.",
        example: #"local r = af.project{ start_value = 10000, monthly = 500, years = 20, annual_return = 0.06, volatility = 0.15, goal = 300000, runs = 1000, seed = 42 }"#) { env, call, _ in
        var d = Defaults(today: env.session.today)
        d.goal = try env.session.setting(AfBindings.goalKey).flatMap(ExactDecimal.parseOrNil)
        return try project(env, call, at: 1, defaults: d)
    }

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
    static func project(_ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, defaults: Defaults) throws -> Int32 {
        if call.isNil(at: index) {
            call.setTop(index - 1)
            call.newTable()
        }
        let reader = ArgumentReader(env, call)
        let args = try Project.read(reader, at: index)
        let assumptions = try readAssumptions(args, reader, defaults: defaults)
        let (hooks, modelName) = try readHooks(reader, at: index)
        let path = try Projection.path(assumptions, hooks: hooks)
        call.newTable()
        let result = call.argumentCount
        pushDeterministic(path, assumptions, env, call, into: result, defaults: defaults)
        if let runs = args.runs {
            try pushMonteCarlo(assumptions, runs: try wholeNumber(runs, "runs", reader), modelName: modelName, hooks: hooks,
                               args, reader, into: result)
        }
        try env.markSummary(call)
        return 1
    }

    /// The scope's assets: the Portfolio in `from`, or every asset (also for "all").
    static func scope(_ args: Project, _ env: ScriptEnvironment) throws -> [Asset] {
        if case .portfolio(let p) = args.from { return try env.session.assets(inPortfolio: p.id!) }
        return try env.session.assets()
    }

    static func readAssumptions(_ args: Project, _ reader: ArgumentReader, defaults: Defaults) throws -> ProjectionAssumptions {
        let env = reader.environment
        let start = args.start ?? defaults.today
        var startValue = args.startValue ?? defaults.startValue
        if startValue == nil { startValue = try env.session.totalValue(of: scope(args, env)) }
        var months = defaults.months
        if let m = args.months { months = try wholeNumber(m, "months", reader) }
        if let y = args.years { months = try wholeNumber(y * 12, "years", reader) }
        if let end = args.to { months = Projection.months(from: start, to: end) }
        var profile = defaults.profile
        if let risk = args.risk {
            profile = try RiskProfile(rawValue: risk.lowercased()) ?? RiskProfile(tolerance: RiskTolerance.parse(risk))
        }
        let market = MarketAssumptions.of(profile)
        let assumptions = ProjectionAssumptions(
            startDate: start, startValue: startValue ?? 0, contribution: args.monthly ?? defaults.monthly,
            frequency: args.frequency, contributionGrowth: args.contributionGrowth,
            annualReturn: args.annualReturn ?? market.annualReturn, volatility: args.volatility ?? market.volatility,
            inflation: args.inflation, fees: args.fees, months: months, goal: args.goal ?? defaults.goal)
        try assumptions.validate()
        return assumptions
    }

    /// `model` (a name or a function) and `cash_flow`; the functions stay on the stack at fixed indexes while the projection runs.
    static func readHooks(_ reader: ArgumentReader, at index: Int32) throws -> (ProjectionHooks, String) {
        let env = reader.environment, call = reader.call, fn = reader.function
        var hooks = ProjectionHooks()
        var modelName = "normal"
        call.rawField("model", of: index)
        let modelIndex = call.argumentCount
        switch call.type(at: modelIndex) {
        case LuaTypeCode.function: hooks.stepReturn = luaHook(env, call, at: modelIndex, fn: fn, what: "model"); modelName = "custom"
        case LuaTypeCode.string: modelName = call.string(at: modelIndex)!
        case LuaTypeCode.nil: break
        default: throw reader.fieldError("model", "\"normal\", \"lognormal\", \"bootstrap\" or a function(step) expected, got \(call.typeName(at: modelIndex))")
        }
        call.rawField("cash_flow", of: index)
        let flowIndex = call.argumentCount
        if call.type(at: flowIndex) == LuaTypeCode.function {
            hooks.cashFlow = luaHook(env, call, at: flowIndex, fn: fn, what: "cash_flow")
        } else if !call.isNil(at: flowIndex) {
            throw reader.fieldError("cash_flow", "a function(step) returning the month's contribution (< 0: a withdrawal) expected, got \(call.typeName(at: flowIndex))")
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
        call.pushDecimal(path.points.last?.realValue ?? path.final); call.setField("final_real", of: result)
        call.pushOptionalString(path.reachDate?.description); call.setField("reach_date", of: result)
        call.pushOptionalString(path.depletedDate?.description); call.setField("depleted_date", of: result)
        call.pushInteger(Int64(a.months)); call.setField("months", of: result)
        call.pushDecimal(a.annualReturn); call.setField("annual_return", of: result)
        call.pushDecimal(a.volatility); call.setField("volatility", of: result)
        call.pushDecimal(a.inflation); call.setField("inflation", of: result)
        if let goal = a.goal {
            call.pushDecimal(goal); call.setField("goal", of: result)
            // reach_date is when the value in today's money reaches the goal; this is when the
            // nominal value does (earlier with inflation).
            call.pushOptionalString(path.points.first { $0.value >= goal }?.date.description); call.setField("reach_date_nominal", of: result)
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

    static func pushMonteCarlo(_ a: ProjectionAssumptions, runs: Int, modelName: String, hooks: ProjectionHooks, _ args: Project,
                               _ reader: ArgumentReader, into result: Int32) throws {
        let env = reader.environment, call = reader.call, fn = reader.function
        let seedValue = args.seed
        guard seedValue >= 0, seedValue == seedValue.rounded(places: 0), let seed = UInt64(seedValue.plainText) else {
            throw reader.fieldError("seed", "a whole number from 0 to 18446744073709551615 expected, got \(seedValue.plainText)")
        }
        let levels = args.percentiles?.map(Projection.double) ?? MonteCarlo.defaultLevels
        let model: ReturnModel
        switch modelName {
        case "normal": model = .normal
        case "lognormal": model = .lognormal
        case "custom": model = .custom
        case "bootstrap":
            if let history = args.history?.map(Projection.double) {
                model = .bootstrap(history)
            } else {
                let history = try env.session.monthlyReturns(of: scope(args, env))
                guard !history.isEmpty else {
                    throw RuleViolation("\(fn): bootstrap needs monthly price history of the assets (none found); record prices or pass history = {…}.")
                }
                model = .bootstrap(history)
            }
        default: throw reader.fieldError("model", "unknown model '\(modelName)': use normal, lognormal, bootstrap or a function(step)")
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
        call.pushInteger(Int64(bitPattern: seed)); call.setField("seed", of: result)
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

    static func wholeNumber(_ d: ExactDecimal, _ key: String, _ reader: ArgumentReader) throws -> Int {
        guard d == d.rounded(places: 0), d >= 1, d <= 1_000_000 else { throw reader.fieldError(key, "a whole number ≥ 1 expected, got \(d.plainText)") }
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
                    call.pushNumber(step.value); call.setField("value", of: stepTable)
                    call.pushNumber(step.contribution); call.setField("contribution", of: stepTable)
                    call.pushNumber(step.normal); call.setField("normal", of: stepTable)
                    call.pushNumber(step.uniform); call.setField("uniform", of: stepTable)
                    call.pushValue(at: stepTable)
                    return 1
                }
            } catch let raised as LuaRaisedValue {
                throw LuaArgumentError("\(fn): the \(what) function failed in \(where_): \(raised.description)")
            }
            defer { call.pop() }
            if let number = call.number(at: -1) { return number }
            if let d = try? call.decimal(at: -1) { return Projection.double(d) }
            throw LuaArgumentError("\(fn): the \(what) function returned \(call.typeName(at: -1)) in \(where_); a number expected")
        }
    }
}

