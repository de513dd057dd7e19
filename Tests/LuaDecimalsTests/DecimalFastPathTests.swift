import Core
import LuaBridge
import Testing
@testable import LuaDecimals

/// The C fast paths of decimal arithmetic and comparison (the shim's decimals.c) give
/// exactly what Core gives: the same value with the same places and sign, or the same error.
@Suite("Decimal fast paths in C")
struct DecimalFastPathTests {
    @Test("the fast paths are in use (ExactDecimal is stored as the C side reads it)")
    func available() {
        #expect(LuaState.decimalFastPathsAvailable)
    }

    /// A small deterministic generator (the same values on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 11) % max(bound, 1)
        }
    }

    /// Decimals of every size the fast paths see or refuse: small, near 2^64, beyond it, at
    /// 38 places, zero, negative.
    static func values() -> [ExactDecimal] {
        var g = Generator(state: 21)
        var texts = ["0", "1", "-1", "0.5", "-0.5", "2", "100", "0.01", "-0.01", "99.99", "1000000", "18446744073709551615",
                     "18446744073709551616", "-18446744073709551617", "9223372036854775807", "0.00000000000000000000000000000000000001",
                     "-12345678901234567890123456789.123456789", "340282366920938463463374607431768211455", "1.5", "1.50", "3", "0.3333333333"]
        for _ in 0..<90 {
            let digits = 1 + Int(g.next(24))
            var text = g.next(3) == 0 ? "-" : ""
            text += String((0..<digits).map { _ in Character(String(g.next(10))) })
            let places = Int(g.next(UInt64(min(digits, 20)) + 1))
            if places > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -places)) }
            texts.append(text)
        }
        return texts.compactMap { ExactDecimal.parseOrNil($0) }
    }

    /// Runs `run(op, a, b)` in Lua: whether it succeeded and its result.
    static let script = """
        local ops = {
          function(a, b) return a + b end, function(a, b) return a - b end, function(a, b) return a * b end,
          function(a, b) return a < b end, function(a, b) return a <= b end, function(a, b) return a == b end,
          function(a, b) return a > b end, function(a, b) return a >= b end,
        }
        function run(op, a, b) return pcall(ops[op], a, b) end
        """

    enum Outcome: Equatable {
        case value(units: UInt128, scale: UInt8, negative: Bool)
        case flag(Bool)
        case failure
    }

    static func outcome(_ value: ExactDecimal) -> Outcome { .value(units: value.units, scale: value.scale, negative: value.isNegative) }

    /// What Core computes for operation `op`.
    static func expected(_ op: Int, _ a: ExactDecimal, _ b: ExactDecimal) -> Outcome {
        do {
            switch op {
            case 1: return outcome(try a.adding(b))
            case 2: return outcome(try a.subtracting(b))
            case 3: return outcome(try a.multiplied(by: b))
            case 4: return .flag(a < b)
            case 5: return .flag(a <= b)
            case 6: return .flag(a == b)
            case 7: return .flag(a > b)
            default: return .flag(a >= b)
            }
        } catch {
            return .failure
        }
    }

    @Test("+ - * < <= == > >= equal Core's on every pair, rounded decimals too")
    func arithmetic() throws {
        let lua = try LuaState()
        lua.installDecimals()
        try lua.execute(Self.script, name: "=fast paths")
        let call = LuaCall(lua.L)
        let values = Self.values()
        var checked = 0
        for a in values {
            for (j, b) in values.enumerated() {
                for op in 1...8 {
                    call.setTop(0)
                    lua.pushGlobal("run")
                    call.pushInteger(Int64(op))
                    lua.pushDecimal(a)
                    // Every third right operand a rounded decimal (19 bytes): the same value.
                    if j % 3 == 0 { lua.pushDecimal(b, places: 2) } else { lua.pushDecimal(b) }
                    try lua.call(arguments: 3, results: 2)
                    let got: Outcome
                    if !call.boolean(at: 1) {
                        got = .failure
                    } else if let d = lua.decimalValue(at: 2) {
                        got = Self.outcome(d)
                    } else {
                        got = .flag(call.boolean(at: 2))
                    }
                    #expect(got == Self.expected(op, a, b), "\(a.plainText) op \(op) \(b.plainText)")
                    checked += 1
                }
            }
        }
        #expect(checked == values.count * values.count * 8)
    }

    @Test("errors and other operands still go to Swift, with their messages")
    func fallbacks() throws {
        let lua = try LuaState()
        lua.installDecimals()
        lua.pushFunction { call in
            call.pushOptionalDecimal(try call.decimal(at: 1))
            return 1
        }
        lua.setGlobal("D")
        try lua.execute("""
            local big = D"340282366920938463463374607431768211455"
            local ok, e = pcall(function() return big + D"1" end)
            assert(not ok and e:find("^fast paths:2: decimal overflow"), e)
            ok, e = pcall(function() return big * D"10" end)
            assert(not ok and e:find("^fast paths:4: decimal overflow"), e)
            assert(tostring(D"1.5" + 1) == "2.5" and tostring(2 * D"1.25") == "2.5" and tostring(D"1" + "0.01") == "1.01")
            assert(D"1" < 2 and 1 <= D"1" and D"0.2" > 0.1)
            ok, e = pcall(function() return D"1" + {} end)
            assert(not ok and e:find("decimal expected"), e)
            assert(tostring(D"1.10" * D"2.0") == "2.2")
            """, name: "=fast paths")
    }
}
