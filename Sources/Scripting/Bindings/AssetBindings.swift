import Core
import LuaBridge
import Store

/// Assets: creation with an initial position, lookups, trades, prices and derived figures.
enum AssetBindings {
    static let all: [Binding] = functions + fields + methods

    static let functions: [Binding] = [
        .function("af", "create_asset", "{name, type, currency, portfolio, quantity, cost_basis, current_price, date, notes} -> Asset",
                  "Creates an asset. With a quantity it starts with a buy at cost_basis and a price record at current_price (or cost_basis); cash at 1.",
                  example: #"af.create_asset{ name = "ACME", type = "stock", currency = "USD", quantity = 10, cost_basis = "10", date = "2024-01-02" }"#) { env, call in
            let fn = "af.create_asset"
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["name", "type", "currency", "portfolio", "quantity", "cost_basis", "current_price", "date", "notes"])
            var request = CreateAsset(name: try args.requiredString("name"), type: try AssetType.parse(try args.string("type") ?? "other"))
            request.currency = try args.string("currency") ?? "USD"
            request.notes = try args.string("notes") ?? ""
            request.portfolioID = try args.value("portfolio") { try env.portfolio(at: $0, call, function: fn).id }
            request.quantity = try args.decimal("quantity")
            request.costBasis = try args.decimal("cost_basis")
            request.currentPrice = try args.decimal("current_price")
            request.date = try args.date("date")
            let asset = try env.session.execute(request)
            env.pushAsset(asset.id!)
            return 1
        },
        .function("af", "asset", "(name) -> Asset|nil", "The asset with this name (ignoring case), or nil.", example: #"af.asset("ACME")"#) { env, call in
            guard let name = call.string(at: 1) else { throw LuaArgumentError("af.asset: a name expected, got \(call.typeName(at: 1))") }
            if let a = try env.session.asset(named: name) { env.pushAsset(a.id!) } else { call.pushNil() }
            return 1
        },
        .function("af", "assets", "() -> {Asset}", "Every asset, by name.", example: "for _, a in ipairs(af.assets()) do print(a) end") { env, call in
            try env.pushList(env.session.assets(), call) { env.pushAsset($0.id!) }
            return 1
        },
    ]

    static let fields: [Binding] = [
        .field("Asset", "id", "integer", "The asset's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("Asset", "name", "string", "The asset's name.") { env, call, id in call.pushString(try env.session.requireAsset(id: id).name) },
        .field("Asset", "type", "string", "stock, bond, crypto, real_estate, commodity, cash, mutual_fund, etf or other.") { env, call, id in
            call.pushString(try env.session.requireAsset(id: id).type.rawValue)
        },
        .field("Asset", "currency", "string", "ISO 4217 code.") { env, call, id in call.pushString(try env.session.requireAsset(id: id).currency) },
        .field("Asset", "notes", "string", "Free text.") { env, call, id in call.pushString(try env.session.requireAsset(id: id).notes) },
        .field("Asset", "portfolio", "Portfolio|nil", "The portfolio it belongs to.") { env, call, id in
            if let pid = try env.session.requireAsset(id: id).portfolioID { env.pushPortfolio(pid) } else { call.pushNil() }
        },
        .field("Asset", "quantity", "decimal", "Σ quantity impact of its transactions.") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).quantity)
        },
        .field("Asset", "current_price", "decimal", "Price of the latest price record (0 when none).") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).currentPrice)
        },
        .field("Asset", "current_price_date", "string|nil", "Date of the latest price record.") { env, call, id in
            call.pushOptionalString(try env.session.valuation(ofAsset: id).currentPriceDate?.description)
        },
        .field("Asset", "current_value", "decimal", "quantity × current price.") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).currentValue)
        },
        .field("Asset", "average_cost", "decimal", "Running average cost per unit held.") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).averageCost)
        },
        .field("Asset", "cost_basis", "decimal", "What the units held cost (quantity × average cost).") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).costBasis)
        },
        .field("Asset", "unrealized_gain", "decimal", "current value − cost basis.") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).unrealizedGain)
        },
        .field("Asset", "unrealized_gain_percent", "decimal", "unrealized gain ÷ cost basis × 100; 0 when the cost basis is 0.") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).unrealizedGainPercent)
        },
        .field("Asset", "realized_gain", "decimal", "Σ over sells of quantity × (price − average cost at the time) − fees.") { env, call, id in
            call.pushDecimal(try env.session.valuation(ofAsset: id).realizedGain)
        },
    ]

    static let methods: [Binding] = [
        trade(.buy, "Records a purchase (a deposit for cash). Price defaults to the current price.", example: #"a:buy{ quantity = 10, price = "12", date = "2024-02-01" }"#),
        trade(.sell, "Records a sale (a withdrawal for cash); refused beyond current holdings.", example: #"a:sell{ quantity = 5, price = "15", date = "2024-03-01" }"#),
        .method("Asset", "record_price", "{price, date} -> Price", "Adds a price record: one per day, not in the future, not negative.",
                example: #"a:record_price{ price = "14", date = "2024-03-01" }"#) { env, call in
            let asset = try env.asset(at: 1, call, function: "Asset:record_price")
            let args = try NamedArguments(call, at: 2, function: "Asset:record_price", allowed: ["price", "date"])
            let point = try env.session.execute(RecordPrice(asset: asset.id!, price: try args.requiredDecimal("price", label: "Price"), date: try args.date("date")))
            env.pushPrice(point.id!)
            return 1
        },
        .method("Asset", "transactions", "() -> {Transaction}", "Its transactions, oldest first.") { env, call in
            let asset = try env.asset(at: 1, call, function: "Asset:transactions")
            try env.pushList(env.session.transactions(ofAsset: asset.id!), call) { env.pushTransaction($0.id!) }
            return 1
        },
        .method("Asset", "prices", "() -> {Price}", "Its price records, oldest first.") { env, call in
            let asset = try env.asset(at: 1, call, function: "Asset:prices")
            try env.pushList(env.session.prices(ofAsset: asset.id!), call) { env.pushPrice($0.id!) }
            return 1
        },
    ]

    /// `asset:buy{…}` and `asset:sell{…}`.
    static func trade(_ type: TransactionType, _ summary: String, example: String) -> Binding {
        let fn = "Asset:\(type.rawValue)"
        return .method("Asset", type.rawValue, "{quantity, price, date, fees, note} -> Transaction", summary, example: example) { env, call in
            let asset = try env.asset(at: 1, call, function: fn)
            let args = try NamedArguments(call, at: 2, function: fn, allowed: ["quantity", "price", "date", "fees", "note"])
            let price = try args.decimal("price"), date = try args.date("date")
            let t = try env.session.execute(tradeCommand(type, asset: asset.id!, quantity: try args.requiredDecimal("quantity"), price: price, date: date,
                                                         fees: try args.decimal("fees") ?? 0, note: try args.string("note") ?? ""))
            env.pushTransaction(t.id!)
            return 1
        }
    }
}
