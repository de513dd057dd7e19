import Core
import LuaBridge
import LuaDecimals
import Store

/// Values over time, allocation, targets, drift, rebalancing, net worth and the financial goal.
enum AnalysisBindings {
    static let all: [Binding] = history + allocation + goal

    /// `(date)`.
    struct OnDate: LuaDecodable {
        var date: CalendarDate!
        static let fields: [LuaField<OnDate>] = [.required("date", \.date, "The day, YYYY-MM-DD.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `{from, to, every}` of a timeline.
    struct Timeline: LuaDecodable {
        var from: CalendarDate!
        var to: CalendarDate?
        var every = LuaStep.day
        static let fields: [LuaField<Timeline>] = [
            .required("from", \.from, "First day."),
            .optional("to", \.to, "Last day (default today)."),
            .optional("every", \.every, "One row a day (default) or a month."),
        ]
    }

    /// `{date, value}` rows of a timeline.
    static let valueRow = LuaType.record([LuaRecordField("date", .date), LuaRecordField("value", .decimal)])

    static let history: [Binding] = [
        .method(Asset.self, "value_at", OnDate.self, returns: .value(.decimal), "Quantity on that date × the latest price on or before it.",
                example: #"a:value_at("2024-01-31")"#) { env, call, asset, args in
            call.pushDecimal(try env.session.value(of: [asset], at: args.date))
            return 1
        },
        .method(Portfolio.self, "value_at", OnDate.self, returns: .value(.decimal), "Σ of its assets' values on that date.",
                example: #"p:value_at("2024-01-31")"#) { env, call, p, args in
            call.pushDecimal(try env.session.value(of: env.session.assets(inPortfolio: p.id!), at: args.date))
            return 1
        },
        .method(Portfolio.self, "timeline", Timeline.self, returns: .value(.list(valueRow)),
                "Its value on each day or month (every = \"day\" or \"month\") from `from` to `to` (default today).",
                example: #"for _, r in ipairs(p:timeline{ from = "2024-01-01", every = "month" }) do print(r.date, r.value) end"#) { env, call, p, args in
            let dates = try StoreSession.timelineDates(from: args.from, to: args.to ?? env.session.today, monthly: args.every == .month)
            let rows = try env.session.timeline(of: env.session.assets(inPortfolio: p.id!), dates: dates)
            env.pushList(rows, call) { row in
                call.newTable()
                call.pushString(row.date.description)
                call.setField("date", of: -2)
                call.pushDecimal(row.value)
                call.setField("value", of: -2)
            }
            return 1
        },
        .function("af", "net_worth", NoArguments.self, returns: .value(.decimal),
                  "Σ current value of every asset; an error when currencies are mixed.") { env, call, _ in
            call.pushDecimal(try env.session.netWorth())
            return 1
        },
    ]

    /// `{by}`: how to group. The table may be left out.
    struct Grouping: LuaDecodable {
        var by: AllocationDimension?
        static let fields: [LuaField<Grouping>] = [.optional("by", \.by, "type (default), category, platform or asset.")]
    }

    static let allocationRow = LuaType.record([LuaRecordField("key", .string), LuaRecordField("value", .decimal), LuaRecordField("percent", .decimal)])
    static let driftRow = LuaType.record(["key", "actual", "target", "difference", "status"].map { LuaRecordField($0, $0 == "key" || $0 == "status" ? .string : .decimal) })

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
        .method(Portfolio.self, "allocation", Grouping.self, returns: .value(.list(allocationRow)),
                "Shares by type (default), category, platform or asset; percents to 2 decimals summing to 100.",
                example: #"for _, r in ipairs(p:allocation{ by = "type" }) do print(r.key, r.percent) end"#) { env, call, p, args in
            pushAllocation(try env.session.allocation(of: env.session.assets(inPortfolio: p.id!), by: args.by ?? .type), env, call)
            return 1
        },
        .function("af", "allocation", Grouping.self, returns: .value(.list(allocationRow)), "The same over every asset.") { env, call, args in
            pushAllocation(try env.session.allocation(of: env.session.assets(), by: args.by ?? .type), env, call)
            return 1
        },
        .method("Portfolio", "set_targets", "{stock = 60, …, by} -> nil",
                "Replaces its target percents by type (default) or by = \"category\"; each 0–100.",
                example: #"p:set_targets{ stock = 60, bond = 20, cash = 20 }"#) { env, call in
            let fn = "Portfolio:set_targets"
            let p = try env.portfolio(at: 1, call, function: fn)
            guard call.type(at: 2) == LuaTypeCode.table else { throw LuaArgumentError("\(fn) expects a table such as {stock = 60, bond = 40}") }
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
        .method(Portfolio.self, "drift", Grouping.self, returns: .values([LuaRecordField("", .list(driftRow)), LuaRecordField("warning", .optional(.string))]),
                "Actual against target percents; status green (±2), yellow (2–5), red (over 5). Second result: a warning when targets do not sum to 100.") { env, call, p, args in
            let report = try env.session.drift(portfolio: p.id!, by: args.by ?? .type)
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
    static let goalProgress = LuaType.record([LuaRecordField("goal", .optional(.decimal)), LuaRecordField("total", .decimal),
                                              LuaRecordField("achievement_percent", .decimal), LuaRecordField("distance", .decimal),
                                              LuaRecordField("reached", .boolean)])

    static let goal: [Binding] = [
        .function("af", "set_financial_goal", "(amount|nil)", "Sets the financial goal (> 0); nil or \"\" clears it. Also af.settings.financial_goal = …") { env, call in
            let text: String
            if call.isNil(at: 1) { text = "" } else if call.type(at: 1) == LuaTypeCode.string { text = call.string(at: 1) ?? "" } else {
                guard let d = try? call.decimal(at: 1) else { throw RuleViolation(GoalRules.invalidNumberMessage) }
                text = d.plainText
            }
            try env.session.execute(SetFinancialGoal(text: text))
            return 0
        },
        .function("af", "financial_goal", NoArguments.self, returns: .value(.optional(.decimal)),
                  "The financial goal. Also af.settings.financial_goal.") { env, call, _ in
            call.pushOptionalDecimal(try env.session.setting(goalKey).flatMap(ExactDecimal.parseOrNil))
            return 1
        },
        .function("af", "goal_progress", NoArguments.self, returns: .value(goalProgress),
                  "Progress of the net worth towards the financial goal.") { env, call, _ in
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
