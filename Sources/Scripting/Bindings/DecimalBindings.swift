import Core
import LuaBridge

/// `af.D` and friends: making and comparing exact decimals.
enum DecimalBindings {
    static let all: [Binding] = [
        .function("af", "D", "(value) -> decimal",
                  "Makes an exact decimal from a string, an integer, a float (its shortest text) or a decimal. Also the global D.",
                  example: #"D"12.30" + 1   --> 13.3"#) { _, call in
            guard let value = try call.decimal(at: 1) else { throw LuaArgumentError("af.D: a value is required, as in D\"12.30\"") }
            call.pushDecimal(value)
            return 1
        },
        .function("af", "eq", "(a, b) -> boolean",
                  "True when two values are equal as decimals. Needed because Lua's == never compares a decimal with a number.",
                  example: #"af.eq(D"1.0", 1)   --> true"#) { _, call in
            guard let a = try call.decimal(at: 1), let b = try call.decimal(at: 2) else { throw LuaArgumentError("af.eq: two values expected") }
            call.pushBoolean(a == b)
            return 1
        },
        .method("decimal", "round", "(places) -> decimal", "Rounded to `places` decimals, half away from zero.", example: #"D"2.675":round(2)   --> 2.68"#) { _, _ in 0 },
        .method("decimal", "format", "(places) -> string", "Text with exactly `places` decimals, 0 to 38 (default 2).", example: #"D"5":format(2)   --> "5.00""#) { _, _ in 0 },
        .method("decimal", "eq", "(other) -> boolean", "Equality with a decimal, integer, string or float.", example: #"D"1":eq(1)   --> true"#) { _, _ in 0 },
        .method("decimal", "abs", "() -> decimal", "The absolute value.") { _, _ in 0 },
        .method("decimal", "tonumber", "() -> number", "A binary float approximation (lossy: for plotting, never for money).") { _, _ in 0 },
    ]
}
