import Core
import LuaBridge
import Store

/// Changing what was recorded: transfers, set quantity, swap, income, edits and deletions.
enum ChangeBindings {
    static let all: [Binding] = movements + edits + categories

    static let movements: [Binding] = [
        AssetBindings.trade(.transferIn, "Records units arriving from elsewhere (no cash paid from a tracked asset).",
                            example: #"a:transfer_in{ quantity = 2, price = "10", date = "2024-02-01" }"#),
        AssetBindings.trade(.transferOut, "Records units leaving; refused beyond current holdings.",
                            example: #"a:transfer_out{ quantity = 1, price = "10", date = "2024-03-01" }"#),
        .method("Asset", "set_quantity", "(quantity, {date, note}) -> Transaction",
                "Sets the quantity by recording an adjustment of the difference, at the current price.",
                example: #"a:set_quantity(12, { date = "2024-03-01" })"#) { env, call in
            let fn = "Asset:set_quantity"
            let asset = try env.asset(at: 1, call, function: fn)
            guard let quantity = try call.decimal(at: 2) else { throw LuaArgumentError("\(fn): the new quantity is required") }
            var date: CalendarDate?, note = ""
            if !call.isNil(at: 3) {
                let args = try NamedArguments(call, at: 3, function: fn, allowed: ["date", "note"])
                date = try args.date("date")
                note = try args.string("note") ?? ""
            }
            env.pushTransaction(try env.session.execute(SetQuantity(asset: asset.id!, quantity: quantity, date: date, note: note)).id!)
            return 1
        },
        .function("af", "swap", "{from, to, quantity, price, to_quantity, to_price, date} -> sell, buy",
                  "Sells `quantity` of `from` and buys `to`, linked to each other, all or nothing. to_price defaults to to's current price, to_quantity to the proceeds ÷ to_price.",
                  example: #"af.swap{ from = "BTC", to = "Cash", quantity = "0.1", price = 60000 }"#) { env, call in
            let fn = "af.swap"
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["from", "to", "quantity", "price", "to_quantity", "to_price", "date"])
            guard let from = try args.value("from", { try env.asset(at: $0, call, function: fn) }) else { throw args.fieldError("from", "is required") }
            guard let to = try args.value("to", { try env.asset(at: $0, call, function: fn) }) else { throw args.fieldError("to", "is required") }
            let pair = try env.session.execute(Swap(from: from.id!, to: to.id!, quantity: try args.requiredDecimal("quantity"), price: try args.decimal("price"),
                                                    toQuantity: try args.decimal("to_quantity"), toPrice: try args.decimal("to_price"), date: try args.date("date")))
            env.pushTransaction(pair.sell.id!)
            env.pushTransaction(pair.buy.id!)
            return 2
        },
        income(.dividend, "Records a dividend paid by `source` into the cash asset `asset`."),
        income(.interest, "Records interest paid by `source` into the cash asset `asset`; in kind (asset == source) with quantity and price."),
        .field("Asset", "income", "decimal", "Σ dividends and interest paid by this asset (as source).") { env, call, id in
            call.pushDecimal(try env.session.income(fromSource: id))
        },
    ]

    static func income(_ type: TransactionType, _ summary: String) -> Binding {
        let fn = "af.\(type.rawValue)"
        return .function("af", type.rawValue, "{asset, source, amount, quantity, price, date, note} -> Transaction", summary,
                         example: "\(fn){ asset = \"Cash\", source = \"ACME\", amount = \"12.50\", date = \"2024-03-01\" }") { env, call in
            let args = try NamedArguments(call, at: 1, function: fn, allowed: ["asset", "source", "amount", "quantity", "price", "date", "note"])
            guard let asset = try args.value("asset", { try env.asset(at: $0, call, function: fn) }) else { throw args.fieldError("asset", "is required") }
            guard let source = try args.value("source", { try env.asset(at: $0, call, function: fn) }) else { throw args.fieldError("source", "is required") }
            let amount = try args.decimal("amount"), quantity = try args.decimal("quantity"), price = try args.decimal("price")
            let date = try args.date("date"), note = try args.string("note") ?? ""
            let t = type == .dividend
                ? try env.session.execute(Dividend(asset: asset.id!, source: source.id!, amount: amount, date: date, note: note))
                : try env.session.execute(Interest(asset: asset.id!, source: source.id!, amount: amount, quantity: quantity, price: price, date: date, note: note))
            env.pushTransaction(t.id!)
            return 1
        }
    }

    static let edits: [Binding] = [
        .method("Transaction", "edit", "{type, date, quantity, price, fees, note} -> Transaction",
                "Edits in place; the result must keep the asset's quantity ≥ 0 (base = quantity − old impact).",
                example: #"t:edit{ quantity = 8 }"#) { env, call in
            let fn = "Transaction:edit"
            guard let id = env.lua.objectID(at: 1, className: "Transaction") else { throw LuaArgumentError("\(fn): call it as t:edit{…}") }
            let args = try NamedArguments(call, at: 2, function: fn, allowed: ["type", "date", "quantity", "price", "fees", "note"])
            let type = try args.string("type").map(TransactionType.parse)
            let date = try args.date("date"), quantity = try args.decimal("quantity"), price = try args.decimal("price")
            let fees = try args.decimal("fees"), note = try args.string("note")
            try env.session.execute(EditTransaction(id: id, type: type, date: date, quantity: quantity, price: price, fees: fees, note: note))
            env.pushTransaction(id)
            return 1
        },
        .method("Transaction", "delete", "()", "Deletes it, unless the asset's quantity would become negative.") { env, call in
            guard let id = env.lua.objectID(at: 1, className: "Transaction") else { throw LuaArgumentError("Transaction:delete: call it as t:delete()") }
            try env.session.execute(DeleteTransaction(id: id))
            return 0
        },
        .method("Price", "edit", "{price, date} -> Price", "Changes the record; one record per day still holds.", example: #"p:edit{ price = "15" }"#) { env, call in
            let fn = "Price:edit"
            guard let id = env.lua.objectID(at: 1, className: "Price") else { throw LuaArgumentError("\(fn): call it as p:edit{…}") }
            let args = try NamedArguments(call, at: 2, function: fn, allowed: ["price", "date"])
            let price = try args.decimal("price", label: "Price"), date = try args.date("date")
            try env.session.execute(EditPrice(id: id, price: price, date: date))
            env.pushPrice(id)
            return 1
        },
        .method("Price", "delete", "()", "Deletes the record; an asset's last price record cannot be deleted.") { env, call in
            guard let id = env.lua.objectID(at: 1, className: "Price") else { throw LuaArgumentError("Price:delete: call it as p:delete()") }
            try env.session.execute(DeletePrice(id: id))
            return 0
        },
        .method("Asset", "update", "{name, type, currency, notes, portfolio, category, platform} -> Asset",
                "Changes its attributes. Type and currency are locked once it has a transaction or price record. portfolio/category = false removes it.",
                example: #"a:update{ name = "ACME Corp", platform = "Broker" }"#) { env, call in
            let fn = "Asset:update"
            let asset = try env.asset(at: 1, call, function: fn)
            let args = try NamedArguments(call, at: 2, function: fn, allowed: ["name", "type", "currency", "notes", "portfolio", "category", "platform"])
            let name = try args.string("name"), type = try args.string("type").map(AssetType.parse)
            let currency = try args.string("currency"), notes = try args.string("notes"), platform = try args.string("platform")
            let portfolio: Int64?? = try args.value("portfolio") { i in call.type(at: i) == 1 && !call.boolean(at: i) ? .some(nil) : .some(try env.portfolio(at: i, call, function: fn).id) }
            let category: Int64?? = try args.value("category") { i in
                if call.type(at: i) == 1 && !call.boolean(at: i) { return .some(nil) }
                guard let n = call.string(at: i), let c = try env.session.category(named: n) else { throw args.fieldError("category", "no such category") }
                return .some(c.id)
            }
            try env.session.execute(UpdateAsset(id: asset.id!, name: name, type: type, currency: currency, notes: notes,
                                                portfolioID: portfolio, categoryID: category, platform: platform))
            env.pushAsset(asset.id!)
            return 1
        },
        .method("Asset", "delete", "()", "Deletes the asset with its transactions and price records.") { env, call in
            let asset = try env.asset(at: 1, call, function: "Asset:delete")
            try env.session.execute(DeleteAsset(id: asset.id!))
            return 0
        },
        .method("Portfolio", "delete", "()", "Deletes the portfolio; only an empty one can be deleted.") { env, call in
            let p = try env.portfolio(at: 1, call, function: "Portfolio:delete")
            try env.session.execute(DeletePortfolio(id: p.id!))
            return 0
        },
    ]

    static let categories: [Binding] = [
        .function("af", "create_category", "{name, target} -> string", "Creates a category (unique name, optional target percent 0–100); returns its name.",
                  example: #"af.create_category{ name = "Core", target = 60 }"#) { env, call in
            let args = try NamedArguments(call, at: 1, function: "af.create_category", allowed: ["name", "target"])
            call.pushString(try env.session.execute(CreateCategory(name: try args.requiredString("name"), targetPercent: try args.decimal("target"))).name)
            return 1
        },
        .field("Asset", "category", "string|nil", "The name of its category.") { env, call, id in
            let asset = try env.session.requireAsset(id: id)
            call.pushOptionalString(try asset.categoryID.flatMap { try env.session.category(id: $0) }?.name)
        },
        .field("Asset", "platform", "string|nil", "The platform holding it.") { env, call, id in
            let p = try env.session.requireAsset(id: id).platform
            call.pushOptionalString(p.isEmpty ? nil : p)
        },
    ]
}
