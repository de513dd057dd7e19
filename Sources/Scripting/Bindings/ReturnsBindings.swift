import Core
import LuaBridge
import LuaDecimals
import Store

/// Returns and performance: `af.returns.*`, `scope:performance{from, to}`,
/// `scope:twr_series{from, to, every}`. A figure that cannot be computed comes back as
/// `nil, reason`, never as a stand-in 0 or −100 %. See Documentation/Returns.md.
enum ReturnsBindings {
    static let all: [Binding] = calculators + [explain]

    // MARK: Reading arguments

    /// `scope` = an Asset, a Portfolio, or `af` for everything.
    static func scope(_ env: ScriptEnvironment, _ call: LuaCall, at index: Int32, _ fn: String) throws -> PerformanceScope {
        if let id = env.lua.objectID(at: index, className: "Asset") { return .asset(id) }
        if let id = env.lua.objectID(at: index, className: "Portfolio") { return .portfolio(id) }
        if Binding.isAfTable(call, at: index) { return .everything }
        throw LuaArgumentError("\(fn): scope must be an Asset, a Portfolio, or af for everything; got \(call.typeName(at: index))")
    }

    /// A `{date, amount}` pair (or `{date = …, amount = …}`) at `index`.
    static func cashFlow(_ call: LuaCall, at index: Int32, _ what: String) throws -> CashFlow {
        guard call.type(at: index) == LuaTypeCode.table else { throw LuaArgumentError("\(what): a {date, amount} pair expected, got \(call.typeName(at: index))") }
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

    /// Pushes the figure, or nil and the reason: the `nil, reason` convention.
    static func push(_ figure: ReturnFigure, _ call: LuaCall) -> Int32 {
        if let value = figure.value { call.pushDecimal(value); return 1 }
        call.pushNil()
        call.pushString(figure.reason ?? "unavailable")
        return 2
    }

    // MARK: Pure calculators

    /// `{scope, from, to}`: the figures of a scope over a period.
    struct Scoped: LuaDecodable {
        var scope: PerformanceScope!
        var from: CalendarDate?
        var to: CalendarDate?
        static let fields: [LuaField<Scoped>] = [
            .required("scope", \.scope, "An Asset, a Portfolio, or af for everything."),
            .optional("from", \.from, "First day (default: the first transaction)."),
            .optional("to", \.to, "Last day (default today)."),
        ]
    }

    /// `{scope, from, to}` or `{begin_value, end_value, flows, from, to}`.
    struct Dietz: LuaDecodable {
        var scope: PerformanceScope?
        var from: CalendarDate?
        var to: CalendarDate?
        var beginValue: ExactDecimal?
        var endValue: ExactDecimal?
        var flows: [CashFlow] = []
        static let fields: [LuaField<Dietz>] = [
            .optional("scope", \.scope, "An Asset, a Portfolio, or af; or give the values below."),
            .optional("from", \.from, "First day (required with values)."),
            .optional("to", \.to, "Last day (required with values)."),
            .optional("begin_value", \.beginValue, "Value at the start."),
            .optional("end_value", \.endValue, "Value at the end."),
            .optional("flows", \.flows, "Money in (> 0) and out (< 0) on their dates."),
        ]
    }

    /// `{{date, amount}, …, annualize_short}`.
    struct Flows: LuaDecodable {
        var flows: [CashFlow] = []
        var annualizeShort = false
        static let fields: [LuaField<Flows>] = [
            .elements(\.flows, "The cash flows: money in negative, money out positive."),
            .optional("annualize_short", \.annualizeShort, "Annualize a span under a year."),
        ]
        static let tableHint: String? = #"a list of {date, amount} pairs such as {{"2021-01-01", -1000}, {"2022-01-01", 1100}}"#
    }

    /// `{begin_value, end_value, from, to, annualize_short}`.
    struct Growth: LuaDecodable {
        var beginValue: ExactDecimal!
        var endValue: ExactDecimal!
        var from: CalendarDate!
        var to: CalendarDate!
        var annualizeShort = false
        static let fields: [LuaField<Growth>] = [
            .required("begin_value", \.beginValue, "Value at the start."),
            .required("end_value", \.endValue, "Value at the end."),
            .required("from", \.from, "First day."),
            .required("to", \.to, "Last day."),
            .optional("annualize_short", \.annualizeShort, "Annualize a period under a year."),
        ]
    }

    /// `{begin_value, end_value}`.
    struct Values: LuaDecodable {
        var beginValue: ExactDecimal!
        var endValue: ExactDecimal!
        static let fields: [LuaField<Values>] = [
            .required("begin_value", \.beginValue, "Value at the start."),
            .required("end_value", \.endValue, "Value at the end."),
        ]
    }

    /// `{r1, r2, …}`: a list of rates.
    struct Rates: LuaDecodable {
        var rates: [ExactDecimal] = []
        static let fields: [LuaField<Rates>] = [.elements(\.rates, "Rates as decimals (0.05 is 5 %).")]
        static let tableHint: String? = #"a list of rates such as {"0.10", "0.05"}"#
    }

    static let calculators: [Binding] = [
        .function("af.returns", "twr", Scoped.self, returns: .figure(.decimal),
                  "Time-weighted return of an asset, a portfolio or af (everything) over from…to (default: first transaction…today); sub-periods starting at 0 are skipped.",
                  example: #"print(af.returns.twr{ scope = p, from = "2024-01-01", to = "2024-12-31" })"#) { env, call, args in
            push(try env.session.performance(args.scope, from: args.from, to: args.to, keepingFlows: false).twr, call)
        },
        .function("af.returns", "modified_dietz", Dietz.self, returns: .figure(.decimal),
                  "Modified Dietz: (end − begin − CF) ÷ (begin + Σ wᵢ·CFᵢ), wᵢ = (D − dᵢ) ÷ D in whole days; of a scope, or of given values and flows.",
                  example: #"af.returns.modified_dietz{ begin_value = 100000, end_value = 215000, flows = {{"2024-01-31", 100000}}, from = "2024-01-01", to = "2024-03-31" }"#) { env, call, args in
            if let scope = args.scope { return push(try env.session.performance(scope, from: args.from, to: args.to, keepingFlows: false).modifiedDietz, call) }
            let reader = ArgumentReader(env, call)
            guard let from = args.from else { throw reader.fieldError("from", "is required") }
            guard let to = args.to else { throw reader.fieldError("to", "is required") }
            guard let begin = args.beginValue else { throw reader.fieldError("begin_value", "is required") }
            guard let end = args.endValue else { throw reader.fieldError("end_value", "is required") }
            return push(Returns.modifiedDietz(begin: begin, end: end, flows: args.flows, from: from, to: to), call)
        },
        .function("af.returns", "xirr", Flows.self, returns: .figure(.decimal),
                  "XIRR (Actual/365): money in negative, money out positive. Roots are bracketed first; no sign change, no root or several roots give nil and the reason. Spans under a year need annualize_short = true.",
                  example: #"af.returns.xirr{ {"2021-01-01", -1000}, {"2022-01-01", 1100} }  --> 0.1"#) { _, call, args in
            push(Returns.xirr(args.flows, annualizeShortPeriod: args.annualizeShort), call)
        },
        .function("af.returns", "cagr", Growth.self, returns: .figure(.decimal),
                  "Compound annual growth: (end ÷ begin)^(365 ÷ days) − 1 (Actual/365, as XIRR). Periods under a year need annualize_short = true.",
                  example: #"af.returns.cagr{ begin_value = 100000, end_value = 110000, from = "2024-01-01", to = "2025-01-01" }"#) { _, call, args in
            push(Returns.cagr(begin: args.beginValue, end: args.endValue, from: args.from, to: args.to, annualizeShortPeriod: args.annualizeShort), call)
        },
        .function("af.returns", "growth", Values.self, returns: .figure(.decimal),
                  "Growth rate (end − begin) ÷ begin, deposits and withdrawals included.",
                  example: #"af.returns.growth{ begin_value = 100, end_value = 110 }  --> 0.1"#) { _, call, args in
            push(Returns.growth(begin: args.beginValue, end: args.endValue), call)
        },
        .function("af.returns", "cumulative", Rates.self, returns: .value(.decimal), "Chains period returns exactly: (1 + r1)(1 + r2)… − 1.",
                  example: #"af.returns.cumulative{ "0.10", "0.05", "-0.02" }  --> 0.1319"#) { _, call, args in
            call.pushDecimal(Returns.cumulative(args.rates))
            return 1
        },
        .function("af.returns", "rebase", Rates.self, returns: .figure(.list(.decimal)),
                  "Rebases a cumulative series to its first point: (1 + cᵢ) ÷ (1 + c₁) − 1.",
                  example: #"af.returns.rebase{ "0.10", "0.21" }  --> {0, 0.1}"#) { env, call, args in
            switch Returns.rebased(args.rates) {
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
}

extension PerformanceScope: LuaReadable {
    public static var luaType: LuaType { .union([.object("Asset"), .object("Portfolio"), .object("af")]) }
    /// An Asset, a Portfolio, or the `af` table for everything.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> PerformanceScope {
        try ReturnsBindings.scope(reader.environment, reader.call, at: index, reader.function)
    }
}

extension CashFlow: LuaReadable {
    public static var luaType: LuaType { .record([LuaRecordField("date", .date), LuaRecordField("amount", .decimal)]) }
    /// A `{date, amount}` pair or `{date = …, amount = …}`.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> CashFlow {
        do { return try ReturnsBindings.cashFlow(reader.call, at: index, "") } catch let error as LuaArgumentError {
            throw LuaFieldProblem(String(error.description.drop { $0 == ":" || $0 == " " }))
        }
    }
}
