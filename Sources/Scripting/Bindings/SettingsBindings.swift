import Core
import LuaBridge
import Store

/// The display settings: the date format and the default platform; and prices from trades. (The financial goal and
/// the main currency have their own bindings; all four are also under `af.settings`.)
enum SettingsBindings {
    static let all: [Binding] = [
        .function("af", "date_format", NoArguments.self, returns: .value(.string),
                  "How dates are shown to a person: numeric, abbreviated (the default), long or complete. Also af.settings.date_format.",
                  example: #"print(af.date_format())  --> abbreviated"#) { env, call, _ in
            call.pushString(try env.session.dateFormat().rawValue)
            return 1
        },
        .function("af", "set_date_format", Format.self, returns: .none,
                  "Sets how dates are shown to a person: numeric (6/30/2024), abbreviated (Jun 30, 2024), long (June 30, 2024) or complete (Sunday, June 30, 2024). Also af.settings.date_format = …",
                  example: #"af.set_date_format("long")"#) { env, _, args in
            _ = try env.session.execute(SetDateFormat(text: args.format))
            return 0
        },
        .function("af", "format_date", DateArgument.self, returns: .value(.string),
                  "A date as the date format setting shows it (default today).",
                  example: #"print(af.format_date("2024-06-30"))  --> Jun 30, 2024"#) { env, call, args in
            call.pushString(try env.session.dateFormat().format(args.date ?? env.session.today))
            return 1
        },
        .function("af", "default_platform", NoArguments.self, returns: .value(.string),
                  "The platform of assets an import creates when neither the row nor the import names one (\"\" when none). Also af.settings.default_platform.",
                  example: #"print(af.default_platform())"#) { env, call, _ in
            call.pushString(try env.session.setting(SetDefaultPlatform.settingKey) ?? "")
            return 1
        },
        .function("af", "set_default_platform", Platform.self, returns: .none,
                  "Sets the default platform of assets an import creates; nil or \"\" clears it. Also af.settings.default_platform = …",
                  example: #"af.set_default_platform("My Broker")"#) { env, _, args in
            _ = try env.session.execute(SetDefaultPlatform(name: args.name ?? ""))
            return 0
        },
        .function("af", "default_portfolio", NoArguments.self, returns: .value(.string),
                  "The portfolio a broker file's import puts new assets in when --portfolio is not given (\"\" when none). Also af.settings.default_portfolio.",
                  example: #"print(af.default_portfolio())"#) { env, call, _ in
            call.pushString(try env.session.setting(SetDefaultPortfolio.settingKey) ?? "")
            return 1
        },
        .function("af", "set_default_portfolio", PortfolioName.self, returns: .none,
                  "Sets the portfolio a broker file's import puts new assets in (created by the import when missing); nil or \"\" clears it. Also af.settings.default_portfolio = …",
                  example: #"af.set_default_portfolio("Brokers")"#) { env, _, args in
            _ = try env.session.execute(SetDefaultPortfolio(name: args.name ?? ""))
            return 0
        },
        .function("af", "prices_from_trades", NoArguments.self, returns: .value(.boolean),
                  "Whether each buy's and sell's price counts as the asset's market price on days without a recorded price (true unless turned off). Also af.settings.prices_from_trades.",
                  example: #"print(af.prices_from_trades())  --> true"#) { env, call, _ in
            call.pushBoolean(try env.session.pricesFromTrades())
            return 1
        },
        .function("af", "set_prices_from_trades", Switch.self, returns: .none,
                  "Turns prices from trades on (true) or off (false): off, only recorded prices value an asset. Also af.settings.prices_from_trades = …",
                  example: #"af.set_prices_from_trades(false)"#) { env, _, args in
            _ = try env.session.execute(SetPricesFromTrades(enabled: args.on))
            return 0
        },
    ]

    /// `(on)`.
    struct Switch: LuaDecodable {
        var on: Bool!
        static let fields: [LuaField<Switch>] = [.required("on", \.on, "true or false.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(format)`.
    struct Format: LuaDecodable {
        var format: String!
        static let fields: [LuaField<Format>] = [.required("format", \.format, "numeric, abbreviated, long or complete.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(name)`: nil or "" clears.
    /// `(name)` of `af.set_default_portfolio`.
    struct PortfolioName: LuaDecodable {
        var name: String?
        static let fields: [LuaField<PortfolioName>] = [.optional("name", \.name, "The portfolio's name; nil or \"\" clears it.")]
        static let layout = LuaArgumentLayout.positional
    }

    struct Platform: LuaDecodable {
        var name: String?
        static let fields: [LuaField<Platform>] = [.optional("name", \.name, "The platform; nil or \"\" clears it.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(date)`.
    struct DateArgument: LuaDecodable {
        var date: CalendarDate?
        static let fields: [LuaField<DateArgument>] = [.optional("date", \.date, "The day (default today).")]
        static let layout = LuaArgumentLayout.positional
    }
}
