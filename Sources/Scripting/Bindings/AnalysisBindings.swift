import Core
import LuaBridge
import Store

/// Values over time, allocation, targets, drift, rebalancing, net worth and the financial goal.
enum AnalysisBindings {
    static let all: [Binding] = history + allocation + goal

    static func date(_ call: LuaCall, at index: Int32, _ fn: String) throws -> CalendarDate {
        guard call.type(at: index) == 4 /* LUA_TSTRING */, let text = call.string(at: index) else {
            throw LuaArgumentError("\(fn): a date in the form YYYY-MM-DD expected, got \(call.typeName(at: index))")
        }
        do { return try CalendarDate.parse(text) } catch let error as DateParseError { throw LuaArgumentError("\(fn): \(error)") }
    }

    /// The value of `assets` on the dates `{from, to, every}` asks for, as a list of {date, value}.
    static func timeline(of assets: [Asset], _ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, _ fn: String) throws -> Int32 {
        let args = try NamedArguments(call, at: index, function: fn, allowed: ["from", "to", "every"])
        guard let from = try args.date("from") else { throw args.fieldError("from", "is required") }
        let every = try args.string("every") ?? "day"
        guard every == "day" || every == "month" else { throw args.fieldError("every", "\"day\" or \"month\" expected, got '\(every)'") }
        let dates = try StoreSession.timelineDates(from: from, to: try args.date("to") ?? env.session.today, monthly: every == "month")
        let rows = try env.session.timeline(of: assets, dates: dates)
        env.pushList(rows, call) { row in
            call.newTable()
            call.pushString(row.date.description)
            call.setField("date", of: -2)
            call.pushDecimal(row.value)
            call.setField("value", of: -2)
        }
        return 1
    }

    static let history: [Binding] = [
        .method("Asset", "value_at", "(date) -> decimal", "Quantity on that date × the latest price on or before it.",
                example: #"a:value_at("2024-01-31")"#) { env, call in
            let asset = try env.asset(at: 1, call, function: "Asset:value_at")
            call.pushDecimal(try env.session.value(of: [asset], at: try date(call, at: 2, "Asset:value_at")))
            return 1
        },
        .method("Portfolio", "value_at", "(date) -> decimal", "Σ of its assets' values on that date.", example: #"p:value_at("2024-01-31")"#) { env, call in
            let p = try env.portfolio(at: 1, call, function: "Portfolio:value_at")
            call.pushDecimal(try env.session.value(of: env.session.assets(inPortfolio: p.id!), at: try date(call, at: 2, "Portfolio:value_at")))
            return 1
        },
        .method("Portfolio", "timeline", "{from, to, every} -> {{date, value}}",
                "Its value on each day or month (every = \"day\" or \"month\") from `from` to `to` (default today).",
                example: #"for _, r in ipairs(p:timeline{ from = "2024-01-01", every = "month" }) do print(r.date, r.value) end"#) { env, call in
            let p = try env.portfolio(at: 1, call, function: "Portfolio:timeline")
            return try timeline(of: env.session.assets(inPortfolio: p.id!), env, call, at: 2, "Portfolio:timeline")
        },
        .function("af", "timeline", "{from, to, every} -> {{date, value}}",
                  "Net worth (every asset, as af.net_worth) on each day or month from `from` to `to` (default today).",
                  example: #"for _, r in ipairs(af.timeline{ from = "2024-01-01", every = "month" }) do print(r.date, r.value) end"#) { env, call in
            try timeline(of: env.session.assets(), env, call, at: 1, "af.timeline")
        },
        .function("af", "net_worth", "() -> decimal", "Σ current value of every asset; an error when currencies are mixed.") { env, call in
            call.pushDecimal(try env.session.netWorth())
            return 1
        },
    ]

    /// Reads `{by = "…"}` (optional table at `index`), defaulting to `fallback`.
    static func dimension(_ call: LuaCall, at index: Int32, _ fn: String, default fallback: AllocationDimension) throws -> AllocationDimension {
        if call.isNil(at: index) { return fallback }
        let args = try NamedArguments(call, at: index, function: fn, allowed: ["by"])
        return try args.string("by").map(AllocationDimension.parse) ?? fallback
    }

    static func pushAllocation(_ rows: [AllocationRow], _ env: ScriptEnvironment, _ call: LuaCall) {
        env.pushList(rows, call) { row in
            call.newTable()
            call.pushString(row.key); call.setField("key", of: -2)
            call.pushDecimal(row.value); call.setField("value", of: -2)
            call.pushDecimal(row.percent); call.setField("percent", of: -2)
        }
    }

    /// Pushes drift rows as a list of `{key, actual, target, difference, status}`.
    static func pushDriftRows(_ rows: [DriftRow], _ env: ScriptEnvironment, _ call: LuaCall) {
        env.pushList(rows, call) { row in
            call.newTable()
            call.pushString(row.key); call.setField("key", of: -2)
            call.pushDecimal(row.actual); call.setField("actual", of: -2)
            call.pushDecimal(row.target); call.setField("target", of: -2)
            call.pushDecimal(row.difference); call.setField("difference", of: -2)
            call.pushString(row.status.rawValue); call.setField("status", of: -2)
        }
    }

    static let allocation: [Binding] = [
        .method("Portfolio", "allocation", "{by} -> {{key, value, percent}}",
                "Shares by type (default), category, platform or asset; percents to 2 decimals summing to 100.",
                example: #"for _, r in ipairs(p:allocation{ by = "type" }) do print(r.key, r.percent) end"#) { env, call in
            let p = try env.portfolio(at: 1, call, function: "Portfolio:allocation")
            let by = try dimension(call, at: 2, "Portfolio:allocation", default: .type)
            pushAllocation(try env.session.allocation(of: env.session.assets(inPortfolio: p.id!), by: by), env, call)
            return 1
        },
        .function("af", "allocation", "{by} -> {{key, value, percent}}", "The same over every asset.") { env, call in
            let by = try dimension(call, at: 1, "af.allocation", default: .type)
            pushAllocation(try env.session.allocation(of: env.session.assets(), by: by), env, call)
            return 1
        },
        .method("Portfolio", "set_targets", "{stock = 60, …, by} -> nil",
                "Replaces its target percents by type (default) or by = \"category\"; each 0–100.",
                example: #"p:set_targets{ stock = 60, bond = 20, cash = 20 }"#) { env, call in
            let fn = "Portfolio:set_targets"
            let p = try env.portfolio(at: 1, call, function: fn)
            guard call.type(at: 2) == 5 else { throw LuaArgumentError("\(fn) expects a table such as {stock = 60, bond = 40}") }
            var keys: [String] = []
            call.forEachStringKey(of: 2) { keys.append($0) }
            var by = AllocationDimension.type
            var targets: [String: ExactDecimal] = [:]
            for key in keys {
                if key == "by" {
                    by = try AllocationDimension.parse(call.field(key, of: 2) { call.string(at: $0) } ?? "")
                    continue
                }
                let value = try call.field(key, of: 2) { i -> ExactDecimal? in
                    do { return try call.decimal(at: i) } catch { throw LuaArgumentError("\(fn): target '\(key)': \(error)") }
                }
                targets[key] = value ?? 0
            }
            try env.session.execute(SetTargets(portfolio: p.id!, by: by, targets: targets))
            return 0
        },
        .method("Portfolio", "drift", "{by} -> {{key, actual, target, difference, status}}, warning",
                "Actual against target percents; status green (±2), yellow (2–5), red (over 5). Second result: a warning when targets do not sum to 100.") { env, call in
            let p = try env.portfolio(at: 1, call, function: "Portfolio:drift")
            let report = try env.session.drift(portfolio: p.id!, by: try dimension(call, at: 2, "Portfolio:drift", default: .type))
            pushDriftRows(report.rows, env, call)
            call.pushOptionalString(report.targetsWarning)
            return 2
        },
        .method("Portfolio", "rebalance", "{strategy, by, tolerance, to, amount, choose, targets} -> plan",
                "A plan of trades to reach the targets: strategy full (default), bands, cash_flow, min_trades or a rule of af.rebalance.define. The plan lists each group {key, action, amount} and has trades, before, after, summary (\"Move X from A to B\"), warning and plan:apply{date}.",
                example: #"local plan = p:rebalance{ strategy = "bands", tolerance = { absolute = 5, relative = 25 } }"#) { env, call in
            try RebalanceBindings.rebalance(env, call)
        },
    ]

    static let goalKey = SetFinancialGoal.settingKey

    static let goal: [Binding] = [
        .function("af", "set_financial_goal", "(amount|nil)", "Sets the financial goal (> 0); nil or \"\" clears it. Also af.settings.financial_goal = …") { env, call in
            let text: String
            if call.isNil(at: 1) { text = "" } else if call.type(at: 1) == 4 /* LUA_TSTRING */ { text = call.string(at: 1) ?? "" } else {
                guard let d = try? call.decimal(at: 1) else { throw RuleViolation(GoalRules.invalidNumberMessage) }
                text = d.plainText
            }
            try env.session.execute(SetFinancialGoal(text: text))
            return 0
        },
        .function("af", "financial_goal", "() -> decimal|nil", "The financial goal. Also af.settings.financial_goal.") { env, call in
            call.pushOptionalDecimal(try env.session.setting(goalKey).flatMap(ExactDecimal.parseOrNil))
            return 1
        },
        .function("af", "goal_progress", "() -> {goal, total, achievement_percent, distance, reached}",
                  "Progress of the net worth towards the financial goal.") { env, call in
            let goal = try env.session.setting(goalKey).flatMap(ExactDecimal.parseOrNil)
            let p = GoalProgress(totalValue: try env.session.netWorth(), goal: goal)
            call.newTable()
            call.pushOptionalDecimal(goal); call.setField("goal", of: -2)
            call.pushDecimal(p.totalValue); call.setField("total", of: -2)
            call.pushDecimal(p.achievementPercent.rounded(places: 2)); call.setField("achievement_percent", of: -2)
            call.pushDecimal(p.distance); call.setField("distance", of: -2)
            call.pushBoolean(p.isReached); call.setField("reached", of: -2)
            return 1
        },
    ]
}
