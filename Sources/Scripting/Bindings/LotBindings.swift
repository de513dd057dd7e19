import Core
import LuaBridge
import LuaDecimals
import Store

extension LotMethod: LuaParsedEnumeration {}

/// Tax lots (Documentation/Lots.md): `a:lots{…}`, `a:sell{…, lots = …}`, `a:plan_sale{…}`,
/// `af.realized_gains{…}` and the long-term threshold. Lots are computed from the history
/// by Core's `LotBook` on every call; only a sale's choice of lots is stored.
enum LotBindings {
    /// The `af` functions; the Asset methods are listed with the Asset's (`assetMethods`).
    static let all: [Binding] = [realizedGains, eachRealizedGain] + SettingsLots.all
    static let assetMethods: [Binding] = [lots, planSale]

    static let lotRow = LuaType.record(["acquired", "quantity", "cost_per_unit", "cost", "cost_per_unit_main", "cost_main", "currency",
                                        "main_currency", "holding_days", "term"].map { LuaRecordField($0, lotFieldType($0)) })

    static func lotFieldType(_ name: String) -> LuaType {
        switch name {
        case "acquired", "sold": .date
        case "currency", "main_currency", "asset", "local_currency": .string
        case "holding_days": .integer
        case "term": .oneOf(LotTerm.allCases.map(\.rawValue))
        default: .decimal
        }
    }

    // MARK: Open lots

    /// `{method, date, currency}`.
    struct LotsQuery: LuaDecodable {
        var method = LotMethod.fifo
        var date: CalendarDate?
        var currency: String?
        static let fields: [LuaField<LotsQuery>] = [
            .optional("method", \.method, "fifo (default), lifo, hifo, average or specific (the lots sales chose)."),
            .optional("date", \.date, "The day (default today)."),
            .optional("currency", \.currency, "The *_main figures' currency (default: the main currency), at the acquisition day's rate."),
        ]
    }

    static let lots = Binding.method(Asset.self, "lots", LotsQuery.self, returns: .value(.list(lotRow)),
        "Its open lots on a day under a method, oldest first: acquired, quantity, cost per unit and total (fees included) in its currency and in the main currency at the acquisition day's rate, holding days and term (short or long, after long_term_days).",
        example: #"for _, l in ipairs(a:lots{ method = "fifo" }) do print(l.acquired, l.quantity, l.cost, l.term) end"#) { env, call, asset, args in
        let rows = try env.session.openLots(ofAsset: asset.id!, method: args.method, on: args.date, currency: args.currency)
        let main = try env.session.reportingCurrency(args.currency)
        env.pushList(rows, call) { row in
            call.newTable(fieldCount: 10)
            call.pushString(row.lot.acquired.description); call.setField("acquired", of: -2)
            call.pushDecimal(row.lot.quantity); call.setField("quantity", of: -2)
            call.pushDecimal(row.lot.costPerUnit); call.setField("cost_per_unit", of: -2)
            call.pushDecimal(row.lot.cost); call.setField("cost", of: -2)
            call.pushDecimal(row.lot.convertedCostPerUnit); call.setField("cost_per_unit_main", of: -2)
            call.pushDecimal(row.lot.convertedCost); call.setField("cost_main", of: -2)
            call.pushString(row.asset.currency); call.setField("currency", of: -2)
            call.pushString(main); call.setField("main_currency", of: -2)
            call.pushInteger(Int64(row.holdingDays)); call.setField("holding_days", of: -2)
            call.pushString(row.term.rawValue); call.setField("term", of: -2)
        }
        return 1
    }

    // MARK: Sales naming their lots

    /// `{acquired, quantity}`: part of a sale's choice of lots.
    struct Pick: LuaDecodable {
        var acquired: CalendarDate!
        var quantity: ExactDecimal!
        static let fields: [LuaField<Pick>] = [
            .required("acquired", \.acquired, "The lot's acquisition date."),
            .required("quantity", \.quantity, "Units of it sold, > 0."),
        ]
        var pick: LotPick { LotPick(acquired: acquired, quantity: quantity) }
    }

    /// `{quantity, price, date, fees, note, lots}` of `a:sell{…}`.
    struct Sale: LuaDecodable {
        var quantity: ExactDecimal!
        var price: ExactDecimal?
        var date: CalendarDate?
        var fees: ExactDecimal = 0
        var note = ""
        var lots: [Pick]?
        static let fields: [LuaField<Sale>] = [
            .required("quantity", \.quantity, "Units, > 0."),
            .optional("price", \.price, "Price per unit (default: the current price)."),
            .optional("date", \.date, "Default today; not in the future."),
            .optional("fees", \.fees, "Fees paid (default 0)."),
            .optional("note", \.note, "Free text."),
            .optional("lots", \.lots, "The lots it closes {{acquired, quantity}, …}, stored with it (method \"specific\"); they must be open and add up to the quantity."),
        ]
    }

    /// `a:sell{…}`: a sale, naming its lots when `lots` is given.
    static let sell = Binding.method(Asset.self, "sell", Sale.self, returns: .value(.object("Transaction")),
        "Records a sale (a withdrawal for cash); refused beyond current holdings. lots names the lots it closes (kept for method \"specific\"; the running average is unchanged).",
        example: #"a:sell{ quantity = 5, price = "15", date = "2024-03-01", lots = { { acquired = "2024-01-05", quantity = 5 } } }"#) { env, _, asset, args in
        let sale = Trade(.sell, asset: asset.id!, quantity: args.quantity, price: args.price, date: args.date, fees: args.fees, note: args.note)
        let t = try args.lots.map { try env.session.execute(SellChosenLots(sell: sale, lots: $0.map(\.pick))) } ?? env.session.execute(sale)
        env.pushTransaction(t.id!)
        return 1
    }

    // MARK: Realized gains

    /// `{method, from, to, currency, scope}`.
    struct GainsQuery: LuaDecodable {
        var method = LotMethod.fifo
        var from: CalendarDate?
        var to: CalendarDate?
        var currency: String?
        var scope: PerformanceScope?
        static let fields: [LuaField<GainsQuery>] = [
            .optional("method", \.method, "fifo (default), lifo, hifo, average (today's realized gain) or specific."),
            .optional("from", \.from, "First sale day (default: the first)."),
            .optional("to", \.to, "Last sale day (default: the last)."),
            .optional("currency", \.currency, "Amounts in this currency (default: the main currency): proceeds at the sale day's rate, costs at the acquisition day's."),
            .optional("scope", \.scope, "An Asset, a Portfolio, or af for everything (default)."),
        ]
    }

    static let gainRow = LuaType.record(["asset", "acquired", "sold", "quantity", "proceeds", "fees", "cost", "gain", "term", "holding_days", "currency",
                                         "local_currency", "local_proceeds", "local_cost", "local_gain"].map { LuaRecordField($0, lotFieldType($0)) })

    static let realizedGains = Binding.function("af", "realized_gains", GainsQuery.self, returns: .value(.list(gainRow)),
        "One row per lot piece closed by a sale (asset, acquired, sold, quantity, proceeds after fees, fees, cost, gain, term, holding_days), in currency with the asset's own figures as local_*; totals.short, totals.long and totals.all hold {quantity, proceeds, cost, gain}. Under \"average\" the total is today's realized gain.",
        example: #"local g = af.realized_gains{ method = "fifo", from = "2025-01-01", to = "2025-12-31" } print(g.totals.all.gain)"#) { env, call, args in
        let stream = try env.session.realizedGainStream(method: args.method, scope: args.scope ?? .everything, from: args.from, to: args.to, currency: args.currency)
        let currency = try env.session.reportingCurrency(args.currency)
        // Each row pushed as it is unpacked; the totals added up in the same order.
        var totals = Totals()
        call.newTable(arrayCount: stream.count)
        var n = 0
        while let row = stream.next() {
            pushGain(row, currency: currency, call)
            totals.add(row)
            n += 1
            call.setElement(n, of: -2)
        }
        totals.push(call)
        call.setField("totals", of: -2)
        return 1
    }

    static let eachRealizedGain = Binding.function("af", "each_realized_gain", GainsQuery.self, returns: .value(.function),
        "An iterator over the rows af.realized_gains gives (without totals), in the same order, one new row per call and nil at the end: for a long history without a Lua table per row at once (the report gains). The gains are computed when it is made, one group of assets at a time, and kept packed until handed out.",
        example: #"local n = 0 for g in af.each_realized_gain{ method = "fifo" } do n = n + 1 end print(n)"#) { env, call, args in
        let stream = try env.session.realizedGainStream(method: args.method, scope: args.scope ?? .everything, from: args.from, to: args.to, currency: args.currency)
        let currency = try env.session.reportingCurrency(args.currency)
        call.pushFunction { c in
            guard let row = stream.next() else { c.pushNil(); return 1 }
            pushGain(row, currency: currency, c)
            return 1
        }
        return 1
    }

    static func pushGain(_ row: GainRow, currency: String, _ call: LuaCall) {
        let p = row.piece
        call.newTable(fieldCount: 15)
        call.pushString(row.asset.name); call.setField("asset", of: -2)
        call.pushString(p.acquired.description); call.setField("acquired", of: -2)
        call.pushString(p.sold.description); call.setField("sold", of: -2)
        call.pushDecimal(p.quantity); call.setField("quantity", of: -2)
        call.pushDecimal(p.convertedProceeds); call.setField("proceeds", of: -2)
        call.pushDecimal(p.convertedFees); call.setField("fees", of: -2)
        call.pushDecimal(p.convertedCost); call.setField("cost", of: -2)
        call.pushDecimal(p.convertedGain); call.setField("gain", of: -2)
        call.pushString(row.term.rawValue); call.setField("term", of: -2)
        call.pushInteger(Int64(p.holdingDays)); call.setField("holding_days", of: -2)
        call.pushString(currency); call.setField("currency", of: -2)
        call.pushString(row.asset.currency); call.setField("local_currency", of: -2)
        call.pushDecimal(p.proceeds); call.setField("local_proceeds", of: -2)
        call.pushDecimal(p.cost); call.setField("local_cost", of: -2)
        call.pushDecimal(p.gain); call.setField("local_gain", of: -2)
    }

    /// `{short = {…}, long = {…}, all = {…}}`, each `{quantity, proceeds, cost, gain}`:
    /// sums from 0 over the rows in their order (of a term, or all).
    struct Totals {
        var sums = Array(repeating: [ExactDecimal](repeating: 0, count: 4), count: 3)

        mutating func add(_ row: GainRow) {
            let p = row.piece
            for k in [row.term == .short ? 0 : 1, 2] {
                sums[k][0] = sums[k][0] + p.quantity
                sums[k][1] = sums[k][1] + p.convertedProceeds
                sums[k][2] = sums[k][2] + p.convertedCost
                sums[k][3] = sums[k][3] + p.convertedGain
            }
        }

        func push(_ call: LuaCall) {
            call.newTable(fieldCount: 3)
            for (k, key) in ["short", "long", "all"].enumerated() {
                call.newTable(fieldCount: 4)
                call.pushDecimal(sums[k][0]); call.setField("quantity", of: -2)
                call.pushDecimal(sums[k][1]); call.setField("proceeds", of: -2)
                call.pushDecimal(sums[k][2]); call.setField("cost", of: -2)
                call.pushDecimal(sums[k][3]); call.setField("gain", of: -2)
                call.setField(key, of: -2)
            }
        }
    }
}
