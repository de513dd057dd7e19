import Core
import LuaBridge
import LuaDecimals
import Store

/// The pieces of `scope:performance{from, to}`, `scope:twr_series{from, to, every}` (declared
/// with the Asset, the Portfolio and `af`) and `af.returns.explain{scope, from, to}`.
extension ReturnsBindings {

    static let performanceSummary = "start_value end_value net_flows income realized_gain unrealized_change twr twr_annualized mwr modified_dietz cagr growth; a figure that cannot be computed is nil with its reason in reasons[name]. In `currency` (default: the main currency); an asset in another currency also gets local_twr and local_currency (its return in its own currency)."

    /// `{from, to, annualize_short}`; may be left out.
    struct Period: LuaDecodable {
        var from: CalendarDate?
        var to: CalendarDate?
        var annualizeShort = false
        var currency: String?
        static let fields: [LuaField<Period>] = [
            .optional("from", \.from, "First day (default: the first transaction)."),
            .optional("to", \.to, "Last day (default today)."),
            .optional("annualize_short", \.annualizeShort, "Annualize a period under a year."),
            .optional("currency", \.currency, "Measure in this currency (default: the main currency); every amount at its day's rate."),
        ]
    }

    /// `{from, to, every}`; may be left out.
    struct Series: LuaDecodable {
        var from: CalendarDate?
        var to: CalendarDate?
        var every = LuaStep.month
        var currency: String?
        static let fields: [LuaField<Series>] = [
            .optional("from", \.from, "First day (default: the first transaction)."),
            .optional("to", \.to, "Last day (default today)."),
            .optional("every", \.every, "One point a month (default) or a day."),
            .optional("currency", \.currency, "Measure in this currency (default: the main currency)."),
        ]
    }

    /// `{scope, from, to, annualize_short}`.
    struct Explain: LuaDecodable {
        var scope: PerformanceScope!
        var from: CalendarDate?
        var to: CalendarDate?
        var annualizeShort = false
        static let fields: [LuaField<Explain>] = [
            .required("scope", \.scope, "An Asset, a Portfolio, or af for everything."),
            .optional("from", \.from, "First day (default: the first transaction)."),
            .optional("to", \.to, "Last day (default today)."),
            .optional("annualize_short", \.annualizeShort, "Annualize a period under a year."),
        ]
    }

    static let figures = ["start_value", "end_value", "net_flows", "income", "realized_gain", "unrealized_change", "twr", "twr_annualized", "mwr", "modified_dietz", "cagr", "growth"]
    static let performanceResult = LuaType.record([LuaRecordField("from", .date), LuaRecordField("to", .date)]
        + figures.map { LuaRecordField($0, figures.firstIndex(of: $0)! < 6 ? .money : .optional(.decimal)) }
        + [LuaRecordField("price_effect", .money), LuaRecordField("currency_effect", .money), LuaRecordField("currency", .string),
           LuaRecordField("reasons", .map(.string, .string))])
    static let seriesRow = LuaType.record([LuaRecordField("date", .date), LuaRecordField("twr", .decimal), LuaRecordField("value", .money)])

    static let performanceSummaryOfScope = "Performance over from…to (default: first transaction…today): " + performanceSummary
    static let performanceExample = #"local r = p:performance{ from = "2024-01-01", to = "2024-12-31" }; print(r.twr)"#
    static let seriesSummary = "Cumulative TWR on each day or month (every = \"day\" or \"month\", default month) from `from` (0 %) to `to`"
    static let seriesExample = #"for _, r in ipairs(p:twr_series{ from = "2024-01-01", every = "month" }) do print(r.date, r.twr) end"#

    /// `x:performance{from, to, annualize_short}` for an Asset or a Portfolio.
    static func performanceMethod<R: LuaReadable>(_ receiver: R.Type, _ scope: @escaping (R) -> PerformanceScope) -> Binding {
        .method(R.self, "performance", Period.self, returns: .value(performanceResult), performanceSummaryOfScope, example: performanceExample) { env, call, r, args in
            try pushPerformance(env, call, scope(r), args)
        }
    }

    /// `af.performance{…}` (also `af:performance{…}`): everything.
    static let performanceOfEverything: Binding = .function(
        "af", "performance", Period.self, returns: .value(performanceResult), "Performance of everything (also af:performance{…}): " + performanceSummary,
        example: #"local r = af.performance{ from = "2024-01-01" }; print(r.twr, r.reasons.twr)"#, alsoAsMethod: true) { env, call, args in
        try pushPerformance(env, call, .everything, args)
    }

    static func pushPerformance(_ env: ScriptEnvironment, _ call: LuaCall, _ scope: PerformanceScope, _ args: Period) throws -> Int32 {
        let currency = try env.session.reportingCurrency(args.currency)
        let report = try env.session.performance(scope, from: args.from, to: args.to, annualizeShortPeriod: args.annualizeShort, currency: currency,
                                                 keepingFlows: false)
        pushReport(report, currency: currency, call)
        call.pushString(currency); call.setField("currency", of: -2)
        // The gain of assets in other currencies split: price effect + currency effect + income.
        let effect = try env.session.currencyEffect(scope, total: report, currency: currency)
        call.pushMoney(effect.priceEffect, currency); call.setField("price_effect", of: -2)
        call.pushMoney(effect.currencyEffect, currency); call.setField("currency_effect", of: -2)
        // An asset in another currency also gets its return in its own currency, so the
        // currency effect can be told apart from the asset's own.
        if case .asset(let id) = scope, let asset = try env.session.asset(id: id), asset.currency != currency {
            let local = try env.session.performance(scope, from: args.from, to: args.to, annualizeShortPeriod: args.annualizeShort, currency: asset.currency,
                                                    keepingFlows: false)
            call.pushOptionalDecimal(local.twr.value); call.setField("local_twr", of: -2)
            call.pushString(asset.currency); call.setField("local_currency", of: -2)
        }
        try env.markSummary(call)
        return 1
    }

    /// `x:twr_series{from, to, every}` for an Asset or a Portfolio.
    static func seriesMethod<R: LuaReadable>(_ receiver: R.Type, _ scope: @escaping (R) -> PerformanceScope) -> Binding {
        .method(R.self, "twr_series", Series.self, returns: .value(.list(seriesRow)), seriesSummary + ".", example: seriesExample) { env, call, r, args in
            try pushSeries(env, call, scope(r), args)
        }
    }

    /// `af.twr_series{…}`: everything.
    static let seriesOfEverything: Binding = .function(
        "af", "twr_series", Series.self, returns: .value(.list(seriesRow)), seriesSummary + ", over everything.", example: seriesExample,
        alsoAsMethod: true) { env, call, args in
        try pushSeries(env, call, .everything, args)
    }

    static func pushSeries(_ env: ScriptEnvironment, _ call: LuaCall, _ scope: PerformanceScope, _ args: Series) throws -> Int32 {
        let currency = try env.session.reportingCurrency(args.currency)
        let points = try env.session.twrSeries(scope, from: args.from, to: args.to, monthly: args.every == .month, currency: currency)
        env.pushList(points, call) { point in
            call.newTable()
            call.pushString(point.date.description); call.setField("date", of: -2)
            call.pushDecimal(point.cumulative); call.setField("twr", of: -2)
            call.pushMoney(point.value, currency); call.setField("value", of: -2)
        }
        return 1
    }

    /// The report's figures: its amounts as money in `currency`, its rates as decimals.
    static func pushReport(_ r: PerformanceReport, currency: String, _ call: LuaCall) {
        call.newTable()
        call.pushString(r.from.description); call.setField("from", of: -2)
        call.pushString(r.to.description); call.setField("to", of: -2)
        for (key, value) in [("start_value", r.startValue), ("end_value", r.endValue), ("net_flows", r.netFlows), ("income", r.income),
                             ("realized_gain", r.realizedGain), ("unrealized_change", r.unrealizedChange)] {
            call.pushMoney(value, currency); call.setField(key, of: -2)
        }
        call.newTable()
        for (key, figure) in [("twr", r.twr), ("twr_annualized", r.twrAnnualized), ("mwr", r.mwr), ("modified_dietz", r.modifiedDietz),
                              ("cagr", r.cagr), ("growth", r.growth)] {
            if let value = figure.value {
                call.pushDecimal(value); call.setField(key, of: -3)
            } else {
                call.pushString(figure.reason ?? "unavailable"); call.setField(key, of: -2)
            }
        }
        call.setField("reasons", of: -2)
    }

    static let explanation = LuaType.record(["lines", "sub_periods", "flows", "reconciliation"].map { LuaRecordField($0, $0 == "lines" ? .list(.string) : .table) })

    static let explain: Binding = .function(
        "af.returns", "explain", Explain.self, returns: .value(explanation),
        "The trail behind a scope's figures: each TWR sub-period, each flow, income and realized gain, and the reconciliation, with `lines` to print.",
        example: #"for _, l in ipairs(af.returns.explain{ scope = p, from = "2024-01-01" }.lines) do print(l) end"#) { env, call, args in
        let r = try env.session.performance(args.scope, from: args.from, to: args.to, annualizeShortPeriod: args.annualizeShort)
        let names = Dictionary(try env.session.assets().compactMap { a in a.id.map { ($0, a.name) } }, uniquingKeysWith: { a, _ in a })
        call.newTable()
        env.pushList(PerformanceExplanation.lines(r, assetNames: names), call) { call.pushString($0) }
        call.setField("lines", of: -2)
        env.pushList(r.subPeriods, call) { line in
            call.newTable()
            call.pushString(line.period.from.description); call.setField("from", of: -2)
            call.pushString(line.period.to.description); call.setField("to", of: -2)
            call.pushDecimal(line.period.startValue); call.setField("start_value", of: -2)
            call.pushDecimal(line.period.endValue); call.setField("end_value", of: -2)
            call.pushDecimal(line.period.flow); call.setField("flow", of: -2)
            call.pushOptionalDecimal(line.periodReturn.value); call.setField("return", of: -2)
            call.pushOptionalString(line.periodReturn.reason); call.setField("skipped", of: -2)
            call.pushDecimal(line.cumulative); call.setField("cumulative", of: -2)
        }
        call.setField("sub_periods", of: -2)
        env.pushList(r.flows, call) { f in
            call.newTable()
            call.pushString(f.date.description); call.setField("date", of: -2)
            call.pushString(names[f.assetID] ?? "#\(f.assetID)"); call.setField("asset", of: -2)
            call.pushString(f.type.rawValue); call.setField("type", of: -2)
            call.pushString(f.kind.rawValue); call.setField("kind", of: -2)
            call.pushDecimal(f.flow); call.setField("flow", of: -2)
            call.pushDecimal(f.income); call.setField("income", of: -2)
            call.pushDecimal(f.realizedGain); call.setField("realized_gain", of: -2)
            if let id = f.transactionID { call.pushInteger(id); call.setField("transaction", of: -2) }
        }
        call.setField("flows", of: -2)
        pushReport(r, currency: try env.session.reportingCurrency(nil), call)
        call.pushDecimal(r.reconciliationDifference); call.setField("difference", of: -2)
        call.setField("reconciliation", of: -2)
        return 1
    }
}
