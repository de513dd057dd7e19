import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// The functions of `af` that create and find things: portfolios, assets, categories,
/// plans, and the movements between assets (swap, dividend, interest). Each write runs one
/// Core command through `session.execute`. Figures and goals: AfBindings+Analysis.
enum AfBindings {
    static let all: [Binding] = portfolios + assets + movements + plans + analysis

    /// `(name)`: a lookup by name.
    struct Named: LuaDecodable {
        var name: String!
        static let fields: [LuaField<Named>] = [.required("name", \.name, "The name, ignoring case.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `{name, description}`.
    struct NewPortfolio: LuaDecodable {
        var name: String!
        var description = ""
        static let fields: [LuaField<NewPortfolio>] = [
            .required("name", \.name, "Trimmed; unique, ignoring case."),
            .optional("description", \.description, "Free text."),
        ]
    }

    static let portfolios: [Binding] = [
        .function("af", "create_portfolio", NewPortfolio.self, returns: .value(.object("Portfolio")),
                  "Creates a portfolio. The name is trimmed and must be unique, ignoring case.",
                  example: #"local p = af.create_portfolio{ name = "Core" }"#) { env, _, args in
            env.pushPortfolio(try env.session.execute(CreatePortfolio(name: args.name, description: args.description)).id!)
            return 1
        },
        .function("af", "portfolio", Named.self, returns: .value(.optional(.object("Portfolio"))),
                  "The portfolio with this name (ignoring case), or nil; using that nil is an error naming it and the closest names.", example: #"af.portfolio("Core")"#) { env, call, args in
            if let p = try env.session.portfolio(named: args.name) { env.pushPortfolio(p.id!) } else {
                env.lastMissingName = Suggestions.missing("portfolio", args.name, among: try env.session.portfolios().map(\.name))
                call.pushNil()
            }
            return 1
        },
        .function("af", "portfolios", NoArguments.self, returns: .value(.list(.object("Portfolio"))), "Every portfolio, by name.",
                  example: "for _, p in ipairs(af.portfolios()) do print(p) end") { env, call, _ in
            try env.pushList(env.session.portfolios(), call) { env.pushPortfolio($0.id!) }
            return 1
        },
    ]

    /// `{name, type, currency, portfolio, quantity, cost_basis, current_price, date, notes}`.
    struct NewAsset: LuaDecodable {
        var name: String!
        var type = AssetType.other
        var currency = "USD"
        var portfolio: Portfolio?
        var quantity: ExactDecimal?
        var costBasis: ExactDecimal?
        var currentPrice: ExactDecimal?
        var date: CalendarDate?
        var notes = ""
        static let fields: [LuaField<NewAsset>] = [
            .required("name", \.name, "Unique, ignoring case."),
            .optional("type", \.type, "Default other."),
            .optional("currency", \.currency, "ISO 4217 (default USD)."),
            .optional("portfolio", \.portfolio, "The portfolio it belongs to."),
            .optional("quantity", \.quantity, "Units held from the start: a first buy."),
            .optional("cost_basis", \.costBasis, "Price per unit of that buy (required with a quantity)."),
            .optional("current_price", \.currentPrice, "Its first price record (default: cost_basis)."),
            .optional("date", \.date, "Of the first buy and price (default today)."),
            .optional("notes", \.notes, "Free text."),
        ]
    }

    static let assets: [Binding] = [
        .function("af", "create_asset", NewAsset.self, returns: .value(.object("Asset")),
                  "Creates an asset. With a quantity it starts with a buy at cost_basis and a price record at current_price (or cost_basis); cash at 1.",
                  example: #"af.create_asset{ name = "ACME", type = "stock", currency = "USD", quantity = 10, cost_basis = "10", date = "2024-01-02" }"#) { env, _, args in
            var command = CreateAsset(name: args.name, type: args.type)
            command.currency = args.currency
            command.notes = args.notes
            command.portfolioID = args.portfolio?.id
            command.quantity = args.quantity
            command.costBasis = args.costBasis
            command.currentPrice = args.currentPrice
            command.date = args.date
            env.pushAsset(try env.session.execute(command).id!)
            return 1
        },
        .function("af", "asset", Named.self, returns: .value(.optional(.object("Asset"))), "The asset with this name (ignoring case), or nil; using that nil (af.asset(\"KOO\"):sell{…}) is an error naming the missing asset and the closest names.",
                  example: #"af.asset("ACME")"#) { env, call, args in
            if let a = try env.session.asset(named: args.name) { env.pushAsset(a.id!) } else {
                env.lastMissingName = Suggestions.missing("asset", args.name, among: try env.session.assets().map(\.name))
                call.pushNil()
            }
            return 1
        },
        .function("af", "assets", NoArguments.self, returns: .value(.list(.object("Asset"))), "Every asset, by name.",
                  example: "for _, a in ipairs(af.assets()) do print(a) end") { env, call, _ in
            try env.pushList(env.session.assets(), call) { env.pushAsset($0.id!) }
            return 1
        },
    ]

    /// `{from, to, quantity, price, to_quantity, to_price, date}`.
    struct SwapArguments: LuaDecodable {
        var from: Asset!
        var to: Asset!
        var quantity: ExactDecimal!
        var price: ExactDecimal?
        var toQuantity: ExactDecimal?
        var toPrice: ExactDecimal?
        var date: CalendarDate?
        var move: Bool?
        static let fields: [LuaField<SwapArguments>] = [
            .required("from", \.from, "The asset sold."),
            .required("to", \.to, "The asset bought."),
            .required("quantity", \.quantity, "Units of `from` sold."),
            .optional("price", \.price, "Price of `from` (default: its current price)."),
            .optional("to_quantity", \.toQuantity, "Units of `to` bought (default: proceeds ÷ to_price)."),
            .optional("to_price", \.toPrice, "Price of `to` (default: its current price)."),
            .optional("date", \.date, "Default today."),
            .optional("move", \.move, "true: one holding under two records (a share-class conversion, a wallet-to-wallet move): no sale, the cost basis and lot dates go with the units; to_quantity defaults to quantity."),
        ]
    }

    /// `{asset, source, amount, quantity, price, date, note}` of a dividend or interest.
    struct IncomeArguments: LuaDecodable {
        var asset: Asset!
        var source: Asset!
        var amount: ExactDecimal?
        var quantity: ExactDecimal?
        var price: ExactDecimal?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<IncomeArguments>] = [
            .required("asset", \.asset, "The cash asset paid into (or, in kind, the asset itself)."),
            .required("source", \.source, "The asset that pays."),
            .optional("amount", \.amount, "The money paid."),
            .optional("quantity", \.quantity, "Units received in kind."),
            .optional("price", \.price, "Price of the units received in kind."),
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `{name, target}`.
    struct NewCategory: LuaDecodable {
        var name: String!
        var target: ExactDecimal?
        static let fields: [LuaField<NewCategory>] = [
            .required("name", \.name, "Unique, ignoring case."),
            .optional("target", \.target, "Target percent, 0–100."),
        ]
    }

    static let movements: [Binding] = [
        .function("af", "swap", SwapArguments.self, returns: .values([LuaRecordField("sell", .object("Transaction")), LuaRecordField("buy", .object("Transaction"))]),
                  "Sells `quantity` of `from` and buys `to`, linked to each other, all or nothing. to_price defaults to to's current price, to_quantity to the proceeds ÷ to_price. With move = true it is a move, not a sale: the cost basis and the lots' dates go with the units.",
                  example: #"af.swap{ from = "BTC", to = "Cash", quantity = "0.1", price = 60000 }"#) { env, _, args in
            let pair = try env.session.execute(Swap(from: args.from.id!, to: args.to.id!, quantity: args.quantity, price: args.price,
                                                    toQuantity: args.toQuantity, toPrice: args.toPrice, date: args.date, asMove: args.move ?? false))
            env.pushTransaction(pair.sell.id!)
            env.pushTransaction(pair.buy.id!)
            return 2
        },
        income(.dividend, "Records a dividend paid by `source` into the cash asset `asset`."),
        income(.interest, "Records interest paid by `source` into the cash asset `asset`; in kind (asset == source) with quantity and price."),
        .function("af", "create_category", NewCategory.self, returns: .value(.string),
                  "Creates a category (unique name, optional target percent 0–100); returns its name.",
                  example: #"af.create_category{ name = "Core", target = 60 }"#) { env, call, args in
            call.pushString(try env.session.execute(CreateCategory(name: args.name, targetPercent: args.target)).name)
            return 1
        },
    ]

    static func income(_ type: TransactionType, _ summary: String) -> Binding {
        .function("af", type.rawValue, IncomeArguments.self, returns: .value(.object("Transaction")), summary,
                  example: "af.\(type.rawValue){ asset = \"Cash\", source = \"ACME\", amount = \"12.50\", date = \"2024-03-01\" }") { env, _, a in
            let t = type == .dividend
                ? try env.session.execute(Dividend(asset: a.asset.id!, source: a.source.id!, amount: a.amount, date: a.date, note: a.note))
                : try env.session.execute(Interest(asset: a.asset.id!, source: a.source.id!, amount: a.amount, quantity: a.quantity, price: a.price,
                                                   date: a.date, note: a.note))
            env.pushTransaction(t.id!)
            return 1
        }
    }

    /// `{name, target_amount, monthly_contribution, start_date, target_date, risk_tolerance, status, notes, portfolio}`.
    struct NewInvestmentPlan: LuaDecodable {
        var name: String!
        var targetAmount: ExactDecimal!
        var monthlyContribution: ExactDecimal = 0
        var startDate: CalendarDate!
        var targetDate: CalendarDate!
        var riskTolerance = RiskTolerance.moderate
        var status = InvestmentPlanStatus.active
        var notes = ""
        var portfolio: Portfolio?
        static let fields: [LuaField<NewInvestmentPlan>] = [
            .required("name", \.name, "The plan's name."),
            .required("target_amount", \.targetAmount, "The amount to reach."),
            .optional("monthly_contribution", \.monthlyContribution, "Planned monthly saving (default 0)."),
            .required("start_date", \.startDate, "When saving starts."),
            .required("target_date", \.targetDate, "When the amount should be reached."),
            .optional("risk_tolerance", \.riskTolerance, "Default moderate."),
            .optional("status", \.status, "Default active."),
            .optional("notes", \.notes, "Free text."),
            .optional("portfolio", \.portfolio, "The portfolio whose value counts (default: every asset)."),
        ]
    }

    /// `{name, asset, source, amount, frequency, start_date, execution, day_of_month}`.
    struct NewSavingPlan: LuaDecodable {
        var name: String!
        var asset: Asset!
        var source: Asset?
        var amount: ExactDecimal!
        var frequency = SavingFrequency.monthly
        var startDate: CalendarDate?
        var execution = SavingExecutionMethod.manual
        var dayOfMonth: Int64?
        static let fields: [LuaField<NewSavingPlan>] = [
            .required("name", \.name, "The plan's name."),
            .required("asset", \.asset, "The asset bought."),
            .optional("source", \.source, "The cash asset paying (none: a transfer in)."),
            .required("amount", \.amount, "Money per occurrence."),
            .optional("frequency", \.frequency, "Default monthly."),
            .optional("start_date", \.startDate, "Default today."),
            .optional("execution", \.execution, "automatic (af.run_due_plans) or manual (af.reminders, the default)."),
            .optional("day_of_month", \.dayOfMonth, "For monthly plans."),
        ]
    }

    static let plans: [Binding] = [
        .function("af", "create_investment_plan", NewInvestmentPlan.self, returns: .value(.object("InvestmentPlan")),
                  "Creates an investment plan; progress measures its portfolio (or every asset).",
                  example: #"af.create_investment_plan{ name = "House", target_amount = 50000, start_date = "2024-01-01", target_date = "2026-01-01" }"#) { env, _, a in
            let plan = InvestmentPlan(name: a.name, targetAmount: a.targetAmount, monthlyContribution: a.monthlyContribution, startDate: a.startDate,
                                      targetDate: a.targetDate, riskTolerance: a.riskTolerance, status: a.status, notes: a.notes)
            env.lua.pushObject(try env.session.execute(CreateInvestmentPlan(plan, portfolioID: a.portfolio?.id)).id!, className: "InvestmentPlan")
            return 1
        },
        .function("af", "create_saving_plan", NewSavingPlan.self, returns: .value(.object("SavingPlan")),
                  "Creates a regular saving plan (daily, weekly, biweekly, monthly; execution automatic or manual).",
                  example: #"af.create_saving_plan{ name = "ETF", asset = "World ETF", source = "Cash", amount = 200, frequency = "monthly", start_date = "2024-01-31", execution = "automatic" }"#) { env, _, a in
            let plan = RegularSavingPlan(name: a.name, assetID: a.asset.id!, sourceAssetID: a.source?.id, amount: a.amount, frequency: a.frequency,
                                         startDate: a.startDate ?? env.session.today, executionMethod: a.execution, dayOfMonth: a.dayOfMonth.map { Int($0) })
            env.lua.pushObject(try env.session.execute(CreateSavingPlan(plan)).id!, className: "SavingPlan")
            return 1
        },
        .function("af", "saving_plans", NoArguments.self, returns: .value(.list(.object("SavingPlan"))),
                  "Every regular saving plan, active or paused, in the order created.",
                  example: "for _, p in ipairs(af.saving_plans()) do print(p) end") { env, call, _ in
            env.pushList(try env.session.savingPlans(), call) { env.lua.pushObject($0.id!, className: "SavingPlan") }
            return 1
        },
        .function("af", "run_due_plans", InvestmentPlanBindings.AsOf.self, returns: .value(.list(.object("Transaction"))),
                  "Executes every due occurrence of the automatic saving plans up to as_of (default today); running twice adds nothing.", example: #"af.run_due_plans{ as_of = "2025-01-31" }"#) { env, call, args in
            env.pushList(try env.session.execute(RunSavingPlans(asOf: args.asOf)), call) { env.pushTransaction($0.id!) }
            return 1
        },
        .function("af", "reminders", InvestmentPlanBindings.AsOf.self,
                  returns: .value(.list(.record([LuaRecordField("plan", .string), LuaRecordField("asset", .string), LuaRecordField("amount", .decimal), LuaRecordField("date", .date)]))),
                  "Due occurrences of the manual saving plans.", example: #"for _, r in ipairs(af.reminders()) do print(r) end"#) { env, call, args in
            try env.pushList(try env.session.reminders(asOf: args.asOf), call) { row in
                call.newTable()
                call.pushString(row.plan.name); call.setField("plan", of: -2)
                call.pushString(try env.session.requireAsset(id: row.plan.assetID!).name); call.setField("asset", of: -2)
                call.pushDecimal(row.plan.amount); call.setField("amount", of: -2)
                call.pushString(row.date.description); call.setField("date", of: -2)
            }
            return 1
        },
    ]
}
