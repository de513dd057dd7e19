import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Issue 15 items 3, 15 and 16: decimals out of range are clean Lua errors naming the value,
/// never a crash, a huge allocation, a stall, NaN or a silent 0; nothing out of range is
/// written to the store.
@Suite("Decimal range through Lua")
struct DecimalRangeScriptTests {
    @Test("item 3: underflow, absurd places and digits are Lua errors, promptly", arguments: [
        (#"return D"0.1" ^ 129"#, "decimal underflow: 0.1 ^ 129"),
        (#"return D"2" ^ 1000"#, "decimal overflow: 2 ^ 1000"),
        (#"return D"1":format(2^53)"#, "places must be a whole number from 0 to 38"),
        (#"return D"1":format(400000000)"#, "places must be a whole number from 0 to 38"),
        (#"return D(("9"):rep(38)) * 10"#, "decimal overflow: " + String(repeating: "9", count: 38) + " * 10"),
        (#"return D"340282366920938463463374607431768211455" + 1"#, "decimal overflow: 340282366920938463463374607431768211455 + 1"),
        (#"return D"0.00000000000000000000000000000000000001" / 3"#, "decimal underflow"),
    ])
    func luaErrors(script: String, message: String) throws {
        try runRulesScript("expect_error(function() \(script) end, \(luaQuoted(message)))")
    }

    @Test("item 3: round with any integer places returns at once; format is bounded")
    func roundAnyPlaces() throws {
        let start = Date()
        try runRulesScript("""
        assert(D"10":round(math.maxinteger) == D"10")
        assert(D"10":round(math.mininteger) == D"0")
        assert(D"123.456":round(-(2^62)) == D"0")
        assert(D"123.456":round(-1) == D"120")
        assert(D"2.675":round(2) == D"2.68")
        assert(D"1":format(38) == "1." .. ("0"):rep(38))
        """)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test("item 16: floats and text outside the range are errors naming the value, never NaN or 0", arguments: [
        ("D(1e308)", "'1e+308' is out of the decimal range"),
        ("D(-1e308)", "'-1e+308' is out of the decimal range"),
        ("D(1e-200)", "'1e-200' is out of the decimal range: more than 38 decimal places"),
        (#"D("0." .. ("0"):rep(200) .. "1")"#, "is out of the decimal range: more than 38 decimal places"),
        (#"D(("9"):rep(40))"#, "is out of the decimal range: more than 39 digits"),
        ("D(0/0)", "is not a finite number"),
        ("D(1/0)", "is not a finite number"),
    ])
    func outOfRangeValues(expression: String, message: String) throws {
        try runRulesScript("expect_error(function() return \(expression) end, \(luaQuoted(message)))")
    }

    @Test("items 3 and 15: buys out of range are refused before writing; every written value reads back")
    func buysOutOfRange() throws {
        let tiny = "0." + String(repeating: "0", count: 69) + "1"
        try runRulesScript("""
        local a = af.create_asset{ name = "Acme", type = "stock", quantity = 1, cost_basis = 10, date = "2024-01-02" }
        local nines = D(("9"):rep(38))
        expect_error(function() a:buy{ quantity = nines, price = nines, date = "2024-01-03" } end, "Quantity 99999999999999999999999999999999999999 is out of range")
        expect_error(function() a:buy{ quantity = "\(tiny)", price = "\(tiny)", date = "2024-01-03" } end, "more than 38 decimal places")
        expect_error(function() a:buy{ quantity = D"0.0000000000000000001", price = 1, date = "2024-01-03" } end, "has more than 18 decimal places")
        expect_error(function() a:buy{ quantity = D"1000000000000000000", price = 1, date = "2024-01-03" } end, "Quantity 1000000000000000000 is out of range: it must be below 1000000000000000000.")
        expect_error(function() a:buy{ quantity = 1, price = 1, fees = D"1" .. ("0"):rep(32), date = "2024-01-03" } end, "Fees 1" .. ("0"):rep(32) .. " is out of range")
        -- nothing was written: the asset still has its one buy, and every figure reads back
        assert(#a:transactions() == 1, "a refused buy was written")
        assert(a.quantity == D"1", tostring(a.quantity))
        -- the largest trades stay below 10^21 (ConversionRange): a 29-digit total is refused
        expect_error(function() a:buy{ quantity = D"999999999999999", price = D"99999999999999.99", date = "2024-01-04" } end, "The value of a position")
        local big = a:buy{ quantity = D"999999999999999", price = D"999999.99", date = "2024-01-04" }
        assert(big.total == D"999999989999999000000.01", tostring(big.total))
        for _, t in ipairs(a:transactions()) do assert(D(t.total:exact()) == t.total and t.total.currency == "USD") end
        assert(a.quantity == D"1000000000000000" and a.current_value ~= nil and a.unrealized_gain ~= nil)
        """)
    }

    private func luaQuoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
}

@Suite("Decimal range inside bindings")
struct DecimalRangeInBindingsTests {
    @Test("a binding whose calculation goes out of range fails with the operation's error, not nil, not a crash")
    func bindingOverflow() throws {
        try runRulesScript("""
        local huge = ("9"):rep(38)
        expect_error(function() return af.returns.cumulative{ huge, huge } end, "decimal overflow")
        assert(af.returns.cumulative{ "0.10", "0.05", "-0.02" } == D"0.1319")
        """)
    }
}
