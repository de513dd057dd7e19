import Core
import LuaBridge
import LuaDecimals
import Store

/// Currencies, exchange rates, the main currency and conversion.
enum CurrencyBindings {
    /// The `af` functions; `Asset:value_in` is listed with Asset's bindings (`valueIn`).
    static let all: [Binding] = currencies + rates + [convert]

    static let currencyRow = LuaType.record([LuaRecordField("code", .string), LuaRecordField("name", .string),
                                             LuaRecordField("minor_units", .integer), LuaRecordField("crypto", .boolean)])
    static let rateRow = LuaType.record(["base", "quote", "date", "rate", "source", "fetched_at"].map { LuaRecordField($0, $0 == "rate" ? .decimal : .string) })
    static let howConverted = LuaType.record([LuaRecordField("rate", .decimal), LuaRecordField("rate_date", .string),
                                              LuaRecordField("fallback", .boolean), LuaRecordField("via", .optional(.string))])

    /// `(code)`.
    struct Code: LuaDecodable {
        var code: String!
        static let fields: [LuaField<Code>] = [.required("code", \.code, "A currency code, any case (EUR, btc).")]
        static let layout = LuaArgumentLayout.positional
    }

    static let currencies: [Binding] = [
        .function("af", "currencies", NoArguments.self, returns: .value(.list(currencyRow)),
                  "Every currency AssetFlow knows: ISO 4217 codes, then common crypto-currencies. Codes are case-insensitive on input.",
                  example: #"for _, c in ipairs(af.currencies()) do print(c.code, c.name, c.minor_units) end"#) { env, call, _ in
            env.pushList(Currency.all, call) { c in
                call.newTable()
                call.pushString(c.code); call.setField("code", of: -2)
                call.pushString(c.name); call.setField("name", of: -2)
                call.pushInteger(Int64(c.minorUnits)); call.setField("minor_units", of: -2)
                call.pushBoolean(c.isCrypto); call.setField("crypto", of: -2)
            }
            return 1
        },
        .function("af", "main_currency", NoArguments.self, returns: .value(.string),
                  "The currency totals are reported in (default USD). Also af.settings.main_currency.",
                  example: #"print(af.main_currency())  --> USD"#) { env, call, _ in
            call.pushString(try env.session.mainCurrency())
            return 1
        },
        .function("af", "set_main_currency", Code.self, returns: .value(.optional(.record([LuaRecordField("old_goal", .decimal), LuaRecordField("new_goal", .decimal)]))),
                  "Changes the main currency. A financial goal is converted at today's rate and rounded to a whole number (the result says from what); refused when no rate exists.",
                  example: #"af.set_main_currency("EUR")"#) { env, call, args in
            if let goal = try env.session.execute(SetMainCurrency(code: args.code)) {
                call.newTable()
                call.pushDecimal(goal.oldGoal); call.setField("old_goal", of: -2)
                call.pushDecimal(goal.newGoal); call.setField("new_goal", of: -2)
            } else {
                call.pushNil()
            }
            return 1
        },
    ]

    /// `{base, quote, date, rate, source}`.
    struct NewRate: LuaDecodable {
        var base: String!
        var quote: String!
        var date: CalendarDate?
        var rate: ExactDecimal!
        var source: String?
        static let fields: [LuaField<NewRate>] = [
            .required("base", \.base, "1 unit of this currency …"), .required("quote", \.quote, "… is `rate` units of this one."),
            .optional("date", \.date, "The day (default today)."), .required("rate", \.rate, "Above zero."),
            .optional("source", \.source, "Where it came from (default \"manual\")."),
        ]
    }

    /// `{base, quote, from, to}`: every field optional; the table may be left out.
    struct RateFilter: LuaDecodable {
        var base: String?
        var quote: String?
        var from: CalendarDate?
        var to: CalendarDate?
        static let fields: [LuaField<RateFilter>] = [
            .optional("base", \.base, "Only this base currency."), .optional("quote", \.quote, "Only this quote currency."),
            .optional("from", \.from, "First day."), .optional("to", \.to, "Last day."),
        ]
    }

    static let rates: [Binding] = [
        .function("af", "set_rate", NewRate.self, returns: .none,
                  "Stores an exchange rate: on date, 1 base = rate quote (replacing that day's rate of the pair). Inverse and cross rates are derived.",
                  example: #"af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-01", rate = "0.8" }"#) { env, _, args in
            let rate = ExchangeRate(base: args.base, quote: args.quote, date: args.date ?? env.session.today, rate: args.rate, source: args.source ?? "manual")
            _ = try env.session.execute(SetRate(rate))
            return 0
        },
        .function("af", "rates", RateFilter.self, returns: .value(.list(rateRow)),
                  "Stored exchange rates, oldest first; every field of the filter is optional.",
                  example: #"for _, r in ipairs(af.rates{ quote = "EUR", from = "2024-01-01" }) do print(r.date, r.rate) end"#) { env, call, args in
            let list = try env.session.rates(base: args.base, quote: args.quote, from: args.from, to: args.to)
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

    /// `(amount, from, to, date)`.
    struct Conversion: LuaDecodable {
        var amount: ExactDecimal!
        var from: String!
        var to: String!
        var date: CalendarDate?
        static let fields: [LuaField<Conversion>] = [
            .required("amount", \.amount, "The amount in `from`."), .required("from", \.from, "Its currency."),
            .required("to", \.to, "The currency wanted."), .optional("date", \.date, "The day of the value (default today)."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(currency, date)`.
    struct InCurrency: LuaDecodable {
        var currency: String!
        var date: CalendarDate?
        static let fields: [LuaField<InCurrency>] = [
            .required("currency", \.currency, "The currency wanted."), .optional("date", \.date, "The day (default today)."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let convert: Binding =
        .function("af", "convert", Conversion.self, returns: .values([LuaRecordField("amount", .money), LuaRecordField("how", howConverted)]),
                  "Converts an amount at the rate of `date` (default today), else the latest earlier one; the second result says which rate was used. No rate at all is an error that says how to add one.",
                  example: #"local usd, how = af.convert(100, "EUR", "USD", "2024-03-02"); print(usd, how.rate_date, how.fallback)"#) { env, call, args in
            let date = args.date ?? env.session.today
            let codes: Set<String> = [try Currency.normalize(args.from), try Currency.normalize(args.to)]
            let result = try env.session.rateTable(for: codes, through: date).convert(args.amount, from: args.from, to: args.to, on: date)
            call.pushMoney(result.amount, try Currency.normalize(args.to))
            pushAppliedRate(result.rate, call)
            return 2
        }

    static let valueIn: Binding =
        .method(Asset.self, "value_in", InCurrency.self, returns: .values([LuaRecordField("value", .money), LuaRecordField("how", howConverted)]),
                "Its value on `date` (default today) converted into `currency` at that day's rate, else the latest earlier one.",
                example: #"local v, how = a:value_in("USD", "2024-03-02")"#) { env, call, asset, args in
            let date = args.date ?? env.session.today
            let currency = try Currency.normalize(args.currency)
            let local = try env.session.value(of: [asset], at: date, in: asset.currency)
            let rate = try env.session.rateTable(for: [asset.currency, currency], through: date).rate(from: asset.currency, to: currency, on: date)
            call.pushMoney(rate.convert(local), currency)
            pushAppliedRate(rate, call)
            return 2
        }

    /// `{rate, rate_date, fallback, via}`: how a value was converted.
    static func pushAppliedRate(_ rate: AppliedRate, _ call: LuaCall) {
        call.newTable()
        call.pushDecimal(rate.rate); call.setField("rate", of: -2)
        call.pushString(rate.rateDate.description); call.setField("rate_date", of: -2)
        call.pushBoolean(rate.isFallback); call.setField("fallback", of: -2)
        call.pushOptionalString(rate.via); call.setField("via", of: -2)
    }
}
