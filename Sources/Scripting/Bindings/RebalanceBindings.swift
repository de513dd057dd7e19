import Core
import LuaBridge
import LuaDecimals
import Store

/// Rebalancing strategies, plans and custom rules (issue 6): `portfolio:rebalance{…}`,
/// `plan:apply{date}`, `af.rebalance.define(name, fn)`, `af.rebalance.strategies()`.
enum RebalanceBindings {
    static let all: [Binding] = [
        .function("af.rebalance", "define", Rule.self, returns: .none,
                  "Defines a rebalancing rule usable as portfolio:rebalance{ strategy = name }. ctx has holdings, values, prices, targets, drift, cash, total, amount; return {{asset, side = \"buy\"|\"sell\", amount | quantity}, …}.",
                  example: #"af.rebalance.define("sell_winners", function(ctx) return { { asset = "ACME", side = "sell", amount = 100 } } end)"#) { _, call, args in
            guard !args.name.isEmpty else { throw LuaArgumentError("af.rebalance.define: a rule name expected, got an empty string") }
            guard call.type(at: 2) == LuaTypeCode.function else {
                throw LuaArgumentError("af.rebalance.define: a function(ctx) expected for '\(args.name)', got \(call.typeName(at: 2))")
            }
            try PlanRebalance.validateRuleName(args.name)
            pushRules(call)
            call.pushValue(at: 2)
            call.setField(args.name, of: -2)
            call.pop()
            return 0
        },
        .function("af.rebalance", "strategies", NoArguments.self, returns: .value(.list(.string)),
                  "The built-in strategies (full, bands, cash_flow, min_trades), then the defined rules, alphabetically.",
                  example: #"print(table.concat(af.rebalance.strategies(), ", "))"#) { env, call, _ in
            env.pushList(try strategyNames(call), call) { call.pushString($0) }
            return 1
        },
    ]

    /// `(name, function(ctx) -> trades)`.
    struct Rule: LuaDecodable {
        var name: String!
        static let fields: [LuaField<Rule>] = [
            .required("name", \.name, "The strategy name."),
            .declared("rule", .function, required: true, "function(ctx) returning {{asset, side, amount | quantity}, …}."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let builtIn = PlanRebalance.builtIn
    static let rulesKey = "assetflow.rebalance.rules"

    /// Pushes the registry table of defined rules, creating it on first use.
    /// Raw access only: the registry has no metamethods, and nothing here can raise.
    static func pushRules(_ call: LuaCall) {
        if call.rawField(rulesKey, of: call.registryIndex) != LuaTypeCode.table {
            call.pop()
            call.newTable()
            call.pushValue(at: -1)
            call.setField(rulesKey, of: call.registryIndex)
        }
    }

    static func strategyNames(_ call: LuaCall) throws -> [String] {
        pushRules(call)
        var names: [String] = []
        call.forEachStringKey(of: -1) { names.append($0) }
        call.pop()
        return builtIn + names.sorted()
    }

    /// `{strategy, by, tolerance, to, amount, choose, targets}`; read by `rebalance`.
    struct Request: LuaDecodable {
        static let fields: [LuaField<Request>] = [
            .declared("strategy", .string, "full (default), bands, cash_flow, min_trades or a rule of af.rebalance.define."),
            .declared("by", AllocationDimension.luaType, "type (default) or category."),
            .declared("tolerance", .union([.decimal, .record([LuaRecordField("absolute", .decimal), LuaRecordField("relative", .decimal)])]),
                      "bands: percentage points, or {absolute, relative}."),
            .declared("to", BandDestination.luaType, "bands: trade back to the target or to the band's edge."),
            .declared("amount", .decimal, "cash_flow: new money to invest (< 0: to withdraw)."),
            .declared("choose", .map(.string, .object("Asset")), "Which asset trades for a group: {group = asset}."),
            .declared("targets", .map(.string, .decimal), "Targets to use instead of the stored ones."),
        ]
    }

    /// `{date, note}` of `plan:apply{…}`; may be left out.
    struct Apply: LuaDecodable {
        var date: CalendarDate?
        var note: String?
        static let fields: [LuaField<Apply>] = [
            .optional("date", \.date, "Of the trades (default today)."),
            .optional("note", \.note, "Free text on each trade."),
        ]
    }

    static let tradeRow = LuaType.record([LuaRecordField("asset", .object("Asset")), LuaRecordField("name", .string), LuaRecordField("group", .string),
                                          LuaRecordField("side", .oneOf(["buy", "sell"])), LuaRecordField("amount", .money),
                                          LuaRecordField("quantity", .decimal), LuaRecordField("price", .decimal),
                                          LuaRecordField("main_amount", .money), LuaRecordField("main_price", .decimal), LuaRecordField("main_currency", .string),
                                          LuaRecordField("currency", .string), LuaRecordField("local_price", .decimal), LuaRecordField("local_amount", .money)])
    /// The plan table `Portfolio:rebalance` returns.
    static let planType = LuaType.record([LuaRecordField("strategy", .string), LuaRecordField("currency", .string), LuaRecordField("trades", .list(tradeRow)),
                                          LuaRecordField("before", .list(.table)), LuaRecordField("after", .list(.table)),
                                          LuaRecordField("summary", .list(.string)), LuaRecordField("problems", .list(.string)),
                                          LuaRecordField("warning", .optional(.string)), LuaRecordField("new_money", .money),
                                          LuaRecordField("apply", .function)])

    /// `portfolio:rebalance()` / `portfolio:rebalance{strategy, by, tolerance, to, amount, choose, targets}`.
    static func rebalance(_ env: ScriptEnvironment, _ call: LuaCall) throws -> Int32 {
        let fn = env.currentFunction
        let p = try env.portfolio(at: 1, call, function: fn)
        var request = PlanRebalance()
        var by = AllocationDimension.type
        var targets: [String: ExactDecimal]?
        if !call.isNil(at: 2) {
            let args = try NamedArguments(call, at: 2, function: fn, allowed: Request.fieldNames)
            request.strategy = try args.string("strategy") ?? request.strategy
            by = try args.string("by").map(AllocationDimension.parse) ?? by
            if let t = try args.value("tolerance", { try readTolerance(call, at: $0, fn) }) { request.tolerance = t }
            request.destination = try args.string("to").map(BandDestination.parse) ?? request.destination
            request.amount = try args.decimal("amount")
            targets = try args.value("targets") { i -> [String: ExactDecimal] in
                guard call.type(at: i) == LuaTypeCode.table else { throw args.fieldError("targets", "a table such as {stock = 60, bond = 40} expected") }
                var keys: [String] = []
                call.forEachStringKey(of: i) { keys.append($0) }
                var result: [String: ExactDecimal] = [:]
                for key in keys {
                    result[key] = try call.field(key, of: i) { j in
                        do { return try call.decimal(at: j) } catch { throw args.fieldError("targets", "'\(key)': \(error)") }
                    }
                }
                return result
            }
            if let ids = try args.value("choose", { i -> [String: Int64] in
                guard call.type(at: i) == LuaTypeCode.table else { throw args.fieldError("choose", "a table {group = asset} expected") }
                var keys: [String] = []
                call.forEachStringKey(of: i) { keys.append($0) }
                var result: [String: Int64] = [:]
                for key in keys {
                    let asset = try call.field(key, of: i) { try env.asset(at: $0, call, function: "\(fn): choose.\(key)") }!
                    guard asset.portfolioID == p.id else { throw args.fieldError("choose", "'\(asset.name)' (for \(key)) is not in portfolio '\(p.name)'") }
                    result[key] = asset.id!
                }
                return result
            }) { request.choose = ids }
        }
        let input = try env.session.rebalanceInput(portfolio: p.id!, by: by, targets: targets)
        let plan: TradePlan
        do {
            plan = try request.plan(input, dimension: by) { name, amount in
                try custom(name, env, call, input: input, portfolio: p, by: by, amount: amount, choose: request.choose)
            }
        } catch let e as PlanRebalance.ArgumentError {
            throw LuaArgumentError("\(fn): \(e)")
        }
        pushPlan(plan, env, call)
        try env.markSummary(call)
        return 1
    }

    /// `tolerance = 5` (points), or `{absolute = 5, relative = 25, floor = 1}`.
    static func readTolerance(_ call: LuaCall, at i: Int32, _ fn: String) throws -> RebalanceTolerance {
        if call.type(at: i) == LuaTypeCode.table {
            let t = try NamedArguments(call, at: i, function: "\(fn): tolerance", allowed: ["absolute", "relative", "floor"])
            let tolerance = RebalanceTolerance(absolute: try t.decimal("absolute"), relative: try t.decimal("relative"), floor: try t.decimal("floor"))
            try tolerance.validate()
            return tolerance
        }
        do {
            let tolerance = RebalanceTolerance(absolute: try call.decimal(at: i))
            try tolerance.validate()
            return tolerance
        } catch let e as RuleViolation { throw e } catch {
            throw LuaArgumentError("\(fn): field 'tolerance': points (5) or a table {absolute, relative, floor} expected, got \(call.typeName(at: i))")
        }
    }

    // MARK: Custom rules

    static func custom(_ name: String, _ env: ScriptEnvironment, _ call: LuaCall, input: RebalanceInput, portfolio: Portfolio,
                       by: AllocationDimension, amount: ExactDecimal, choose: [String: Int64]) throws -> TradePlan {
        pushRules(call)
        let type = call.rawField(name, of: -1)
        guard type == LuaTypeCode.function else {
            call.pop(2)
            throw RuleViolation("Unknown rebalancing strategy '\(name)'. Use one of: \(try strategyNames(call).joined(separator: ", ")) (define your own with af.rebalance.define).")
        }
        let function = call.argumentCount
        defer { call.pop(2) }
        try call.callFunction(at: function, results: 1) {
            pushContext(input, env, call, portfolio: portfolio, by: by, amount: amount)
            return 1
        }
        defer { call.pop() }
        let prefix = "Rebalancing rule '\(name)'"
        guard call.type(at: -1) == LuaTypeCode.table else {
            throw RuleViolation("\(prefix) must return a list of trades {{asset, side, amount | quantity}, …}, not \(call.typeName(at: -1)).")
        }
        let list = call.argumentCount
        var requests: [TradeRequest] = []
        for i in 1...max(1, call.rawLength(at: list)) where i <= call.rawLength(at: list) {
            call.pushElement(i, of: list)
            defer { call.pop() }
            let t = call.argumentCount
            guard call.type(at: t) == LuaTypeCode.table else { throw RuleViolation("\(prefix): trade \(i): a table {asset, side, amount | quantity} expected, got \(call.typeName(at: t)).") }
            let assetName = try call.field("asset", of: t) { j -> String? in
                if call.isNil(at: j) { return nil }
                if let id = env.lua.objectID(at: j, className: "Asset") { return try env.session.requireAsset(id: id).name }
                if let s = call.string(at: j) { return s }
                throw RuleViolation("\(prefix): trade \(i): asset must be an Asset or an asset name, not \(call.typeName(at: j)).")
            }
            guard let assetName else { throw RuleViolation("\(prefix): trade \(i): asset is missing.") }
            let side = call.field("side", of: t) { call.string(at: $0) } ?? "(no side)"
            func number(_ key: String) throws -> ExactDecimal? {
                try call.field(key, of: t) { j in
                    do { return try call.decimal(at: j) } catch { throw RuleViolation("\(prefix): trade \(i) (\(side) \(assetName)): \(key): \(error).") }
                }
            }
            requests.append(TradeRequest(index: i, asset: assetName, side: side, amount: try number("amount"), quantity: try number("quantity")))
        }
        do {
            return try RebalanceEngine.plan(input, requests: requests, strategy: name, choose: choose, newMoney: amount)
        } catch let e as RuleViolation {
            throw RuleViolation("\(prefix): \(e.message)")
        }
    }

    static func pushContext(_ input: RebalanceInput, _ env: ScriptEnvironment, _ call: LuaCall, portfolio: Portfolio, by: AllocationDimension, amount: ExactDecimal) {
        let main = (try? env.session.mainCurrency()) ?? ""  // values and amounts are in the main currency, prices are decimals
        call.newTable()
        env.pushPortfolio(portfolio.id!); call.setField("portfolio", of: -2)
        call.pushString(by.rawValue); call.setField("by", of: -2)
        env.pushList(input.holdings, call) { h in
            call.newTable()
            env.pushAsset(h.assetID); call.setField("asset", of: -2)
            call.pushString(h.name); call.setField("name", of: -2)
            call.pushString(h.group); call.setField("group", of: -2)
            call.pushDecimal(h.quantity); call.setField("quantity", of: -2)
            call.pushDecimal(h.price); call.setField("price", of: -2)
            call.pushMoney(h.value, main); call.setField("value", of: -2)
            call.pushBoolean(h.isCash); call.setField("cash", of: -2)
        }
        call.setField("holdings", of: -2)
        func map(_ key: String, _ pairs: [(String, ExactDecimal)], asMoney: Bool = false) {
            call.newTable()
            for (k, v) in pairs {
                if asMoney { call.pushMoney(v, main) } else { call.pushDecimal(v) }
                call.setField(k, of: -2)
            }
            call.setField(key, of: -2)
        }
        map("values", input.groups.map { ($0, input.value($0)) }, asMoney: true)
        map("prices", input.holdings.map { ($0.name, $0.price) })
        map("targets", input.groups.map { ($0, input.target($0)) })
        map("drift", input.groups.map { ($0, input.drift($0).rounded(places: 4)) })
        call.pushMoney(RebalanceEngine.cashHolding(input)?.value ?? 0, main); call.setField("cash", of: -2)
        call.pushMoney(input.total, main); call.setField("total", of: -2)
        call.pushMoney(amount, main); call.setField("amount", of: -2)
    }

    // MARK: Plans

    final class AppliedFlag { var applied = false }

    /// The plan table: its array part lists each group's change {key, action, amount} (as the
    /// no-argument form always did), with fields trades, before, after, summary, warning,
    /// problems, strategy, new_money and the method apply.
    static func pushPlan(_ plan: TradePlan, _ env: ScriptEnvironment, _ call: LuaCall) {
        // Plans are made in the main currency (Currencies.md): their amounts are money in it.
        let main = (try? env.session.mainCurrency()) ?? ""
        env.pushList(plan.groups, call) { row in
            call.newTable()
            call.pushString(row.key); call.setField("key", of: -2)
            call.pushString(row.action.rawValue); call.setField("action", of: -2)
            call.pushMoney(row.amount, main); call.setField("amount", of: -2)
            call.pushMoney(row.currentValue, main); call.setField("current", of: -2)
            call.pushMoney(row.targetValue, main); call.setField("target_value", of: -2)
        }
        call.pushString(plan.strategy); call.setField("strategy", of: -2)
        call.pushString(main); call.setField("currency", of: -2)
        env.pushList(plan.trades, call) { t in
            call.newTable()
            env.pushAsset(t.assetID); call.setField("asset", of: -2)
            call.pushString(t.asset); call.setField("name", of: -2)
            call.pushString(t.group); call.setField("group", of: -2)
            call.pushString(t.side.rawValue); call.setField("side", of: -2)
            call.pushMoney(t.amount.rounded(places: 2), main); call.setField("amount", of: -2)
            call.pushDecimal(t.quantity); call.setField("quantity", of: -2)
            call.pushDecimal(t.price); call.setField("price", of: -2)
            // Amount and price above are in the plan's (main) currency; the trade itself is
            // in the asset's own currency, at its own price.
            call.pushMoney(t.amount.rounded(places: 2), main); call.setField("main_amount", of: -2)
            call.pushDecimal(t.price); call.setField("main_price", of: -2)
            call.pushString(main); call.setField("main_currency", of: -2)
            if let asset = try? env.session.requireAsset(id: t.assetID), let v = try? env.session.valuation(ofAsset: t.assetID) {
                let local: ExactDecimal = asset.isCash ? 1 : v.currentPrice
                call.pushString(asset.currency); call.setField("currency", of: -2)
                call.pushDecimal(local); call.setField("local_price", of: -2)
                call.pushMoney((t.quantity * local).rounded(places: (try? Currency.lookup(asset.currency).minorUnits) ?? 2), asset.currency); call.setField("local_amount", of: -2)
            }
        }
        call.setField("trades", of: -2)
        for (key, rows) in [("before", plan.before), ("after", plan.after)] {
            env.pushList(rows, call) { r in
                call.newTable()
                call.pushString(r.key); call.setField("key", of: -2)
                call.pushMoney(r.value.rounded(places: 2), main); call.setField("value", of: -2)
                call.pushDecimal(r.percent); call.setField("percent", of: -2)
                call.pushDecimal(r.target); call.setField("target", of: -2)
            }
            call.setField(key, of: -2)
        }
        env.pushList(plan.summary, call) { call.pushString($0) }
        call.setField("summary", of: -2)
        env.pushList(plan.problems, call) { call.pushString($0) }
        call.setField("problems", of: -2)
        call.pushOptionalString(plan.targetsWarning); call.setField("warning", of: -2)
        call.pushMoney(plan.newMoney, main); call.setField("new_money", of: -2)
        let flag = AppliedFlag()
        call.pushFunction { [unowned env] c in
            let args = try Apply.read(ArgumentReader(environment: env, call: c, function: "plan:apply"), at: 2)
            guard !flag.applied else { throw RuleViolation(ApplyRebalancePlan.alreadyAppliedMessage, rule: .notAllowed) }
            let recorded = try env.session.execute(ApplyRebalancePlan(plan, date: args.date, note: args.note))
            flag.applied = true
            env.pushList(recorded, c) { env.pushTransaction($0.id!) }
            return 1
        }
        call.setField("apply", of: -2)
    }
}
