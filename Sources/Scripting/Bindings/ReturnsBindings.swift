import Core
import LuaBridge
import Store

/// Returns and performance: `af.returns.*`, `scope:performance{from, to}`,
/// `scope:twr_series{from, to, every}`. A figure that cannot be computed comes back as
/// `nil, reason`, never as a stand-in 0 or −100 %. See Documentation/Returns.md.
enum ReturnsBindings {
    static let all: [Binding] = calculators + scoped

    // MARK: Reading arguments

    /// `scope` = an Asset, a Portfolio, or `af` for everything.
    static func scope(_ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, _ fn: String) throws -> PerformanceScope {
        if let id = env.lua.objectID(at: index, className: "Asset") { return .asset(id) }
        if let id = env.lua.objectID(at: index, className: "Portfolio") { return .portfolio(id) }
        if isAf(call, at: index) { return .everything }
        throw LuaArgumentError("\(fn): scope must be an Asset, a Portfolio, or af for everything; got \(call.typeName(at: index))")
    }

    /// True for the `af` table itself (recognised by its `returns` table).
    static func isAf(_ call: LuaCall, at index: Int32) -> Bool {
        guard call.type(at: index) == 5 /* LUA_TTABLE */ else { return false }
        return call.field("returns", of: index) { call.type(at: $0) == 5 ? true : nil } ?? false
    }

    static func requiredScope(_ env: ScriptEnvironment, _ call: LuaCall, _ args: NamedArguments) throws -> PerformanceScope {
        guard let s = try args.value("scope", { try scope(env, call, at: $0, args.function) }) else {
            throw args.fieldError("scope", "is required (an Asset, a Portfolio, or af for everything)")
        }
        return s
    }

    /// A `{date, amount}` pair (or `{date = …, amount = …}`) at `index`.
    static func cashFlow(_ call: LuaCall, at index: Int32, _ what: String) throws -> CashFlow {
        guard call.type(at: index) == 5 else { throw LuaArgumentError("\(what): a {date, amount} pair expected, got \(call.typeName(at: index))") }
        let dateText = call.field("date", of: index) { call.string(at: $0) } ?? { call.pushElement(1, of: index); defer { call.pop() }; return call.string(at: -1) }()
        guard let text = dateText else { throw LuaArgumentError("\(what): the date must be text in the form YYYY-MM-DD") }
        let date: CalendarDate
        do { date = try CalendarDate.parse(text) } catch let error as DateParseError { throw LuaArgumentError("\(what): \(error)") }
        var amount: ExactDecimal?
        do {
            amount = try call.field("amount", of: index) { try call.decimal(at: $0) }
            if amount == nil {
                call.pushElement(2, of: index)
                defer { call.pop() }
                amount = try call.decimal(at: -1)
            }
        } catch { throw LuaArgumentError("\(what): amount: \(error)") }
        guard let amount else { throw LuaArgumentError("\(what): the amount is missing") }
        return CashFlow(date: date, amount: amount)
    }

    /// The array part of the table at `index`, each element read by `read` at the stack top.
    static func elements<T>(_ call: LuaCall, of index: Int32, _ read: (Int) throws -> T) throws -> [T] {
        let table = index < 0 ? call.argumentCount + index + 1 : index
        var result: [T] = []
        for i in 1...max(1, call.rawLength(at: table)) where i <= call.rawLength(at: table) {
            call.pushElement(i, of: table)
            defer { call.pop() }
            result.append(try read(i))
        }
        return result
    }

    static func flows(_ call: LuaCall, at index: Int32, _ what: String) throws -> [CashFlow] {
        guard call.isTable(at: index) else { throw LuaArgumentError("\(what): a list of {date, amount} expected, got \(call.typeName(at: index))") }
        return try elements(call, of: index) { i in try cashFlow(call, at: -1, "\(what) #\(i)") }
    }

    /// Pushes the figure, or nil and the reason: the `nil, reason` convention.
    static func push(_ figure: ReturnFigure, _ call: LuaCall) -> Int32 {
        if let value = figure.value { call.pushDecimal(value); return 1 }
        call.pushNil()
        call.pushString(figure.reason ?? "unavailable")
        return 2
    }

    static func bool(_ args: NamedArguments, _ key: String) throws -> Bool {
        try args.value(key) { args.call.boolean(at: $0) } ?? false
    }

    // MARK: Pure calculators

    static let calculators: [Binding] = [
        .function("af.returns", "twr", "{scope, from, to} -> decimal | nil, reason",
                  "Time-weighted return of an asset, a portfolio or af (everything) over from…to (default: first transaction…today); sub-periods starting at 0 are skipped.",
                  example: #"print(af.returns.twr{ scope = p, from = "2024-01-01", to = "2024-12-31" })"#) { env, call in
            let args = try NamedArguments(call, at: 1, function: "af.returns.twr", allowed: ["scope", "from", "to"])
            return push(try env.session.performance(requiredScope(env, call, args), from: args.date("from"), to: args.date("to")).twr, call)
        },
        .function("af.returns", "modified_dietz", "{scope, from, to} or {begin_value, end_value, flows = {{date, amount}}, from, to} -> decimal | nil, reason",
                  "Modified Dietz: (end − begin − CF) ÷ (begin + Σ wᵢ·CFᵢ), wᵢ = (D − dᵢ) ÷ D in whole days; of a scope, or of given values and flows.",
                  example: #"af.returns.modified_dietz{ begin_value = 100000, end_value = 215000, flows = {{"2024-01-31", 100000}}, from = "2024-01-01", to = "2024-03-31" }"#) { env, call in
            let fn = "af.returns.modified_dietz"
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["scope", "from", "to", "begin_value", "end_value", "flows"])
            if args.has("scope") {
                return push(try env.session.performance(requiredScope(env, call, args), from: args.date("from"), to: args.date("to")).modifiedDietz, call)
            }
            guard let from = try args.date("from") else { throw args.fieldError("from", "is required") }
            guard let to = try args.date("to") else { throw args.fieldError("to", "is required") }
            let flows = try args.value("flows") { try ReturnsBindings.flows(call, at: $0, "\(fn): flows") } ?? []
            return push(Returns.modifiedDietz(begin: try args.requiredDecimal("begin_value"), end: try args.requiredDecimal("end_value"),
                                              flows: flows, from: from, to: to), call)
        },
        .function("af.returns", "xirr", "{{date, amount}, …, annualize_short} -> decimal | nil, reason",
                  "XIRR (Actual/365): money in negative, money out positive. Roots are bracketed first; no sign change, no root or several roots give nil and the reason. Spans under a year need annualize_short = true.",
                  example: #"af.returns.xirr{ {"2021-01-01", -1000}, {"2022-01-01", 1100} }  --> 0.1"#) { env, call in
            let fn = "af.returns.xirr"
            guard call.type(at: 1) == 5 else { throw LuaArgumentError("\(fn) expects a list of {date, amount} pairs such as {{\"2021-01-01\", -1000}, {\"2022-01-01\", 1100}}, got \(call.typeName(at: 1))") }
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["annualize_short"])
            return push(Returns.xirr(try flows(call, at: 1, fn), annualizeShortPeriod: try bool(args, "annualize_short")), call)
        },
        .function("af.returns", "cagr", "{begin_value, end_value, from, to, annualize_short} -> decimal | nil, reason",
                  "Compound annual growth: (end ÷ begin)^(365.25 ÷ days) − 1. Periods under a year need annualize_short = true.",
                  example: #"af.returns.cagr{ begin_value = 100000, end_value = 110000, from = "2024-01-01", to = "2025-01-01" }"#) { env, call in
            let args = try NamedArguments(call, at: 1, function: "af.returns.cagr", allowed: ["begin_value", "end_value", "from", "to", "annualize_short"])
            guard let from = try args.date("from") else { throw args.fieldError("from", "is required") }
            guard let to = try args.date("to") else { throw args.fieldError("to", "is required") }
            return push(Returns.cagr(begin: try args.requiredDecimal("begin_value"), end: try args.requiredDecimal("end_value"), from: from, to: to,
                                     annualizeShortPeriod: try bool(args, "annualize_short")), call)
        },
        .function("af.returns", "growth", "{begin_value, end_value} -> decimal | nil, reason",
                  "Growth rate (end − begin) ÷ begin, deposits and withdrawals included.",
                  example: #"af.returns.growth{ begin_value = 100, end_value = 110 }  --> 0.1"#) { env, call in
            let args = try NamedArguments(call, at: 1, function: "af.returns.growth", allowed: ["begin_value", "end_value"])
            return push(Returns.growth(begin: try args.requiredDecimal("begin_value"), end: try args.requiredDecimal("end_value")), call)
        },
        .function("af.returns", "cumulative", "{r1, r2, …} -> decimal", "Chains period returns exactly: (1 + r1)(1 + r2)… − 1.",
                  example: #"af.returns.cumulative{ "0.10", "0.05", "-0.02" }  --> 0.1319"#) { env, call in
            let rates = try readRates(call, "af.returns.cumulative")
            call.pushDecimal(Returns.cumulative(rates))
            return 1
        },
        .function("af.returns", "rebase", "{c1, c2, …} -> {decimal} | nil, reason",
                  "Rebases a cumulative series to its first point: (1 + cᵢ) ÷ (1 + c₁) − 1.",
                  example: #"af.returns.rebase{ "0.10", "0.21" }  --> {0, 0.1}"#) { env, call in
            switch Returns.rebased(try readRates(call, "af.returns.rebase")) {
            case .success(let list):
                env.pushList(list, call) { call.pushDecimal($0) }
                return 1
            case .failure(let error):
                call.pushNil()
                call.pushString(error.message)
                return 2
            }
        },
    ]

    static func readRates(_ call: LuaCall, _ fn: String) throws -> [ExactDecimal] {
        guard call.type(at: 1) == 5 else { throw LuaArgumentError("\(fn) expects a list of rates such as {\"0.10\", \"0.05\"}, got \(call.typeName(at: 1))") }
        return try elements(call, of: 1) { i in
            do {
                guard let r = try call.decimal(at: -1) else { throw LuaArgumentError("missing") }
                return r
            } catch { throw LuaArgumentError("\(fn): rate #\(i): \(error)") }
        }
    }
}
