import Core
import LuaBridge
import LuaDecimals
import Store

/// Everything on `Portfolio`: its fields and methods, from its value over time to targets,
/// drift, rebalancing and performance.
enum PortfolioBindings {
    static let all: [Binding] = fields + analysis + targets + changes

    static let fields: [Binding] = [
        .field("Portfolio", "name", .string, "The portfolio's name.") { env, call, id in
            call.pushString(try env.requirePortfolio(id).name)
        },
        .field("Portfolio", "description", .string, "The portfolio's description.") { env, call, id in
            call.pushString(try env.requirePortfolio(id).description)
        },
        .field("Portfolio", "total_value", .money, "Σ current value of its assets in the main currency (each at today's rate, else the latest earlier one).") { env, call, id in
            let main = try env.session.mainCurrency()
            call.pushMoney(try env.session.totalValue(of: env.session.assets(inPortfolio: id), in: main), main)
        },
    ]

    /// `{from, to, every}` of a timeline.
    struct Timeline: LuaDecodable {
        var from: CalendarDate!
        var to: CalendarDate?
        var every = LuaStep.day
        var currency: String?
        static let fields: [LuaField<Timeline>] = [
            .required("from", \.from, "First day."),
            .optional("to", \.to, "Last day (default today)."),
            .optional("every", \.every, "One row a day (default) or a month."),
            .optional("currency", \.currency, "Values in this currency at each day's rate (default: the main currency)."),
        ]
    }

    /// `{date, value}` rows of a timeline.
    static let valueRow = LuaType.record([LuaRecordField("date", .date), LuaRecordField("value", .money)])

    static let analysis: [Binding] = [
        .method(Portfolio.self, "assets", NoArguments.self, returns: .value(.list(.object("Asset"))), "The portfolio's assets, by name.",
                example: "for _, a in ipairs(p:assets()) do print(a) end") { env, call, p, _ in
            try env.pushList(env.session.assets(inPortfolio: p.id!), call) { env.pushAsset($0.id!) }
            return 1
        },
        .method(Portfolio.self, "value_at", AfBindings.OnDate.self, returns: .value(.money), "Σ of its assets' values on that date, each converted at that day's rate into the main currency.",
                example: #"p:value_at("2024-01-31")"#) { env, call, p, args in
            let main = try env.session.mainCurrency()
            call.pushMoney(try env.session.value(of: env.session.assets(inPortfolio: p.id!), at: args.date, in: main), main)
            return 1
        },
        .method(Portfolio.self, "timeline", Timeline.self, returns: .value(.list(valueRow)),
                "Its value on each day or month (every = \"day\" or \"month\") from `from` to `to` (default today).",
                example: #"for _, r in ipairs(p:timeline{ from = "2024-01-01", every = "month" }) do print(r.date, r.value) end"#) { env, call, p, args in
            let dates = try StoreSession.timelineDates(from: args.from, to: args.to ?? env.session.today, monthly: args.every == .month)
            let currency = try env.session.reportingCurrency(args.currency)
            let rows = try env.session.timeline(of: env.session.assets(inPortfolio: p.id!), dates: dates, in: currency)
            env.pushList(rows, call) { row in
                call.newTable()
                call.pushString(row.date.description); call.setField("date", of: -2)
                call.pushMoney(row.value, currency); call.setField("value", of: -2)
            }
            return 1
        },
        .method(Portfolio.self, "allocation", AfBindings.Grouping.self, returns: .value(.list(AfBindings.allocationRow)),
                "Shares by type (default), category, platform, asset or currency; percents to 2 decimals summing to 100. Values in `currency` (default: the main currency) at today's rate.",
                example: #"for _, r in ipairs(p:allocation{ by = "type" }) do print(r.key, r.percent) end"#) { env, call, p, args in
            let currency = try env.session.reportingCurrency(args.currency)
            AfBindings.pushAllocation(try env.session.allocation(of: env.session.assets(inPortfolio: p.id!), by: args.by ?? .type, in: currency), currency: currency, env, call)
            return 1
        },
        ReturnsBindings.performanceMethod(Portfolio.self) { .portfolio($0.id!) },
        ReturnsBindings.seriesMethod(Portfolio.self) { .portfolio($0.id!) },
    ]

    /// `{stock = 60, …, by}`: target percents by group.
    struct Targets: LuaDecodable {
        var by = AllocationDimension.type
        var targets: [String: ExactDecimal] = [:]
        static let fields: [LuaField<Targets>] = [
            .optional("by", \.by, "type (default) or category."),
            .others(\.targets, "The target percent of each group, 0–100."),
        ]
        static let tableHint: String? = "a table such as {stock = 60, bond = 40}"
    }

    /// `(profile)`: a risk profile or tolerance by name.
    struct Profile: LuaDecodable {
        var profile: String!
        static let fields: [LuaField<Profile>] = [
            .required("profile", \.profile, "conservative, moderate, aggressive, or a risk tolerance such as very_high."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let targets: [Binding] = [
        .method(Portfolio.self, "set_targets", Targets.self, returns: .none,
                "Replaces its target percents by type (default) or by = \"category\"; each 0–100.",
                example: #"p:set_targets{ stock = 60, bond = 20, cash = 20 }"#) { env, _, p, args in
            try env.session.execute(SetTargets(portfolio: p.id!, by: args.by, targets: args.targets))
            return 0
        },
        .method(Portfolio.self, "drift", AfBindings.Grouping.self,
                returns: .values([LuaRecordField("", .list(AfBindings.driftRow)), LuaRecordField("warning", .optional(.string))]),
                "Actual against target percents; status green (±2), yellow (2–5), red (over 5). Second result: a warning when targets do not sum to 100.", example: #"local rows, warning = p:drift{ by = "type" }"#) { env, call, p, args in
            let report = try env.session.drift(portfolio: p.id!, by: args.by ?? .type)
            AfBindings.pushDriftRows(report.rows, env, call)
            call.pushOptionalString(report.targetsWarning)
            return 2
        },
        .method(Portfolio.self, "rebalance", RebalanceBindings.Request.self, returns: .value(RebalanceBindings.planType),
                "A plan of trades to reach the targets: strategy full (default), bands, cash_flow, min_trades or a rule of af.rebalance.define. The plan lists each group {key, action, amount} and has trades, before, after, summary (\"Move X from A to B\"), warning and plan:apply{date}.",
                example: #"local plan = p:rebalance{ strategy = "bands", tolerance = { absolute = 5, relative = 25 } }"#) { env, call, _, _ in
            try RebalanceBindings.rebalance(env, call)
        },
        .method(Portfolio.self, "risk_deviation", Profile.self, returns: .value(.list(AfBindings.driftRow)),
                "Its current allocation by risk class (stock, bond, cash, alternatives) against a risk profile (as af.risk_profile); status green (±2), yellow (2–5), red (over 5).",
                example: #"for _, r in ipairs(p:risk_deviation("moderate")) do print(r.key, r.actual, r.target, r.status) end"#) { env, call, p, args in
            let report = try env.session.riskDeviation(portfolio: p.id!, from: try AfBindings.riskProfile(named: args.profile))
            AfBindings.pushDriftRows(report.rows, env, call)
            return 1
        },
    ]

    /// `{name, description}`: the fields to change.
    struct Update: LuaDecodable {
        var name: String?
        var description: String?
        static let fields: [LuaField<Update>] = [
            .optional("name", \.name, "Trimmed; unique, ignoring case."),
            .optional("description", \.description, "Free text."),
        ]
    }

    static let changes: [Binding] = [
        .method(Portfolio.self, "update", Update.self, returns: .value(.object("Portfolio")),
                "Renames it or changes its description; the name follows the rules of a new one.",
                example: #"p:update{ name = "Core holdings" }"#) { env, _, p, args in
            try env.session.execute(UpdatePortfolio(id: p.id!, name: args.name, description: args.description))
            env.pushPortfolio(p.id!)
            return 1
        },
        .method(Portfolio.self, "delete", NoArguments.self, returns: .none, "Deletes the portfolio; only an empty one can be deleted.", example: #"af.portfolio("Old"):delete()"#) { env, _, p, _ in
            try env.session.execute(DeletePortfolio(id: p.id!))
            return 0
        },
    ]
}

extension ScriptEnvironment {
    func requirePortfolio(_ id: Int64) throws -> Portfolio {
        guard let p = try session.portfolio(id: id) else { throw LuaArgumentError("that portfolio was deleted") }
        return p
    }
}
