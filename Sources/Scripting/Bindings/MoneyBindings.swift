import Core
import LuaBridge
import LuaDecimals
import Store

/// `af.money` and the methods of money. The arithmetic and comparison metamethods are the
/// money class itself (LuaMoney); `.amount` and `.currency` are read by its `__index`, and
/// are declared here for help, the reference and the LuaLS stubs.
///
///     local m = af.net_worth()       -- 31,702.76 EUR
///     print(m.amount, m.currency)    -- 31702.75663897  EUR
///     print(m * 2, m / m)            -- 63,405.51 EUR  1
enum MoneyBindings {
    static let all: [Binding] = [function] + fields + methods

    /// `(amount, currency)`.
    struct NewMoney: LuaDecodable {
        var amount: ExactDecimal!
        var currency: String!
        static let fields: [LuaField<NewMoney>] = [
            .required("amount", \.amount, "A decimal, an integer, a decimal string or a float."),
            .required("currency", \.currency, "A currency code, any case (EUR, btc)."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(currency, date)`.
    struct Target: LuaDecodable {
        var currency: String!
        var date: CalendarDate?
        static let fields: [LuaField<Target>] = [
            .required("currency", \.currency, "The currency wanted."), .optional("date", \.date, "The day of the rate (default today)."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let function: Binding =
        .function("af", "money", NewMoney.self, returns: .value(.money),
                  "Makes money: an exact amount in a currency. It prints rounded to the currency's minor units (31,702.76 EUR), adds to money of the same currency and to decimals, and refuses to mix two currencies without a conversion.",
                  example: #"af.money("19.99", "EUR") * 3   --> 59.97 EUR"#) { _, call, args in
            call.pushMoney(args.amount, try Currency.normalize(args.currency))
            return 1
        }

    static let fields: [Binding] = [
        .field("money", "amount", .decimal, "The exact amount, a decimal.") { _, _, _ in },
        .field("money", "currency", .string, "The currency code (EUR).") { _, _, _ in },
    ]

    static let methods: [Binding] = [
        .method(MoneyValue.self, "exact", NoArguments.self, returns: .value(.string),
                "Every digit of the exact amount, without the currency (tostring rounds to the currency's minor units).",
                example: #"af.money("31702.75663897", "EUR"):exact()   --> "31702.75663897""#) { _, call, m, _ in
            call.pushString(m.amount.plainText)
            return 1
        },
        .method(MoneyValue.self, "round", DecimalBindings.Places.self, returns: .value(.money),
                "Rounded to `places` decimals (default: the currency's minor units), half away from zero.",
                example: #"af.money("2.675", "EUR"):round()   --> 2.68 EUR"#) { _, call, m, args in
            let places = args.places.map { Int(clamping: $0) } ?? DisplayFormat.minorUnits(of: m.currency)
            call.pushMoney(try m.amount.rounding(places: places), m.currency)
            return 1
        },
        .method(MoneyValue.self, "format", DecimalBindings.Places.self, returns: .value(.string),
                "The amount as text with exactly `places` decimals, 0 to 38 (default 2), without grouping or currency: for files and other programs.",
                example: #"af.money(5, "EUR"):format(2)   --> "5.00""#) { _, call, m, args in
            let places = args.places ?? 2
            guard places >= 0, places <= Int64(ExactDecimal.maxScale) else {
                throw LuaArgumentError("money:format: places must be a whole number from 0 to \(ExactDecimal.maxScale), got \(places)")
            }
            call.pushString(m.amount.fixedText(places: Int(places)))
            return 1
        },
        .method(MoneyValue.self, "eq", DecimalBindings.Value.self, returns: .value(.boolean),
                "Equality of amounts with money of the same currency (other currencies are an error), a decimal, an integer, a string or a float.",
                example: #"af.money(5, "EUR"):eq(5)   --> true"#) { _, call, m, _ in
            if let other = call.state.moneyValue(at: 2), other.currency != m.currency {
                throw LuaArgumentError("money:eq: cannot compare \(m.displayText) and \(other.displayText): different currencies (\(m.currency), \(other.currency)); convert one first")
            }
            call.pushBoolean(m.amount == (try call.decimal(at: 2)))
            return 1
        },
        .method(MoneyValue.self, "abs", NoArguments.self, returns: .value(.money), "The absolute amount, in the same currency.",
                example: #"af.money(-2.5, "EUR"):abs()   --> 2.50 EUR"#) { _, call, m, _ in
            call.pushMoney(m.amount.magnitude, m.currency)
            return 1
        },
        .method(MoneyValue.self, "convert", Target.self, returns: .values([LuaRecordField("money", .money), LuaRecordField("how", CurrencyBindings.howConverted)]),
                "The same money in `currency`, at the rate of `date` (default today), else the latest earlier one, as af.convert.",
                example: #"local usd, how = af.money(100, "EUR"):convert("USD", "2024-03-02")"#) { env, call, m, args in
            let date = args.date ?? env.session.today
            let target = try Currency.normalize(args.currency)
            let result = try env.session.rateTable(for: [m.currency, target], through: date).convert(m.amount, from: m.currency, to: target, on: date)
            call.pushMoney(result.amount, target)
            CurrencyBindings.pushAppliedRate(result.rate, call)
            return 2
        },
        .method(MoneyValue.self, "tonumber", NoArguments.self, returns: .value(.number),
                "A binary float approximation of the amount (lossy: for plotting, never for money).",
                example: #"af.money("0.5", "EUR"):tonumber()   --> 0.5"#) { _, call, m, _ in
            call.pushNumber(m.amount.doubleValue)
            return 1
        },
    ]
}

extension MoneyValue: LuaReadable {
    public static var luaType: LuaType { .money }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> MoneyValue {
        guard let m = reader.call.state.moneyValue(at: index) else { throw LuaFieldProblem("money expected, got \(reader.call.typeName(at: index))") }
        return m
    }
}
