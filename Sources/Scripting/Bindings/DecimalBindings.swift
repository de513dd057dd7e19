import Core
import Foundation
import LuaBridge
import LuaDecimals

/// `af.D`, `af.eq` and the methods of decimals. The arithmetic metamethods (`+`, `<`, `..`)
/// are the decimal class itself (LuaDecimal); everything a script calls by name is here.
enum DecimalBindings {
    static let all: [Binding] = functions + methods

    /// `(value)`: anything that reads as a decimal.
    struct Value: LuaDecodable {
        var value: ExactDecimal!
        static let fields: [LuaField<Value>] = [.required("value", \.value, "A decimal, an integer, a decimal string or a float.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(a, b)`: two values compared as decimals.
    struct Pair: LuaDecodable {
        var a: ExactDecimal!
        var b: ExactDecimal!
        static let fields: [LuaField<Pair>] = [.required("a", \.a), .required("b", \.b)]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(places)`, with the default of each method.
    struct Places: LuaDecodable {
        var places: Int64?
        static let fields: [LuaField<Places>] = [.optional("places", \.places, "Decimal places.")]
        static let layout = LuaArgumentLayout.positional
    }

    static let functions: [Binding] = [
        .function("af", "D", Value.self, returns: .value(.decimal),
                  "Makes an exact decimal from a string, an integer, a float (its shortest text) or a decimal. Also the global D.",
                  example: #"D"12.30" + 1   --> 13.3"#, global: "D") { _, call, args in
            call.pushDecimal(args.value)
            return 1
        },
        .function("af", "eq", Pair.self, returns: .value(.boolean),
                  "True when two values are equal as decimals. Needed because Lua's == never compares a decimal with a number.",
                  example: #"af.eq(D"1.0", 1)   --> true"#) { _, call, args in
            call.pushBoolean(args.a == args.b)
            return 1
        },
    ]

    static let methods: [Binding] = [
        .method(ExactDecimal.self, "round", Places.self, returns: .value(.decimal), "Rounded to `places` decimals (default 0), half away from zero; it prints with those places (13315.00).",
                example: #"D"2.675":round(2)   --> 2.68"#) { _, call, d, args in
            // Any integer is fine: rounding is constant-time whatever the places.
            // A range error is the Lua error; the result shows the places it was rounded to.
            let places = Int(clamping: args.places ?? 0)
            call.state.pushDecimal(try d.rounding(places: places), places: places)
            return 1
        },
        .method(ExactDecimal.self, "format", Places.self, returns: .value(.string), "Text with exactly `places` decimals, 0 to 38 (default 2).",
                example: #"D"5":format(2)   --> "5.00""#) { _, call, d, args in
            // Bounded: past 38 places every digit is a zero, and a huge count would only
            // allocate (D"1":format(2^53) must not ask for petabytes).
            let places = args.places ?? 2
            guard places >= 0, places <= Int64(ExactDecimal.maxScale) else {
                throw LuaArgumentError("decimal:format: places must be a whole number from 0 to \(ExactDecimal.maxScale), got \(places)")
            }
            call.pushString(d.fixedText(places: Int(places)))
            return 1
        },
        .method(ExactDecimal.self, "exact", NoArguments.self, returns: .value(.string),
                "Every digit of the exact value, trailing zeros trimmed (tostring shows at most 8 places).",
                example: #"(D"1" / 3):exact()   --> "0.33333333333333333333333333333333333333""#) { _, call, d, _ in
            call.pushString(d.plainText)
            return 1
        },
        .method(ExactDecimal.self, "eq", Value.self, returns: .value(.boolean), "Equality with a decimal, integer, string or float.",
                example: #"D"1":eq(1)   --> true"#) { _, call, d, other in
            call.pushBoolean(d == other.value)
            return 1
        },
        .method(ExactDecimal.self, "abs", NoArguments.self, returns: .value(.decimal), "The absolute value.", example: #"D"-2.5":abs()   --> 2.5"#) { _, call, d, _ in
            call.pushDecimal(d < 0 ? -d : d)
            return 1
        },
        .method(ExactDecimal.self, "tonumber", NoArguments.self, returns: .value(.number),
                "A binary float approximation (lossy: for plotting, never for money).",
                example: #"D"0.5":tonumber()   --> 0.5"#) { _, call, d, _ in
            call.pushNumber(d.doubleValue)
            return 1
        },
    ]
}
