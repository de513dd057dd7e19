import Core
import LuaBridge
import Store

/// Currencies, exchange rates, the main currency and conversion.
enum CurrencyBindings {
    static let all: [Binding] = currencies + rates + conversion

    static let currencies: [Binding] = [
        .function("af", "currencies", "() -> {{code, name, minor_units, crypto}}",
                  "Every currency AssetFlow knows: ISO 4217 codes, then common crypto-currencies. Codes are case-insensitive on input.",
                  example: #"for _, c in ipairs(af.currencies()) do print(c.code, c.name, c.minor_units) end"#) { env, call in
            env.pushList(Currency.all, call) { c in
                call.newTable()
                call.pushString(c.code); call.setField("code", of: -2)
                call.pushString(c.name); call.setField("name", of: -2)
                call.pushInteger(Int64(c.minorUnits)); call.setField("minor_units", of: -2)
                call.pushBoolean(c.isCrypto); call.setField("crypto", of: -2)
            }
            return 1
        },
        .function("af", "main_currency", "() -> string", "The currency totals are reported in (default USD). Also af.settings.main_currency.",
                  example: #"print(af.main_currency())  --> USD"#) { env, call in
            call.pushString(try env.session.mainCurrency())
            return 1
        },
        .function("af", "set_main_currency", "(code) -> {old_goal, new_goal}|nil",
                  "Changes the main currency. A financial goal is converted at today's rate and rounded to a whole number (the result says from what); refused when no rate exists.",
                  example: #"af.set_main_currency("EUR")"#) { env, call in
            guard let code = call.string(at: 1) else { throw LuaArgumentError("af.set_main_currency: a currency code expected, got \(call.typeName(at: 1))") }
            if let goal = try env.session.setMainCurrency(code) {
                call.newTable()
                call.pushDecimal(goal.oldGoal); call.setField("old_goal", of: -2)
                call.pushDecimal(goal.newGoal); call.setField("new_goal", of: -2)
            } else {
                call.pushNil()
            }
            return 1
        },
    ]

    static let rates: [Binding] = [
        .function("af", "set_rate", "{base, quote, date, rate, source} -> nil",
                  "Stores an exchange rate: on date, 1 base = rate quote (replacing that day's rate of the pair). Inverse and cross rates are derived.",
                  example: #"af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-01", rate = "0.92" }"#) { env, call in
            let fn = "af.set_rate"
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["base", "quote", "date", "rate", "source"])
            let rate = ExchangeRate(base: try args.requiredString("base"), quote: try args.requiredString("quote"),
                                    date: try args.date("date") ?? env.session.today, rate: try args.requiredDecimal("rate"),
                                    source: try args.string("source") ?? "manual")
            try env.session.atomically { _ = try env.session.setRate(rate) }
            return 0
        },
        .function("af", "rates", "{base, quote, from, to} -> {{base, quote, date, rate, source, fetched_at}}",
                  "Stored exchange rates, oldest first; every field of the filter is optional.",
                  example: #"for _, r in ipairs(af.rates{ quote = "EUR", from = "2024-01-01" }) do print(r.date, r.rate) end"#) { env, call in
            let fn = "af.rates"
            var list: [ExchangeRate]
            if call.isNil(at: 1) {
                list = try env.session.rates()
            } else {
                let args = try NamedArguments(call, at: 1, function: fn, allowed: ["base", "quote", "from", "to"])
                list = try env.session.rates(base: try args.string("base"), quote: try args.string("quote"),
                                             from: try args.date("from"), to: try args.date("to"))
            }
            env.pushList(list, call) { r in
                call.newTable()
                call.pushString(r.base); call.setField("base", of: -2)
                call.pushString(r.quote); call.setField("quote", of: -2)
                call.pushString(r.date.description); call.setField("date", of: -2)
                call.pushDecimal(r.rate); call.setField("rate", of: -2)
                call.pushString(r.source); call.setField("source", of: -2)
                call.pushString(r.fetchedAt); call.setField("fetched_at", of: -2)
            }
            return 1
        },
    ]

    static let conversion: [Binding] = [
        .function("af", "convert", "(amount, from, to, date) -> decimal, {rate, rate_date, fallback, via}",
                  "Converts an amount at the rate of `date` (default today), else the latest earlier one; the second result says which rate was used. No rate at all is an error that says how to add one.",
                  example: #"local usd, how = af.convert(100, "EUR", "USD", "2024-03-02"); print(usd, how.rate_date, how.fallback)"#) { env, call in
            let fn = "af.convert"
            guard let amount = try call.decimal(at: 1) else { throw LuaArgumentError("\(fn): an amount expected, got \(call.typeName(at: 1))") }
            guard let from = call.string(at: 2) else { throw LuaArgumentError("\(fn): a currency code expected as argument 2, got \(call.typeName(at: 2))") }
            guard let to = call.string(at: 3) else { throw LuaArgumentError("\(fn): a currency code expected as argument 3, got \(call.typeName(at: 3))") }
            let date = call.isNil(at: 4) ? env.session.today : try AnalysisBindings.date(call, at: 4, fn)
            let codes: Set<String> = [try Currency.normalize(from), try Currency.normalize(to)]
            let result = try env.session.rateTable(for: codes, through: date).convert(amount, from: from, to: to, on: date)
            call.pushDecimal(result.amount)
            pushAppliedRate(result.rate, call)
            return 2
        },
        .method("Asset", "value_in", "(currency, date) -> decimal, {rate, rate_date, fallback, via}",
                "Its value on `date` (default today) converted into `currency` at that day's rate, else the latest earlier one.",
                example: #"local v, how = a:value_in("USD", "2024-03-02")"#) { env, call in
            let fn = "Asset:value_in"
            let asset = try env.asset(at: 1, call, function: fn)
            guard let code = call.string(at: 2) else { throw LuaArgumentError("\(fn): a currency code expected, got \(call.typeName(at: 2))") }
            let date = call.isNil(at: 3) ? env.session.today : try AnalysisBindings.date(call, at: 3, fn)
            let currency = try Currency.normalize(code)
            let local = try env.session.value(of: [asset], at: date, in: asset.currency)
            let rate = try env.session.rateTable(for: [asset.currency, currency], through: date).rate(from: asset.currency, to: currency, on: date)
            call.pushDecimal(rate.convert(local))
            pushAppliedRate(rate, call)
            return 2
        },
    ]

    /// `{rate, rate_date, fallback, via}`: how a value was converted.
    static func pushAppliedRate(_ rate: AppliedRate, _ call: LuaCall) {
        call.newTable()
        call.pushDecimal(rate.rate); call.setField("rate", of: -2)
        call.pushString(rate.rateDate.description); call.setField("rate_date", of: -2)
        call.pushBoolean(rate.isFallback); call.setField("fallback", of: -2)
        call.pushOptionalString(rate.via); call.setField("via", of: -2)
    }
}
