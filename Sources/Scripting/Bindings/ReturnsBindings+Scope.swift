import Core
import LuaBridge
import Store

/// `scope:performance{from, to}`, `scope:twr_series{from, to, every}` and
/// `af.returns.explain{scope, from, to}` for assets, portfolios and everything.
extension ReturnsBindings {
    static let scoped: [Binding] = performance + series + [explain]

    static let performanceSummary = "start_value end_value net_flows income realized_gain unrealized_change twr twr_annualized mwr modified_dietz cagr growth; a figure that cannot be computed is nil with its reason in reasons[name]."

    static var performance: [Binding] {
        [("Asset", ":"), ("Portfolio", ":"), ("af", ".")].map { owner, sep in
            let fn = "\(owner)\(sep)performance"
            let body: (ScriptEnvironment, LuaCall) throws -> Int32 = { env, call in
                let (scope, argIndex) = try receiver(env, call, owner: owner, fn)
                let args = try optionalArguments(call, at: argIndex, fn, ["from", "to", "annualize_short", "currency"])
                let annualize = try args.map { try bool($0, "annualize_short") } ?? false
                let currency = try env.session.reportingCurrency(try args?.string("currency"))
                pushReport(try env.session.performance(scope, from: args?.date("from"), to: args?.date("to"), annualizeShortPeriod: annualize, currency: currency), call)
                call.pushString(currency); call.setField("currency", of: -2)
                // An asset in another currency also gets its return in its own currency, so
                // the currency effect can be told apart from the asset's own.
                if case .asset(let id) = scope, let asset = try env.session.asset(id: id), asset.currency != currency {
                    let local = try env.session.performance(scope, from: args?.date("from"), to: args?.date("to"), annualizeShortPeriod: annualize, currency: asset.currency)
                    call.pushOptionalDecimal(local.twr.value); call.setField("local_twr", of: -2)
                    call.pushString(asset.currency); call.setField("local_currency", of: -2)
                }
                return 1
            }
            let signature = "{from, to, annualize_short, currency} -> {start_value, end_value, net_flows, income, realized_gain, unrealized_change, twr, mwr, modified_dietz, cagr, growth, reasons, currency, local_twr}"
            let summary = (owner == "af" ? "Performance of everything (also af:performance{…}): " : "Performance over from…to (default: first transaction…today): ") + performanceSummary
                + " In `currency` (default: the main currency), every amount converted at its day's rate" + (owner == "Asset" ? "; an asset in another currency also gets local_twr, its return in its own currency." : ".")
            let example = owner == "af" ? #"local r = af.performance{ from = "2024-01-01" }; print(r.twr, r.reasons.twr)"# : #"local r = p:performance{ from = "2024-01-01", to = "2024-12-31" }; print(r.twr)"#
            return owner == "af" ? .function("af", "performance", signature, summary, example: example, body)
                : .method(owner, "performance", signature, summary, example: example, body)
        }
    }

    static var series: [Binding] {
        [("Asset", ":"), ("Portfolio", ":"), ("af", ".")].map { owner, sep in
            let fn = "\(owner)\(sep)twr_series"
            let body: (ScriptEnvironment, LuaCall) throws -> Int32 = { env, call in
                let (scope, argIndex) = try receiver(env, call, owner: owner, fn)
                let args = try optionalArguments(call, at: argIndex, fn, ["from", "to", "every", "currency"])
                let every = try args?.string("every") ?? "month"
                guard every == "day" || every == "month" else { throw LuaArgumentError("\(fn): field 'every': \"day\" or \"month\" expected, got '\(every)'") }
                let points = try env.session.twrSeries(scope, from: args?.date("from"), to: args?.date("to"), monthly: every == "month",
                                                       currency: try args?.string("currency"))
                env.pushList(points, call) { point in
                    call.newTable()
                    call.pushString(point.date.description); call.setField("date", of: -2)
                    call.pushDecimal(point.cumulative); call.setField("twr", of: -2)
                    call.pushDecimal(point.value); call.setField("value", of: -2)
                }
                return 1
            }
            let signature = "{from, to, every, currency} -> {{date, twr, value}}"
            let summary = "Cumulative TWR on each day or month (every = \"day\" or \"month\", default month) from `from` (0 %) to `to`" + (owner == "af" ? ", over everything." : ".")
            let example = #"for _, r in ipairs(p:twr_series{ from = "2024-01-01", every = "month" }) do print(r.date, r.twr) end"#
            return owner == "af" ? .function("af", "twr_series", signature, summary, example: example, body)
                : .method(owner, "twr_series", signature, summary, example: example, body)
        }
    }

    /// The scope of `scope:method{…}`, `af:method{…}` or `af.method{…}`, and where its
    /// arguments are.
    static func receiver(_ env: ScriptEnvironment, _ call: LuaCall, owner: String, _ fn: String) throws -> (PerformanceScope, Int32) {
        switch owner {
        case "Asset": return (.asset(try env.asset(at: 1, call, function: fn).id!), 2)
        case "Portfolio": return (.portfolio(try env.portfolio(at: 1, call, function: fn).id!), 2)
        default: return (.everything, isAf(call, at: 1) ? 2 : 1)
        }
    }

    /// Named arguments that may be left out altogether (`a:performance()`).
    static func optionalArguments(_ call: LuaCall, at index: Int32, _ fn: String, _ allowed: [String]) throws -> NamedArguments? {
        call.isNil(at: index) ? nil : try NamedArguments(call, at: index, function: fn, allowed: allowed)
    }

    static func pushReport(_ r: PerformanceReport, _ call: LuaCall) {
        call.newTable()
        call.pushString(r.from.description); call.setField("from", of: -2)
        call.pushString(r.to.description); call.setField("to", of: -2)
        for (key, value) in [("start_value", r.startValue), ("end_value", r.endValue), ("net_flows", r.netFlows), ("income", r.income),
                             ("realized_gain", r.realizedGain), ("unrealized_change", r.unrealizedChange)] {
            call.pushDecimal(value); call.setField(key, of: -2)
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

    static let explain: Binding = .function(
        "af.returns", "explain", "{scope, from, to, annualize_short} -> {lines, sub_periods, flows, reconciliation}",
        "The trail behind a scope's figures: each TWR sub-period, each flow, income and realized gain, and the reconciliation, with `lines` to print.",
        example: #"for _, l in ipairs(af.returns.explain{ scope = p, from = "2024-01-01" }.lines) do print(l) end"#) { env, call in
        let fn = "af.returns.explain"
        let args = try NamedArguments(call, at: 1, function: fn, allowed: ["scope", "from", "to", "annualize_short"])
        let r = try env.session.performance(requiredScope(env, call, args), from: args.date("from"), to: args.date("to"),
                                            annualizeShortPeriod: try bool(args, "annualize_short"))
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
        pushReport(r, call)
        call.pushDecimal(r.reconciliationDifference); call.setField("difference", of: -2)
        call.setField("reconciliation", of: -2)
        return 1
    }
}
