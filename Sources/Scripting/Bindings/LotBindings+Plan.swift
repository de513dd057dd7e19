import Core
import LuaBridge
import LuaDecimals
import Store

/// `a:plan_sale{…}`: which lots to sell, decided lot by lot by a rule the user writes.
extension LotBindings {
    /// `{amount, price, order, date, whole_units, rule}`.
    struct SalePlan: LuaDecodable {
        var amount: ExactDecimal?
        var price: ExactDecimal?
        var order = LotMethod.fifo
        var date: CalendarDate?
        var wholeUnits = false
        static let fields: [LuaField<SalePlan>] = [
            .optional("amount", \.amount, "Stop once the proceeds (quantity × price) reach this much (default: no limit)."),
            .optional("price", \.price, "Price per unit (default: the current price)."),
            .optional("order", \.order, "The order the lots are offered in: fifo (default), lifo or hifo."),
            .optional("date", \.date, "The day of the sale (default today): the lots open then, their terms then."),
            .optional("whole_units", \.wholeUnits, "Take whole units only."),
            .declared("rule", .function, "function(lot, plan) returning the units of this lot to sell (true: all it may, nil or 0: none); default: all."),
        ]
    }

    static let planRow = LuaType.record([LuaRecordField("lots", .list(.record([LuaRecordField("acquired", .date), LuaRecordField("quantity", .decimal)]))),
                                         LuaRecordField("pieces", .list(.table)), LuaRecordField("quantity", .decimal), LuaRecordField("price", .decimal),
                                         LuaRecordField("proceeds", .decimal), LuaRecordField("cost", .decimal), LuaRecordField("gain", .decimal)])

    static let planSale = Binding.method(Asset.self, "plan_sale", SalePlan.self, returns: .value(planRow),
        "Plans a sale lot by lot: each open lot (in order) goes to rule(lot, plan), where lot has acquired, quantity, cost_per_unit, cost, gain_per_unit, gain, term, holding_days and plan the running quantity, proceeds, cost, gain and amount; the rule returns how many units to sell. Returns {lots, pieces, quantity, price, proceeds, cost, gain}; a:sell{ quantity = p.quantity, price = p.price, lots = p.lots } records it. Nothing is written.",
        example: #"local p = a:plan_sale{ amount = 5000, order = "hifo" } a:sell{ quantity = p.quantity, price = p.price, lots = p.lots }"#) { env, call, asset, args in
        let price = try args.price ?? env.session.valuation(ofAsset: asset.id!).currentPrice
        guard price > 0 else { throw RuleViolation(TransactionRules.priceRequiredMessage, rule: .required, asset: asset.name) }
        guard args.order != .average, args.order != .specific else {
            throw LuaArgumentError("Asset:plan_sale: field 'order': fifo, lifo or hifo expected, got \(args.order.rawValue)")
        }
        let rule: Int32? = call.isTable(at: 2) && call.rawField("rule", of: 2) != LuaTypeCode.nil ? call.argumentCount : nil
        if rule == nil, call.isTable(at: 2) { call.pop() }
        if let rule, call.type(at: rule) != LuaTypeCode.function {
            throw LuaArgumentError("Asset:plan_sale: field 'rule': a function(lot, plan) expected, got \(call.typeName(at: rule))")
        }
        // The lots a sale could name: those open under "specific" (earlier sales' choices
        // applied), offered in the order asked.
        let open = try env.session.openLots(ofAsset: asset.id!, method: .specific, on: args.date)
        var plan = Plan(price: price, amount: args.amount)
        for row in ordered(open, args.order) {
            guard let room = plan.room(whole: args.wholeUnits), room > 0 || args.amount == nil else { break }
            var units = row.lot.quantity
            if let rule { units = try ask(rule, row, plan, call, env) ?? 0 }
            units = min(units, row.lot.quantity, args.amount == nil ? units : room)
            if args.wholeUnits { units = units.rounded(places: 0, mode: .down) }
            if units > 0 { plan.add(row, units) }
        }
        if let rule { call.remove(at: rule) }
        plan.push(call, env)
        return 1
    }

    static func ordered(_ rows: [OpenLotRow], _ order: LotMethod) -> [OpenLotRow] {
        switch order {
        case .lifo: rows.reversed()
        case .hifo: rows.enumerated().sorted { a, b in
            let x = a.element.lot, y = b.element.lot
            let left = x.cost * y.quantity, right = y.cost * x.quantity
            return left != right ? left > right : a.offset < b.offset
        }.map(\.element)
        default: rows
        }
    }

    /// Calls the rule with the lot and the plan so far; its answer in units (nil: none).
    static func ask(_ rule: Int32, _ row: OpenLotRow, _ plan: Plan, _ call: LuaCall, _ env: ScriptEnvironment) throws -> ExactDecimal? {
        try call.callFunction(at: rule, results: 1) {
            let lot = row.lot
            call.newTable(fieldCount: 8)
            call.pushString(lot.acquired.description); call.setField("acquired", of: -2)
            call.pushDecimal(lot.quantity); call.setField("quantity", of: -2)
            call.pushDecimal(lot.costPerUnit); call.setField("cost_per_unit", of: -2)
            call.pushDecimal(lot.cost); call.setField("cost", of: -2)
            call.pushDecimal(plan.price - lot.costPerUnit); call.setField("gain_per_unit", of: -2)
            call.pushDecimal(plan.price * lot.quantity - lot.cost); call.setField("gain", of: -2)
            call.pushString(row.term.rawValue); call.setField("term", of: -2)
            call.pushInteger(Int64(row.holdingDays)); call.setField("holding_days", of: -2)
            plan.pushTotals(call)
            return 2
        }
        defer { call.pop() }
        if call.type(at: -1) == LuaTypeCode.boolean { return call.boolean(at: -1) ? row.lot.quantity : nil }
        do { return try call.decimal(at: -1) } catch {
            throw LuaArgumentError("Asset:plan_sale: the rule must return a number of units, true or nil, not \(call.typeName(at: -1))")
        }
    }

    /// The sale planned so far.
    struct Plan {
        let price: ExactDecimal
        let amount: ExactDecimal?
        var pieces: [(row: OpenLotRow, units: ExactDecimal)] = []
        var quantity: ExactDecimal = 0
        var cost: ExactDecimal = 0
        var proceeds: ExactDecimal { quantity * price }
        var gain: ExactDecimal { proceeds - cost }

        /// Units the amount still allows (nil: the amount is reached).
        func room(whole: Bool) -> ExactDecimal? {
            guard let amount else { return 0 }
            guard proceeds < amount, price > 0 else { return nil }
            let units: ExactDecimal = (amount - proceeds) / price
            return whole ? units.rounded(places: 0, mode: .down) : units
        }

        mutating func add(_ row: OpenLotRow, _ units: ExactDecimal) {
            pieces.append((row, units))
            quantity = quantity + units
            cost = cost + (units == row.lot.quantity ? row.lot.cost : row.lot.cost.times(units, dividedBy: row.lot.quantity))
        }

        func pushTotals(_ call: LuaCall) {
            call.newTable(fieldCount: 5)
            call.pushDecimal(quantity); call.setField("quantity", of: -2)
            call.pushDecimal(proceeds); call.setField("proceeds", of: -2)
            call.pushDecimal(cost); call.setField("cost", of: -2)
            call.pushDecimal(gain); call.setField("gain", of: -2)
            if let amount { call.pushDecimal(amount); call.setField("amount", of: -2) }
        }

        func push(_ call: LuaCall, _ env: ScriptEnvironment) {
            pushTotals(call)
            call.pushDecimal(price); call.setField("price", of: -2)
            env.pushList(pieces, call) { piece in
                call.newTable(fieldCount: 2)
                call.pushString(piece.row.lot.acquired.description); call.setField("acquired", of: -2)
                call.pushDecimal(piece.units); call.setField("quantity", of: -2)
            }
            call.setField("lots", of: -2)
            env.pushList(pieces, call) { piece in
                let lot = piece.row.lot
                let cost = piece.units == lot.quantity ? lot.cost : lot.cost.times(piece.units, dividedBy: lot.quantity)
                call.newTable(fieldCount: 7)
                call.pushString(lot.acquired.description); call.setField("acquired", of: -2)
                call.pushDecimal(piece.units); call.setField("quantity", of: -2)
                call.pushDecimal(piece.units * price); call.setField("proceeds", of: -2)
                call.pushDecimal(cost); call.setField("cost", of: -2)
                call.pushDecimal(piece.units * price - cost); call.setField("gain", of: -2)
                call.pushString(piece.row.term.rawValue); call.setField("term", of: -2)
                call.pushInteger(Int64(piece.row.holdingDays)); call.setField("holding_days", of: -2)
            }
            call.setField("pieces", of: -2)
        }
    }
}

/// `af.long_term_days(type)` and `af.set_long_term_days(days, type)`.
enum SettingsLots {
    /// `(type)`.
    struct OfType: LuaDecodable {
        var type: AssetType?
        static let fields: [LuaField<OfType>] = [.optional("type", \.type, "An asset type with its own threshold (default: the general one).")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(days, type)`.
    struct Days: LuaDecodable {
        var days: Int64?
        var type: AssetType?
        static let fields: [LuaField<Days>] = [
            .optional("days", \.days, "Days after which a lot is long term; nil clears the setting."),
            .optional("type", \.type, "Only for assets of this type."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let all: [Binding] = [
        .function("af", "long_term_days", OfType.self, returns: .value(.integer),
                  "After how many days a lot is long term (more than this many days held): for an asset type, else in general (365 when unset).",
                  example: #"print(af.long_term_days(), af.long_term_days("crypto"))"#) { env, call, args in
            let days = try args.type.map { try env.session.holdingPeriod(for: $0).longTermDays }
                ?? SetLongTermDays.period(for: .other) { key in key == SetLongTermDays.settingKey ? try env.session.setting(key) : nil }.longTermDays
            call.pushInteger(Int64(days))
            return 1
        },
        .function("af", "set_long_term_days", Days.self, returns: .none,
                  "Sets after how many days a lot is long term, in general or for one asset type (which then wins); nil clears it.",
                  example: #"af.set_long_term_days(365) af.set_long_term_days(365, "crypto")"#) { env, _, args in
            try env.session.execute(SetLongTermDays(days: args.days.map { Int($0) }, type: args.type))
            return 0
        },
    ]
}
