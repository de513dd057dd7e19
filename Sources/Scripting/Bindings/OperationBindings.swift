import Core
import LuaBridge
import LuaDecimals
import Store

/// The operations a broker's history needs beyond buys and sells (issue 21): splits, stock
/// dividends, rewards, transfers with their cost, renames, dividends with withholding tax,
/// fees, taxes, deposits, withdrawals and currency conversions. Each runs one Core command
/// (`Sources/Core/Commands/Operations/`), whose file holds its rules.
enum OperationBindings {
    /// The `af` functions; the Asset methods and fields are listed with the others of
    /// their class (`AssetBindings.all`), where the reference groups them.
    static let all: [Binding] = functions
    static let asset: [Binding] = assetMethods + incomeFields

    // MARK: Asset methods

    /// `{ratio, units, date, note}` of `a:split{…}`.
    struct SplitArguments: LuaDecodable {
        var ratio: String?
        var units: ExactDecimal?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<SplitArguments>] = [
            .optional("ratio", \.ratio, "new:old, \"3:1\" (split) or \"1:10\" (reverse split)."),
            .optional("units", \.units, "Instead of a ratio: the units added (negative: taken away)."),
            .optional("date", \.date, "Default today; the units held at the end of that day are split."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `{quantity, price, date, note}`.
    struct UnitsIn: LuaDecodable {
        var quantity: ExactDecimal!
        var price: ExactDecimal?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<UnitsIn>] = [
            .required("quantity", \.quantity, "Units received, > 0."),
            .optional("price", \.price, "Value of one unit (rewards; default the current price)."),
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `{quantity, cost_basis, acquired, date, note}`.
    struct TransferArguments: LuaDecodable {
        var quantity: ExactDecimal!
        var costBasis: ExactDecimal!
        var acquired: CalendarDate?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<TransferArguments>] = [
            .required("quantity", \.quantity, "Units arriving, > 0."),
            .required("cost_basis", \.costBasis, "What they cost in total, ≥ 0."),
            .optional("acquired", \.acquired, "When they were bought (kept in the note)."),
            .optional("date", \.date, "Date of the transfer; default today."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `{to, quantity, to_quantity, date, note}` of `a:move{…}`.
    struct MoveArguments: LuaDecodable {
        var to: Asset!
        var quantity: ExactDecimal!
        var toQuantity: ExactDecimal?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<MoveArguments>] = [
            .required("to", \.to, "The asset receiving the units: the same security on another platform."),
            .required("quantity", \.quantity, "Units moved, > 0."),
            .optional("to_quantity", \.toQuantity, "Units arriving, when the record counts them otherwise (default: quantity)."),
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text (default: \"Moved to …\" / \"Moved from …\")."),
        ]
    }

    /// `{new_asset, quantity, cost_fraction, date, note}` of `a:spin_off{…}`.
    struct SpinOffArguments: LuaDecodable {
        var newAsset: Asset!
        var quantity: ExactDecimal!
        var costFraction: ExactDecimal!
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<SpinOffArguments>] = [
            .required("new_asset", \.newAsset, "The asset spun off (create it first)."),
            .required("quantity", \.quantity, "Its units received, > 0."),
            .required("cost_fraction", \.costFraction, "The fraction of this asset's cost basis that moves to it, 0 < f < 1 (0.2 for 20 %)."),
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `{new_asset, ratio, quantity, date, note}` of `a:merge{…}`.
    struct MergerArguments: LuaDecodable {
        var newAsset: Asset!
        var ratio: String?
        var quantity: ExactDecimal?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<MergerArguments>] = [
            .required("new_asset", \.newAsset, "The asset received in exchange (create it first)."),
            .optional("ratio", \.ratio, "new:old, \"3:2\": 2 units held become 3 (to 8 decimals, rounded down)."),
            .optional("quantity", \.quantity, "Instead of a ratio: the units received."),
            .optional("date", \.date, "Default today; everything held at the end of that day is exchanged."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// The two linked halves a move, merger or spin-off returns.
    static let pairReturn = LuaResult.values([LuaRecordField("out", .object("Transaction")), LuaRecordField("into", .object("Transaction"))])

    static let movements: [Binding] = [
        .method(Asset.self, "move", MoveArguments.self, returns: pairReturn,
                "Moves units to the same security on another platform: a transfer out and a transfer in, linked, all or nothing; the cost basis goes with them and the lots keep their dates.",
                example: #"a:move{ to = "AAPL (Schwab)", quantity = 5, date = "2024-06-10" }"#) { env, _, asset, args in
            let pair = try env.session.execute(MoveUnits(from: asset.id!, to: args.to.id!, quantity: args.quantity, toQuantity: args.toQuantity,
                                                         date: args.date, note: args.note))
            env.pushTransaction(pair.out.id!)
            env.pushTransaction(pair.in.id!)
            return 2
        },
        .method(Asset.self, "spin_off", SpinOffArguments.self, returns: pairReturn,
                "Records a spin-off: units of `new_asset` arrive with `cost_fraction` of this asset's cost basis; this asset keeps its units; the new lots take the old lots' dates.",
                example: #"a:spin_off{ new_asset = "Solventum", quantity = 25, cost_fraction = "0.2", date = "2024-04-01" }"#) { env, _, asset, args in
            let pair = try env.session.execute(SpinOff(parent: asset.id!, child: args.newAsset.id!, units: args.quantity, costFraction: args.costFraction,
                                                       date: args.date, note: args.note))
            env.pushTransaction(pair.parent.id!)
            env.pushTransaction(pair.child.id!)
            return 2
        },
        .method(Asset.self, "merge", MergerArguments.self, returns: pairReturn,
                "Records a merger: everything held leaves and `new_asset` arrives at `ratio` (or `quantity` units), the cost basis carried and the lots' dates kept.",
                example: #"a:merge{ new_asset = "NewCo", ratio = "3:2", date = "2024-09-02" }"#) { env, _, asset, args in
            let ratio = try args.ratio.map { try SplitRatio($0, allowsOne: true) }
            let pair = try env.session.execute(Merger(from: asset.id!, to: args.newAsset.id!, ratio: ratio, toQuantity: args.quantity,
                                                      date: args.date, note: args.note))
            env.pushTransaction(pair.out.id!)
            env.pushTransaction(pair.in.id!)
            return 2
        },
    ]

    static let assetMethods: [Binding] = movements + [
        .method(Asset.self, "split", SplitArguments.self, returns: .value(.object("Transaction")),
                "Splits the units held at the end of `date`: quantity × new ÷ old (to 8 decimals); cost basis and dates do not change, so the average cost follows.",
                example: #"a:split{ ratio = "3:1", date = "2024-06-10" }"#) { env, _, asset, args in
            let ratio = try args.ratio.map { try SplitRatio($0) }
            env.pushTransaction(try env.session.execute(Split(asset: asset.id!, ratio: ratio, units: args.units, date: args.date, note: args.note)).id!)
            return 1
        },
        .method(Asset.self, "stock_dividend", UnitsIn.self, returns: .value(.object("Transaction")),
                "Records a dividend paid in units: they come at no cost (the cost basis stays, the average falls).",
                example: #"a:stock_dividend{ quantity = 2, date = "2024-06-10" }"#) { env, _, asset, args in
            env.pushTransaction(try env.session.execute(StockDividend(asset: asset.id!, units: args.quantity, date: args.date, note: args.note)).id!)
            return 1
        },
        .method(Asset.self, "reward", UnitsIn.self, returns: .value(.object("Transaction")),
                "Records a reward in kind (staking, a free share): income of the asset itself at `price`, which becomes their cost.",
                example: #"a:reward{ quantity = "0.01", price = "2000", date = "2024-06-10" }"#) { env, _, asset, args in
            env.pushTransaction(try env.session.execute(Reward(asset: asset.id!, quantity: args.quantity, price: args.price, date: args.date, note: args.note)).id!)
            return 1
        },
        .method(Asset.self, "transfer_in_with_cost", TransferArguments.self, returns: .value(.object("Transaction")),
                "Records units moved in from another broker with their total cost basis (exact) and acquisition date.",
                example: #"a:transfer_in_with_cost{ quantity = 10, cost_basis = "1234.56", acquired = "2019-03-01", date = "2024-01-05" }"#) { env, _, asset, args in
            let t = try env.session.execute(TransferInWithCost(asset: asset.id!, quantity: args.quantity, costBasis: args.costBasis, acquired: args.acquired,
                                                               date: args.date, note: args.note))
            env.pushTransaction(t.id!)
            return 1
        },
        .method(Asset.self, "rename", AfBindings.Named.self, returns: .value(.object("Asset")),
                "Renames the asset (a ticker change, a merger that keeps the holding); its history stays.",
                example: #"a:rename("Meta Platforms")"#) { env, _, asset, args in
            env.pushAsset(try env.session.execute(RenameAsset(asset: asset.id!, name: args.name)).id!)
            return 1
        },
    ]

    // MARK: Functions

    /// `{asset, source, gross, tax, net, date, note}`.
    struct TaxedDividendArguments: LuaDecodable {
        var asset: Asset!
        var source: Asset!
        var gross: ExactDecimal?
        var tax: ExactDecimal?
        var net: ExactDecimal?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<TaxedDividendArguments>] = [
            .required("asset", \.asset, "The cash asset paid into."),
            .required("source", \.source, "The asset that pays."),
            .optional("gross", \.gross, "The dividend before tax."),
            .optional("tax", \.tax, "The tax withheld."),
            .optional("net", \.net, "What arrived (two of gross, tax, net)."),
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text."),
        ]
    }

    /// `{asset, amount, source, date, note}` of a fee, tax, deposit or withdrawal.
    struct CashArguments: LuaDecodable {
        var asset: Asset!
        var amount: ExactDecimal!
        var source: Asset?
        var date: CalendarDate?
        var note = ""
        static let fields: [LuaField<CashArguments>] = [
            .required("asset", \.asset, "The (cash) asset the money moves in or out of."),
            .required("amount", \.amount, "The amount, > 0."),
            .optional("source", \.source, "Fees and taxes: the asset they are about."),
            .optional("date", \.date, "Default today."),
            .optional("note", \.note, "Free text (a fee's kind: custody, advisor, ADR…)."),
        ]
    }

    /// `{from, to, amount, to_amount, date}`.
    struct ConvertArguments: LuaDecodable {
        var from: Asset!
        var to: Asset!
        var amount: ExactDecimal!
        var toAmount: ExactDecimal!
        var date: CalendarDate?
        static let fields: [LuaField<ConvertArguments>] = [
            .required("from", \.from, "The cash asset paying."),
            .required("to", \.to, "The cash asset receiving."),
            .required("amount", \.amount, "What leaves `from`."),
            .required("to_amount", \.toAmount, "What arrives in `to` (the broker's rate is their ratio)."),
            .optional("date", \.date, "Default today."),
        ]
    }

    static func cash(_ name: String, _ summary: String, example: String,
                     _ command: @escaping (CashArguments) -> any Command) -> Binding {
        .function("af", name, CashArguments.self, returns: .value(.object("Transaction")), summary, example: example) { env, _, a in
            let made = try env.session.execute(command(a))
            guard let t = made as? Transaction else { return 0 }
            env.pushTransaction(t.id!)
            return 1
        }
    }

    static let functions: [Binding] = [
        .function("af", "dividend_with_tax", TaxedDividendArguments.self,
                  returns: .values([LuaRecordField("dividend", .object("Transaction")), LuaRecordField("tax", .optional(.object("Transaction")))]),
                  "Records a dividend (gross) into the cash asset and the tax withheld out of it, linked: cash grows by the net. Give two of gross, tax, net.",
                  example: #"af.dividend_with_tax{ asset = "Cash", source = "KO", gross = "100", tax = "15", date = "2024-04-01" }"#) { env, call, a in
            let pair = try env.session.execute(DividendWithTax(asset: a.asset.id!, source: a.source.id!, gross: a.gross, tax: a.tax, net: a.net,
                                                               date: a.date, note: a.note))
            env.pushTransaction(pair.dividend.id!)
            if let tax = pair.tax { env.pushTransaction(tax.id!) } else { call.pushNil() }
            return 2
        },
        cash("fee", "Records a fee (custody, advisor, ADR…) paid out of an asset: a cost, realized as a loss, not a withdrawal.",
             example: #"af.fee{ asset = "Cash", amount = "2.50", note = "custody", date = "2024-04-01" }"#) {
            Fee(asset: $0.asset.id!, amount: $0.amount, source: $0.source?.id, date: $0.date, note: $0.note)
        },
        cash("tax", "Records a tax paid out of an asset (withholding on `source`'s income): a cost, realized as a loss.",
             example: #"af.tax{ asset = "Cash", amount = "4.50", source = "KO", date = "2024-04-01" }"#) {
            Tax(asset: $0.asset.id!, amount: $0.amount, source: $0.source?.id, date: $0.date, note: $0.note)
        },
        cash("deposit", "Records money paid into a cash asset from outside the portfolio.",
             example: #"af.deposit{ asset = "Cash", amount = 1000, date = "2024-01-02" }"#) {
            Deposit(asset: $0.asset.id!, amount: $0.amount, date: $0.date, note: $0.note)
        },
        cash("withdraw", "Records money taken out of a cash asset; refused beyond the amount held on its date.",
             example: #"af.withdraw{ asset = "Cash", amount = 200, date = "2024-05-02" }"#) {
            Withdrawal(asset: $0.asset.id!, amount: $0.amount, date: $0.date, note: $0.note)
        },
        .function("af", "convert_cash", ConvertArguments.self, returns: .values([LuaRecordField("sell", .object("Transaction")), LuaRecordField("buy", .object("Transaction"))]),
                  "Converts between two cash assets at the broker's rate (to_amount ÷ amount): two linked legs.",
                  example: #"af.convert_cash{ from = "Cash EUR", to = "Cash USD", amount = 1000, to_amount = "1085.20", date = "2024-02-01" }"#) { env, _, a in
            let pair = try env.session.execute(ConvertCurrency(from: a.from.id!, to: a.to.id!, amount: a.amount, toAmount: a.toAmount, date: a.date))
            env.pushTransaction(pair.sell.id!)
            env.pushTransaction(pair.buy.id!)
            return 2
        },
    ]

    // MARK: Income fields

    static let incomeFields: [Binding] = [
        .field("Asset", "withholding_tax", .union([.money, .decimal]), "Σ taxes withheld on the income this asset paid (as source); labelled as `income` is.") { env, call, id in
            try AssetBindings.pushIncome(try env.session.incomeBreakdown(fromSource: id).tax, fromSource: id, env, call)
        },
        .field("Asset", "net_income", .union([.money, .decimal]), "income − withholding_tax; labelled as `income` is.") { env, call, id in
            try AssetBindings.pushIncome(try env.session.incomeBreakdown(fromSource: id).net, fromSource: id, env, call)
        },
    ]
}
