import Core
import LuaBridge
import LuaDecimals
import Store

/// Everything on `Asset`: its fields (derived from its transactions and prices) and its
/// methods. Each write runs one Core command through `session.execute`; the rules and
/// defaults live in the command.
enum AssetBindings {
    static let all: [Binding] = fields + trades + changes + history + [CurrencyBindings.valueIn] + OperationBindings.asset + LotBindings.assetMethods

    // MARK: Fields

    static func valuation(_ env: ScriptEnvironment, _ id: Int64) throws -> Valuation { try env.session.valuation(ofAsset: id) }
    static func asset(_ env: ScriptEnvironment, _ id: Int64) throws -> Asset { try env.session.requireAsset(id: id) }

    static let fields: [Binding] = [
        .field("Asset", "id", .integer, "The asset's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("Asset", "name", .string, "The asset's name.") { env, call, id in call.pushString(try asset(env, id).name) },
        .field("Asset", "type", AssetType.luaType, "stock, bond, crypto, real_estate, commodity, cash, mutual_fund, etf or other.") { env, call, id in
            call.pushString(try asset(env, id).type.rawValue)
        },
        .field("Asset", "currency", .string, "ISO 4217 code.") { env, call, id in call.pushString(try asset(env, id).currency) },
        .field("Asset", "notes", .string, "Free text.") { env, call, id in call.pushString(try asset(env, id).notes) },
        .field("Asset", "portfolio", .optional(.object("Portfolio")), "The portfolio it belongs to.") { env, call, id in
            if let pid = try asset(env, id).portfolioID { env.pushPortfolio(pid) } else { call.pushNil() }
        },
        .field("Asset", "category", .optional(.string), "The name of its category.") { env, call, id in
            call.pushOptionalString(try asset(env, id).categoryID.flatMap { try env.session.category(id: $0) }?.name)
        },
        .field("Asset", "platform", .optional(.string), "The platform holding it.") { env, call, id in
            let p = try asset(env, id).platform
            call.pushOptionalString(p.isEmpty ? nil : p)
        },
        .field("Asset", "quote", .optional(.table), "Where its prices are fetched from: { provider, symbol }, or nil.") { env, call, id in
            guard let source = try env.session.quoteSource(ofAsset: id) else { return call.pushNil() }
            call.newTable()
            call.pushString(source.provider)
            call.setField("provider", of: -2)
            call.pushString(source.symbol)
            call.setField("symbol", of: -2)
        },
        .field("Asset", "quantity", .decimal, "Σ quantity impact of its transactions.") { env, call, id in call.pushDecimal(try valuation(env, id).quantity) },
        .field("Asset", "current_price", .decimal, "Price of the latest price record (0 when none).") { env, call, id in
            call.pushDecimal(try valuation(env, id).currentPrice)
        },
        .field("Asset", "current_price_date", .optional(.date), "Date of the latest market price: a price record, or a later buy's or sell's price (prices from trades).") { env, call, id in
            call.pushOptionalString(try valuation(env, id).currentPriceDate?.description)
        },
        .field("Asset", "current_value", .money, "quantity × current price, in the asset's currency.") { env, call, id in
            call.pushMoney(try valuation(env, id).currentValue, try asset(env, id).currency)
        },
        .field("Asset", "average_cost", .decimal, "Running average cost per unit held.") { env, call, id in call.pushDecimal(try valuation(env, id).averageCost) },
        .field("Asset", "cost_basis", .money, "What the units held cost (quantity × average cost), in the asset's currency.") { env, call, id in
            call.pushMoney(try valuation(env, id).costBasis, try asset(env, id).currency)
        },
        .field("Asset", "unrealized_gain", .money, "current value − cost basis.") { env, call, id in
            call.pushMoney(try valuation(env, id).unrealizedGain, try asset(env, id).currency)
        },
        .field("Asset", "unrealized_gain_percent", .decimal, "unrealized gain ÷ cost basis × 100; 0 when the cost basis is 0.") { env, call, id in
            call.pushDecimal(try valuation(env, id).unrealizedGainPercent)
        },
        .field("Asset", "realized_gain", .money, "Σ over sells of quantity × (price − average cost at the time) − fees, in the asset's currency.") { env, call, id in
            call.pushMoney(try valuation(env, id).realizedGain, try asset(env, id).currency)
        },
        .field("Asset", "income", .union([.money, .decimal]), "Σ dividends and interest paid by this asset (as source): money in the currency they were paid in (the asset's own when none); a decimal when paid in several currencies, which are never added as money.") { env, call, id in
            try pushIncome(try env.session.income(fromSource: id), fromSource: id, env, call)
        },
    ]

    /// Income paid by `source`: money in the currency it was paid in (the source's own when
    /// none was paid); a decimal when it was paid in several, which money never adds.
    static func pushIncome(_ total: ExactDecimal, fromSource id: Int64, _ env: ScriptEnvironment, _ call: LuaCall) throws {
        let currencies = try env.session.incomeCurrencies(fromSource: id)
        if currencies.count > 1 { return call.pushDecimal(total) }
        call.pushMoney(total, try currencies.first ?? asset(env, id).currency)
    }

    // MARK: Trades

    /// `{quantity, price, date, fees, note}` of a buy, sell or transfer.
    struct Trade: LuaDecodable {
        var quantity: ExactDecimal!
        var price: ExactDecimal?
        var date: CalendarDate?
        var fees: ExactDecimal = 0
        var note = ""
        static let fields: [LuaField<Trade>] = [
            .required("quantity", \.quantity, "Units, > 0."),
            .optional("price", \.price, "Price per unit (default: the current price)."),
            .optional("date", \.date, "Default today; not in the future."),
            .optional("fees", \.fees, "Fees paid (default 0)."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `a:buy{…}`, `a:sell{…}`, `a:transfer_in{…}`, `a:transfer_out{…}`: the trade commands.
    static func trade(_ direction: Core.Trade.Direction, _ summary: String, example: String) -> Binding {
        .method(Asset.self, direction.type.rawValue, Trade.self, returns: .value(.object("Transaction")), summary, example: example) { env, call, asset, args in
            let t = try env.session.execute(Core.Trade(direction, asset: asset.id!, quantity: args.quantity, price: args.price, date: args.date,
                                                       fees: args.fees, note: args.note))
            env.pushTransaction(t.id!)
            return 1
        }
    }

    /// `{date, note}` of `a:set_quantity(q, {…})`.
    struct When: LuaDecodable {
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<When>] = [
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `(quantity, {date, note})`.
    struct NewQuantity: LuaDecodable {
        var quantity: ExactDecimal!
        var options = When()
        static let fields: [LuaField<NewQuantity>] = [
            .required("quantity", \.quantity, "The quantity to reach."),
            .optional("options", \.options, "{date, note}."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    /// `{price, date}`.
    struct NewPrice: LuaDecodable {
        var price: ExactDecimal!
        var date: CalendarDate?
        static let fields: [LuaField<NewPrice>] = [
            .required("price", \.price, "Price of one unit, ≥ 0."),
            .optional("date", \.date, "Default today; one record per day, not in the future."),
        ]
    }

    static let trades: [Binding] = [
        trade(.buy, "Records a purchase (a deposit for cash). Price defaults to the current price.", example: #"a:buy{ quantity = 10, price = "12", date = "2024-02-01" }"#),
        LotBindings.sell,  // a sale may name its lots (Documentation/Lots.md)
        trade(.transferIn, "Records units arriving from elsewhere (no cash paid from a tracked asset).",
              example: #"a:transfer_in{ quantity = 2, price = "10", date = "2024-02-01" }"#),
        trade(.transferOut, "Records units leaving; refused beyond current holdings.",
              example: #"a:transfer_out{ quantity = 1, price = "10", date = "2024-03-01" }"#),
        .method(Asset.self, "set_quantity", NewQuantity.self, returns: .value(.object("Transaction")),
                "Sets the quantity held on a day (default today) by recording an adjustment of the difference from what was held then, at that day's price.",
                example: #"a:set_quantity(12, { date = "2024-03-01" })"#) { env, _, asset, args in
            env.pushTransaction(try env.session.execute(SetQuantity(asset: asset.id!, quantity: args.quantity, date: args.options.date, note: args.options.note)).id!)
            return 1
        },
        .method(Asset.self, "record_price", NewPrice.self, returns: .value(.object("Price")), "Adds a price record: one per day, not in the future, not negative.",
                example: #"a:record_price{ price = "14", date = "2024-03-01" }"#) { env, _, asset, args in
            env.pushPrice(try env.session.execute(RecordPrice(asset: asset.id!, price: args.price, date: args.date)).id!)
            return 1
        },
    ]

    // MARK: Changes

    /// `{name, type, currency, notes, portfolio, category, platform}`: the fields to change.
    struct Update: LuaDecodable {
        var name: String?
        var type: AssetType?
        var currency: String?
        var notes: String?
        var portfolio: Removable<Portfolio>?
        var category: Removable<String>?
        var platform: String?
        var quote: Removable<QuoteArguments>?
        static let fields: [LuaField<Update>] = [
            .optional("name", \.name, "Unique, ignoring case."),
            .optional("type", \.type, "Locked once it has a transaction or price record."),
            .optional("currency", \.currency, "ISO 4217; locked like the type."),
            .optional("notes", \.notes, "Free text."),
            .optional("portfolio", \.portfolio, "A portfolio, or false to take it out."),
            .optional("category", \.category, "A category's name, or false to clear it."),
            .optional("platform", \.platform, "Where it is held."),
            .optional("quote", \.quote, "Where `assetflow prices fetch` gets its prices: { provider = \"stooq\", symbol = \"AAPL.US\" }, or false to forget it."),
        ]
    }

    /// `{provider, symbol}`: an asset's quote source (Documentation/Prices.md).
    struct QuoteArguments: LuaDecodable {
        var provider: String!
        var symbol: String!
        static let fields: [LuaField<QuoteArguments>] = [
            .required("provider", \.provider, "A built-in provider (stooq, csv) or a file <name>.lua in the providers folder."),
            .required("symbol", \.symbol, "What the provider knows the asset by (AAPL.US)."),
        ]
    }

    static let changes: [Binding] = [
        .method(Asset.self, "update", Update.self, returns: .value(.object("Asset")),
                "Changes its attributes. Type and currency are locked once it has a transaction or price record. portfolio/category = false removes it.",
                example: #"a:update{ name = "ACME Corp", platform = "Broker" }"#) { env, _, asset, args in
            let reader = "Asset:update"
            let category = try args.category?.map { name -> Int64? in
                guard let c = try env.session.category(named: name) else { throw LuaArgumentError("\(reader): field 'category': no such category") }
                return c.id
            }
            try env.session.atomically {
                try env.session.execute(UpdateAsset(id: asset.id!, name: args.name, type: args.type, currency: args.currency, notes: args.notes,
                                                    portfolioID: args.portfolio?.map(\.id), categoryID: category, platform: args.platform))
                if let quote = args.quote {
                    try env.session.setQuoteSource(quote.map { QuoteSource(provider: $0.provider, symbol: $0.symbol) } ?? nil, ofAsset: asset.id!)
                }
            }
            env.pushAsset(asset.id!)
            return 1
        },
        .method(Asset.self, "delete", NoArguments.self, returns: .none, "Deletes the asset with its transactions and price records.", example: #"af.asset("ACME"):delete()"#) { env, _, asset, _ in
            try env.session.execute(DeleteAsset(id: asset.id!))
            return 0
        },
    ]

    // MARK: History and performance

    static let history: [Binding] = [
        .method(Asset.self, "transactions", NoArguments.self, returns: .value(.list(.object("Transaction"))), "Its transactions, oldest first.", example: #"for _, t in ipairs(a:transactions()) do print(t) end"#) { env, call, asset, _ in
            try env.pushList(env.session.transactions(ofAsset: asset.id!), call) { env.pushTransaction($0.id!) }
            return 1
        },
        .method(Asset.self, "prices", NoArguments.self, returns: .value(.list(.object("Price"))), "Its price records, oldest first.", example: #"for _, p in ipairs(a:prices()) do print(p.date, p.price) end"#) { env, call, asset, _ in
            try env.pushList(env.session.prices(ofAsset: asset.id!), call) { env.pushPrice($0.id!) }
            return 1
        },
        .method(Asset.self, "value_at", AfBindings.OnDate.self, returns: .value(.money), "Quantity on that date × the latest price on or before it, in the asset's own currency (a:value_in converts).",
                example: #"a:value_at("2024-01-31")"#) { env, call, asset, args in
            call.pushMoney(try env.session.value(of: [asset], at: args.date, in: asset.currency), asset.currency)
            return 1
        },
        ReturnsBindings.performanceMethod(Asset.self) { .asset($0.id!) },
        ReturnsBindings.seriesMethod(Asset.self) { .asset($0.id!) },
    ]
}
