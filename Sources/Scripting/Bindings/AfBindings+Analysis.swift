import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// The functions of `af` that compute: net worth, allocation, the financial goal, risk
/// profiles, projections and performance; and the rows they share with Portfolio's methods.
extension AfBindings {
    static let analysis: [Binding] = history + allocation + goal + [riskProfileFunction, ProjectionBindings.projectFunction,
                                                                    ReturnsBindings.performanceOfEverything, ReturnsBindings.seriesOfEverything]

    /// `(date)`.
    struct OnDate: LuaDecodable {
        var date: CalendarDate!
        static let fields: [LuaField<OnDate>] = [.required("date", \.date, "The day, YYYY-MM-DD.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(currency)`; may be left out.
    struct InCurrency: LuaDecodable {
        var currency: String?
        static let fields: [LuaField<InCurrency>] = [.optional("currency", \.currency, "The currency of the total (default: the main currency).")]
        static let layout = LuaArgumentLayout.positional
    }

    static let history: [Binding] = [
        .function("af", "net_worth", InCurrency.self, returns: .values([LuaRecordField("total", .money), LuaRecordField("fallbacks", .list(.string))]),
                  "Σ current value of every asset in `currency` (default: the main currency), each converted at today's rate, else the latest earlier one; the second result lists the rates that were fallbacks and each asset held without any price (\"valued at 0: no price for X\"). No rate is an error that says how to add one.",
                  example: #"print(af.net_worth(), af.net_worth("EUR"))"#) { env, call, args in
            let sum = try env.session.convertedTotal(of: env.session.assets(), in: args.currency)
            call.pushMoney(sum.total, sum.currency)
            env.pushList(sum.notices, call) { call.pushString($0) }
            return 2
        },
        .function("af", "gains", InCurrency.self, returns: .value(gainsResult),
                  "Every asset's value, cost basis, unrealized and realized gain and income since the first transaction, in `currency` (default: the main currency), by the one conversion rule: the value at today's rate, cost at the rates of the days it was paid, each sale's proceeds and each payment at its day's rate (the overview's cards).",
                  example: #"local g = af.gains(); print(g.value, g.cost_basis, g.unrealized_gain, g.realized_gain, g.income)"#) { env, call, args in
            let g = try env.session.gains(in: args.currency)
            call.newTable()
            for (key, value) in [("value", g.value), ("cost_basis", g.costBasis), ("unrealized_gain", g.unrealizedGain),
                                 ("realized_gain", g.realizedGain), ("income", g.income)] {
                call.pushMoney(value, g.currency); call.setField(key, of: -2)
            }
            call.pushString(g.currency); call.setField("currency", of: -2)
            return 1
        },
        .function("af", "timeline", PortfolioBindings.Timeline.self, returns: .value(.list(PortfolioBindings.valueRow)),
                  "Net worth (every asset, as af.net_worth) on each day or month from `from` to `to` (default today).",
                  example: #"for _, r in ipairs(af.timeline{ from = "2024-01-01", every = "month" }) do print(r.date, r.value) end"#) { env, call, args in
            let dates = try StoreSession.timelineDates(from: args.from, to: args.to ?? env.session.today, monthly: args.every == .month)
            let currency = try env.session.reportingCurrency(nil)
            let rows = try env.session.timeline(of: env.session.assets(), dates: dates, in: currency)
            env.pushList(rows, call) { row in
                call.newTable()
                call.pushString(row.date.description); call.setField("date", of: -2)
                call.pushMoney(row.value, currency); call.setField("value", of: -2)
            }
            return 1
        },
    ]

    /// `{by}`: how to group. The table may be left out.
    struct Grouping: LuaDecodable {
        var by: AllocationDimension?
        var currency: String?
        static let fields: [LuaField<Grouping>] = [.optional("by", \.by, "type (default), category, platform, asset or currency."),
                                                   .optional("currency", \.currency, "Values in this currency (default: the main currency).")]
    }

    static let gainsResult = LuaType.record(["value", "cost_basis", "unrealized_gain", "realized_gain", "income"].map { LuaRecordField($0, .money) }
        + [LuaRecordField("currency", .string)])
    static let allocationRow = LuaType.record([LuaRecordField("key", .string), LuaRecordField("value", .money), LuaRecordField("percent", .decimal)])
    static let driftRow = LuaType.record(["key", "actual", "target", "difference", "status"].map { LuaRecordField($0, $0 == "key" || $0 == "status" ? .string : .decimal) })

    /// Pushes allocation rows as a list of `{key, value, percent}`, each value money in `currency`.
    static func pushAllocation(_ rows: [AllocationRow], currency: String, _ env: ScriptEnvironment, _ call: LuaCall) {
        env.pushList(rows, call) { row in
            call.newTable()
            call.pushString(row.key); call.setField("key", of: -2)
            call.pushMoney(row.value, currency); call.setField("value", of: -2)
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
        .function("af", "allocation", Grouping.self, returns: .value(.list(allocationRow)), "The same over every asset.", example: #"af.allocation{ by = "category" }"#) { env, call, args in
            let currency = try env.session.reportingCurrency(args.currency)
            pushAllocation(try env.session.allocation(of: env.session.assets(), by: args.by ?? .type, in: currency), currency: currency, env, call)
            return 1
        },
    ]

    static let goalKey = SetFinancialGoal.settingKey

    /// `(amount)`: a goal as a decimal, a string, or nil / "" to clear it.
    struct Goal: LuaDecodable {
        static let fields: [LuaField<Goal>] = [.declared("amount", .optional(.union([.decimal, .string])), "> 0; nil or \"\" clears it.")]
        static let layout = LuaArgumentLayout.positional
    }
    static let goalProgress = LuaType.record([LuaRecordField("goal", .optional(.money)), LuaRecordField("total", .money),
                                              LuaRecordField("achievement_percent", .decimal), LuaRecordField("distance", .money),
                                              LuaRecordField("reached", .boolean), LuaRecordField("currency", .string)])

    static let goal: [Binding] = [
        .function("af", "set_financial_goal", Goal.self, returns: .none,
                  "Sets the financial goal (> 0); nil or \"\" clears it. Also af.settings.financial_goal = …", example: #"af.set_financial_goal(250000)"#) { env, call, _ in
            let text: String
            if call.isNil(at: 1) { text = "" } else if call.type(at: 1) == LuaTypeCode.string { text = call.string(at: 1) ?? "" } else {
                guard let d = try? call.decimal(at: 1) else { throw RuleViolation(GoalRules.invalidNumberMessage) }
                text = d.plainText
            }
            try env.session.execute(SetFinancialGoal(text: text))
            return 0
        },
        .function("af", "financial_goal", NoArguments.self, returns: .value(.optional(.decimal)),
                  "The financial goal. Also af.settings.financial_goal.", example: #"print(af.financial_goal())"#) { env, call, _ in
            call.pushOptionalDecimal(try env.session.setting(goalKey).flatMap(ExactDecimal.parseOrNil))
            return 1
        },
        .function("af", "goal_progress", NoArguments.self, returns: .value(goalProgress),
                  "Progress of the net worth towards the financial goal, both in the main currency (`currency`).", example: #"local g = af.goal_progress(); print(g.achievement_percent)"#) { env, call, _ in
            let goal = try env.session.setting(goalKey).flatMap(ExactDecimal.parseOrNil)
            let main = try env.session.mainCurrency()
            let p = GoalProgress(totalValue: try env.session.netWorth(in: main), goal: goal)
            call.newTable()
            call.pushOptionalMoney(goal, main); call.setField("goal", of: -2)
            call.pushMoney(p.totalValue, main); call.setField("total", of: -2)
            call.pushDecimal(p.achievementPercent.rounded(places: 2)); call.setField("achievement_percent", of: -2)
            call.pushMoney(p.distance, main); call.setField("distance", of: -2)
            call.pushBoolean(p.isReached); call.setField("reached", of: -2)
            call.pushString(main); call.setField("currency", of: -2)
            return 1
        },
    ]

    /// `(name)`: a risk profile or tolerance.
    struct ProfileName: LuaDecodable {
        var name: String!
        static let fields: [LuaField<ProfileName>] = [
            .required("name", \.name, "conservative, moderate, aggressive, or a risk tolerance such as very_high."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let riskProfileFunction: Binding = .function(
        "af", "risk_profile", ProfileName.self, returns: .value(.map(.string, .decimal)),
        "Target allocation of a risk profile (conservative, moderate, aggressive, or a risk tolerance such as very_high) by risk class.",
        example: #"af.risk_profile("moderate").stock   --> 60"#) { _, call, args in
        let profile = try riskProfile(named: args.name)
        call.newTable()
        for (key, value) in profile.targetAllocation.sorted(by: { $0.key < $1.key }) {
            call.pushDecimal(value)
            call.setField(key, of: -2)
        }
        return 1
    }

    /// The risk profile called `name`: conservative, moderate, aggressive, or a risk
    /// tolerance (very_low … very_high) mapped to one.
    static func riskProfile(named name: String) throws -> RiskProfile {
        try RiskProfile.named(name)
    }
}
