import Core
import Foundation
import LuaBridge
import LuaDecimals
import Store

/// `af.rows.*`: the store's records as plain Lua rows (tables of fields), each list read
/// with one query, for the query pipeline (`af.query`, written in Lua in `QueryPrelude`)
/// and for scripts that loop themselves. Every row names its asset and carries the
/// asset's type, currency, portfolio, category and platform, so grouping needs no join.
enum QueryBindings {
    /// `{from, to, asset, types}`.
    struct Filter: LuaDecodable {
        var from: CalendarDate?
        var to: CalendarDate?
        var asset: Asset?
        var types: [String]?
        static let fields: [LuaField<Filter>] = [
            .optional("from", \.from, "First day (default: the first record)."),
            .optional("to", \.to, "Last day (default: the last record)."),
            .optional("asset", \.asset, "Only this asset (an Asset or its name)."),
            .optional("types", \.types, "Only these transaction types, such as {\"dividend\", \"interest\"}."),
        ]
    }

    /// `{date}`.
    struct AtDate: LuaDecodable {
        var date: CalendarDate?
        static let fields: [LuaField<AtDate>] = [.optional("date", \.date, "The day (default today).")]
    }

    static let assetFields = ["asset", "asset_id", "asset_type", "currency", "portfolio", "category", "platform"]
    static let transactionRow = LuaType.record((["id", "date", "type", "label"] + assetFields + ["quantity", "price", "total", "fees", "quantity_impact", "note", "source"]).map {
        LuaRecordField($0, ["quantity", "price", "total", "fees", "quantity_impact"].contains($0) ? .decimal : $0 == "id" || $0 == "asset_id" ? .integer : .string)
    })
    static let priceRow = LuaType.record((["date"] + assetFields + ["price"]).map { LuaRecordField($0, $0 == "price" ? .decimal : $0 == "asset_id" ? .integer : .string) }
        + [LuaRecordField("source", .optional(.string)), LuaRecordField("fetched_at", .optional(.string))])
    static let holdingRow = LuaType.record((["date"] + assetFields + ["quantity", "price", "value"]).map {
        LuaRecordField($0, ["quantity", "price", "value"].contains($0) ? .decimal : $0 == "asset_id" ? .integer : .string)
    })
    static let assetRow = LuaType.record(assetFields.map { LuaRecordField($0, $0 == "asset_id" ? .integer : .string) })

    static let all: [Binding] = [
        .function("af", "today", NoArguments.self, returns: .value(.date),
                  "The day this run counts as today (YYYY-MM-DD): what dates default to, such as a timeline's last day.",
                  example: #"local this_month = af.today():sub(1, 7)"#) { env, call, _ in
            call.pushString(env.session.today.description)
            return 1
        },
        .function("af.rows", "transactions", Filter.self, returns: .value(.list(transactionRow)),
                  "Every transaction as a row, by date (one query): {id, date, type, label, asset, asset_type, currency, portfolio, category, platform, quantity, price, fees, total, quantity_impact, note, source}; source is the asset that paid a dividend or interest (empty for others).",
                  example: #"for _, t in ipairs(af.rows.transactions{ types = { "dividend" } }) do print(t.date, t.asset, t.total) end"#) { env, call, args in
            let stream = try TransactionStream(env.session, args)
            try call.reserveHostMemory(stream.count * 64)
            call.newTable(arrayCount: stream.count)
            var n = 0
            while let row = try stream.next(env.session) {
                pushTransaction(row.0, row.1, stream.context, call)
                n += 1
                call.setElement(n, of: -2)
            }
            return 1
        },
        .function("af.rows", "each_transaction", Filter.self, returns: .value(.function),
                  "An iterator over the rows af.rows.transactions gives, in the same order, one new row per call and nil at the end, read from the store 256 at a time: for a loop over a long history without holding it. Which transactions and their order are fixed when it is made; each comes as it was when its chunk was read (one deleted before that is skipped).",
                  example: #"local n = 0 for t in af.rows.each_transaction{ types = { "buy" } } do n = n + 1 end print(n)"#) { env, call, args in
            let stream = try TransactionStream(env.session, args)
            call.pushFunction { [unowned env] c in
                guard let row = try stream.next(env.session) else { c.pushNil(); return 1 }
                pushTransaction(row.0, row.1, stream.context, c)
                return 1
            }
            return 1
        },
        .function("af.rows", "prices", Filter.self, returns: .value(.list(priceRow)),
                  "Every price record as a row, by asset then date (one table scan): {date, asset, asset_type, currency, …, price, source, fetched_at}; source and fetched_at (UTC) say which quote provider fetched it and when, nil for a typed or imported price.",
                  example: #"local rows = af.rows.prices{ asset = "ACME", from = "2024-01-01" }"#) { env, call, args in
            let context = try AssetContext(env.session)
            let byAsset = try env.session.allPricesByAsset()
            let fetched = try env.session.priceProvenanceByAsset()
            var rows: [PricePoint] = []
            for asset in context.assets where args.asset == nil || asset.id == args.asset!.id {
                rows += (byAsset[asset.id!] ?? []).filter { p in (args.from.map { p.date >= $0 } ?? true) && (args.to.map { p.date <= $0 } ?? true) }
            }
            try call.reserveHostMemory(rows.count * 32)
            env.pushList(rows, call) { p in pushPrice(p, context.asset(p.assetID), fetched[p.assetID]?[p.date], context, call) }
            return 1
        },
        .function("af.rows", "each_price", Filter.self, returns: .value(.function),
                  "An iterator over the rows af.rows.prices gives, in the same order (by asset then date), one new row per call and nil at the end, read from the store one asset at a time: for a loop over every price without holding them.",
                  example: #"local top = D(0) for p in af.rows.each_price{ from = "2024-01-01" } do if p.price > top then top = p.price end end"#) { env, call, args in
            let context = try AssetContext(env.session)
            var assets = context.assets.filter { args.asset == nil || $0.id == args.asset!.id }[...]
            var prices: [PricePoint] = [], fetched: [CalendarDate: PriceProvenance] = [:], next = 0
            call.pushFunction { [unowned env] c in
                while next == prices.count {
                    guard let asset = assets.popFirst() else { prices = []; next = 0; c.pushNil(); return 1 }
                    prices = try env.session.prices(ofAsset: asset.id!, from: args.from, to: args.to)
                    fetched = try prices.isEmpty ? [:] : env.session.priceProvenance(ofAsset: asset.id!)
                    next = 0
                }
                let p = prices[next]
                next += 1
                pushPrice(p, context.asset(p.assetID), fetched[p.date], context, c)
                return 1
            }
            return 1
        },
        .function("af.rows", "holdings", AtDate.self, returns: .value(.list(holdingRow)),
                  "What was held at the end of `date` (default today), one row per asset with units: quantity, the latest price on or before the date (0 when none) and value = quantity × price, in the asset's currency.",
                  example: #"for _, h in ipairs(af.rows.holdings{ date = "2024-12-31" }) do print(h.asset, h.value) end"#) { env, call, args in
            let date = args.date ?? env.session.today
            let context = try AssetContext(env.session)
            var rows: [(Asset, ExactDecimal, ExactDecimal)] = []
            for asset in context.assets {
                // Each asset read on its own (its transactions up to the day, one recorded price).
                let quantity = try env.session.quantity(ofAsset: asset.id!, onOrBefore: date)
                guard quantity != 0 else { continue }
                let price = asset.isCash ? ExactDecimal(1) : try env.session.recordedPrice(ofAsset: asset.id!, onOrBefore: date)?.price ?? 0
                rows.append((asset, quantity, price))
            }
            try env.pushList(rows, call) { asset, quantity, price in
                call.newTable(fieldCount: 11)
                pushAssetFields(asset, context, call)
                call.pushString(date.description); call.setField("date", of: -2)
                call.pushDecimal(quantity); call.setField("quantity", of: -2)
                call.pushDecimal(price); call.setField("price", of: -2)
                call.pushDecimal(try quantity.multiplied(by: price)); call.setField("value", of: -2)
            }
            return 1
        },
        .function("af.rows", "assets", NoArguments.self, returns: .value(.list(assetRow)),
                  "Every asset as a row: {asset, asset_id, asset_type, currency, portfolio, category, platform}, to join other rows to.",
                  example: #"for _, a in ipairs(af.rows.assets()) do print(a.asset, a.platform) end"#) { env, call, _ in
            let context = try AssetContext(env.session)
            env.pushList(context.assets, call) { asset in
                call.newTable(fieldCount: 7)
                pushAssetFields(asset, context, call)
            }
            return 1
        },
    ]

    /// The transactions `args` selects, by date (ties in the order recorded): their ids
    /// listed by one query, the rows read a chunk at a time as they are asked for.
    final class TransactionStream {
        static let chunk = 256
        let context: AssetContext
        private var ids: [Int64]
        private var position = 0
        private var buffer: [Transaction] = []
        private var index = 0

        init(_ session: StoreSession, _ args: Filter) throws {
            let types = try args.types.map { try Set($0.map { try TransactionType.parse($0) }) }
            ids = try session.transactionIDs(.init(assetID: args.asset?.id, from: args.from, to: args.to, types: types))
            context = try AssetContext(session)
        }

        var count: Int { ids.count }

        /// The next transaction and its asset, or nil at the end (then the ids are let go).
        func next(_ session: StoreSession) throws -> (Transaction, Asset)? {
            while true {
                while index < buffer.count {
                    let t = buffer[index]
                    index += 1
                    if let asset = context.byID[t.assetID] { return (t, asset) }
                }
                guard position < ids.count else {
                    ids = []
                    buffer = []
                    position = 0
                    index = 0
                    return nil
                }
                let end = min(position + Self.chunk, ids.count)
                buffer = try session.transactions(ids: ids[position..<end])
                position = end
                index = 0
            }
        }
    }

    static func pushPrice(_ p: PricePoint, _ asset: Asset, _ provenance: PriceProvenance?, _ context: AssetContext, _ call: LuaCall) {
        call.newTable(fieldCount: 11)
        pushAssetFields(asset, context, call)
        call.pushString(p.date.description); call.setField("date", of: -2)
        call.pushDecimal(p.price); call.setField("price", of: -2)
        if let provenance {
            call.pushString(provenance.source); call.setField("source", of: -2)
            call.pushString(provenance.fetchedAt); call.setField("fetched_at", of: -2)
        }
    }

    static func pushTransaction(_ t: Transaction, _ asset: Asset, _ context: AssetContext, _ call: LuaCall) {
        call.newTable(fieldCount: 18)
        pushAssetFields(asset, context, call)
        call.pushInteger(t.id ?? 0); call.setField("id", of: -2)
        call.pushString(t.date.description); call.setField("date", of: -2)
        call.pushString(t.type.rawValue); call.setField("type", of: -2)
        call.pushString(t.type.label(forCash: asset.isCash)); call.setField("label", of: -2)
        call.pushDecimal(t.quantity); call.setField("quantity", of: -2)
        call.pushDecimal(t.pricePerUnit); call.setField("price", of: -2)
        call.pushDecimal(t.totalAmount); call.setField("total", of: -2)
        call.pushDecimal(t.fees); call.setField("fees", of: -2)
        call.pushDecimal(t.quantityImpact); call.setField("quantity_impact", of: -2)
        call.pushString(t.note); call.setField("note", of: -2)
        call.pushString(t.sourceAssetID.flatMap { context.byID[$0]?.name } ?? ""); call.setField("source", of: -2)
    }

    static func pushAssetFields(_ asset: Asset, _ context: AssetContext, _ call: LuaCall) {
        call.pushString(asset.name); call.setField("asset", of: -2)
        call.pushInteger(asset.id ?? 0); call.setField("asset_id", of: -2)
        call.pushString(asset.type.rawValue); call.setField("asset_type", of: -2)
        call.pushString(asset.currency); call.setField("currency", of: -2)
        call.pushString(asset.portfolioID.flatMap { context.portfolios[$0] } ?? ""); call.setField("portfolio", of: -2)
        call.pushString(asset.categoryID.flatMap { context.categories[$0] } ?? ""); call.setField("category", of: -2)
        call.pushString(asset.platform); call.setField("platform", of: -2)
    }

    /// The assets and the names of their portfolios and categories, read once per call.
    struct AssetContext {
        let assets: [Asset]
        let byID: [Int64: Asset]
        let portfolios: [Int64: String]
        let categories: [Int64: String]

        init(_ session: StoreSession) throws {
            assets = try session.assets()
            byID = Dictionary(uniqueKeysWithValues: assets.map { ($0.id!, $0) })
            portfolios = Dictionary(uniqueKeysWithValues: try session.portfolios().map { ($0.id!, $0.name) })
            categories = Dictionary(uniqueKeysWithValues: try session.categories().map { ($0.id!, $0.name) })
        }

        func asset(_ id: Int64) -> Asset { byID[id]! }
    }
}
