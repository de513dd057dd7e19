import LuaBridge
import Testing
@testable import LuaDecimals

@Suite("Decimals in Lua")
struct LuaDecimalTests {
    func check(_ source: String) throws {
        let lua = try LuaState()
        lua.installDecimals()
        lua.pushFunction { call in
            guard let v = try call.decimal(at: 1) else { return 0 }
            call.pushDecimal(v)
            return 1
        }
        lua.setGlobal("D")
        try lua.execute(source, name: "=decimals")
    }

    @Test("exact arithmetic and mixing with integers, strings and floats")
    func arithmetic() throws {
        try check("""
            assert(D"0.1" + D"0.2" == D"0.3")
            assert(tostring(D"165.00") == "165")
            assert(D"1" / 3 * 3 < D"1")  -- exact inside; tostring rounds for reading
            assert(tostring(D"1" / 3) == "0.33333333" and tostring(D"1" / 3 * 3) == "1" and D"2" / 3 .. "" == "0.66666667")
            assert(tostring(D"10" - 1) == "9" and tostring(2 * D"1.5") == "3")
            assert(tostring(D"1" + "0.01") == "1.01")
            assert(tostring(D(0.1) + 0) == "0.1")
            assert(tostring(-D"5") == "-5" and tostring(D"7" % 3) == "1" and tostring(D"1.1" ^ 2) == "1.21")
            assert(D"1" < 2 and 1 <= D"1" and D"0.2" > 0.1)
            assert(("total=" .. D"12.50") == "total=12.5")
            assert(D"1" ~= 1, "== between a decimal and a number is always false in Lua 5.4")
            """)
    }

    @Test("bad operands are errors that quote the text")
    func errors() throws {
        try check("""
            local ok, e = pcall(function() return D"1" + "12abc" end)
            assert(not ok and e:find("'12abc' is not a valid decimal number"), e)
            ok, e = pcall(function() return D"1" / 0 end)
            assert(not ok and e:find("division by zero"), e)
            ok, e = pcall(function() return D"1" + {} end)
            assert(not ok and e:find("decimal expected"), e)
            ok, e = pcall(setmetatable, D"1", {})
            assert(not ok)
            """)
    }
}
