import Core
import LuaBridge
import Testing
@testable import LuaDecimals

@Suite("Money in Lua")
struct LuaMoneyTests {
    /// A state with decimals, money and two constructors: `D(x)` and `M(amount, code)`.
    func check(_ source: String) throws {
        let lua = try LuaState()
        lua.installDecimals()
        lua.pushFunction { call in
            guard let v = try call.decimal(at: 1) else { return 0 }
            call.pushDecimal(v)
            return 1
        }
        lua.setGlobal("D")
        lua.pushFunction { call in
            guard let v = try call.decimal(at: 1), let code = call.string(at: 2) else { return 0 }
            call.pushMoney(v, code)
            return 1
        }
        lua.setGlobal("M")
        try lua.execute(source, name: "=money")
    }

    @Test("prints grouped in its currency's minor units with its code; the amount stays exact")
    func printing() throws {
        try check("""
            local m = M("31702.75663897", "EUR")
            assert(tostring(m) == "31,702.76 EUR", tostring(m))
            assert(tostring(M("-1234567.5", "USD")) == "-1,234,567.50 USD")
            assert(tostring(M("1234.5", "JPY")) == "1,235 JPY" and tostring(M("0.123456789", "BTC")) == "0.12345679 BTC")
            assert(tostring(M(0, "EUR")) == "0.00 EUR" and tostring(M("999.995", "EUR")) == "1,000.00 EUR")
            assert(m.amount == D"31702.75663897" and m.currency == "EUR")
            assert(("x" .. m) == "x31,702.76 EUR" and (m .. "!") == "31,702.76 EUR!")
            """)
    }

    @Test("arithmetic is exact and keeps the currency; money ÷ money is a ratio")
    func arithmetic() throws {
        try check("""
            local a, b = M("0.1", "EUR"), M("0.2", "EUR")
            assert((a + b).amount == D"0.3" and (a + b).currency == "EUR")
            assert((M("10", "USD") - 1).amount == D"9" and (1 - M("10", "USD")).amount == D"-9")
            assert((M("10", "USD") - M("2.5", "USD")).amount == D"7.5")
            assert((M("19.99", "EUR") * 3).amount == D"59.97" and (3 * M("19.99", "EUR")).currency == "EUR")
            assert((D"2" * M("1.5", "EUR")).amount == D"3" and (M("1.5", "EUR") + D"2").currency == "EUR")
            local third = M("1", "EUR") / 3
            assert(third.currency == "EUR" and third * 3 < M("1", "EUR"), "exact inside: 0.333… × 3 < 1")
            assert(tostring(third) == "0.33 EUR")
            local ratio = M("30", "EUR") / M("120", "EUR")
            assert(getmetatable(ratio) == getmetatable(D"1") and ratio == D"0.25", "money ÷ money is a decimal")
            assert((-M("5", "EUR")).amount == D"-5" and (M("7", "EUR") % 3).amount == D"1")
            assert((M("0.1", "EUR") + "0.2").amount == D"0.3" and (M("1", "EUR") + 0.5).amount == D"1.5")
            """)
    }

    @Test("two currencies are refused, naming both; so are money × money, decimal ÷ money and powers")
    func refusals() throws {
        try check("""
            local eur, usd = M("10", "EUR"), M("5", "USD")
            local function fails(f, text)
              local ok, e = pcall(f)
              assert(not ok and tostring(e):find(text, 1, true), tostring(e))
            end
            fails(function() return eur + usd end, "cannot add 10.00 EUR and 5.00 USD: different currencies (EUR, USD)")
            fails(function() return eur - usd end, "cannot subtract 5.00 USD from 10.00 EUR: different currencies (EUR, USD)")
            fails(function() return eur < usd end, "cannot compare 10.00 EUR and 5.00 USD")
            fails(function() return eur <= usd end, "different currencies (EUR, USD)")
            fails(function() return eur == usd end, "different currencies (EUR, USD)")
            fails(function() return eur / usd end, "different currencies (EUR, USD)")
            fails(function() return eur * eur end, "cannot multiply money by money")
            fails(function() return 1 / eur end, "cannot divide a decimal by money")
            fails(function() return eur ^ 2 end, "money cannot be raised to a power")
            fails(function() return eur / 0 end, "division by zero")
            fails(function() return eur + "12abc" end, "'12abc' is not a valid decimal number")
            """)
    }

    @Test("equality and ordering: amounts within a currency, and against numbers and decimals")
    func comparison() throws {
        try check("""
            local a, b = M("10", "EUR"), M("10.00", "EUR")
            assert(a == b and not (a ~= b) and a <= b and not (a < b))
            assert(M("9.99", "EUR") < a and a > M("9.99", "EUR") and a >= b)
            assert(a > 9 and a < 10.01 and 10 <= a and a < D"10.5" and D"9" < a)
            assert(a == D"10" and D"10" == a, "money and a decimal compare their amounts")
            assert(a ~= 10, "Lua 5.4 never calls __eq for a number")
            local sorted = { M("3", "USD"), M("1", "USD"), M("2", "USD") }
            table.sort(sorted, function(x, y) return x < y end)
            assert(sorted[1].amount == D"1" and sorted[3].amount == D"3")
            """)
    }

    @Test("money's userdata is told apart from a decimal's by its size, before its metatable is read")
    func layout() {
        #expect(MemoryLayout<StoredMoney>.size != MemoryLayout<ExactDecimal>.size)
        #expect(MemoryLayout<StoredMoney>.size != MemoryLayout<RoundedDecimal>.size)
    }

    @Test("a binding reading a decimal takes money's amount; an out-of-range amount is an error, not money")
    func readingAndRange() throws {
        try check("""
            assert(D(M("12.5", "EUR")) == D"12.5", "D(money) is its amount")
            local ok, e = pcall(function() return M(("9"):rep(38), "EUR") * 10 end)
            assert(not ok and tostring(e):find("decimal overflow"), tostring(e))
            ok, e = pcall(function() return M("1", "EUR").nope end)
            assert(not ok and tostring(e):find("money has no field or method 'nope'"), tostring(e))
            ok, e = pcall(setmetatable, M("1", "EUR"), {})
            assert(not ok)
            """)
    }
}
