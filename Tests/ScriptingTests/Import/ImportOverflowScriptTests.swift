import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Issue 23's overflow rule through the Lua import (`af.import`) and a profiled import: a
/// row that takes the quantity held past the exact range is refused with the rule's
/// message, and the store is left as it was.
@Suite("Imports from Lua and profiles refuse what leaves the exact range")
struct ImportOverflowScriptTests {
    static let heldMessage = "would be out of range after this transaction: it must stay below 1000000000000000000."

    @Test("af.import: the 1001st row of 999999999999999 units is refused; nothing written; 1000 of them are fine")
    func luaImport() throws {
        let printed = try runLua("""
            local function file(n)
              local rows = { "Date,Asset,Type,Quantity,Price" }
              for i = 1, n do rows[#rows + 1] = "2024-01-02,BIG,buy,999999999999999," .. i end
              return table.concat(rows, "\\n") .. "\\n"
            end
            local ok, err = pcall(af.import, { kind = "transactions", text = file(1001) })
            print(ok, #af.assets())
            print(err)
            local r = af.import{ kind = "transactions", text = file(1000) }
            print(r.imported, af.asset("BIG").quantity)
            """)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.first == "false\t0")
        #expect(lines.contains("line 1002, Quantity: The quantity held of BIG " + Self.heldMessage), "\(lines.prefix(3))")
        #expect(lines.last == "1000\t999999999999999000")
    }

    @Test("a profile's second transfer of 6 × 10^17 units is refused with the rule's message; the store is unchanged")
    func profiled() throws {
        let profile = try temporaryFile("big.lua", """
            return { name = "big", headers = { "Date", "Units" }, currency = "USD",
              row = function(r) return { { kind = "transfer_in", date = r["Date"], asset = "BIG", quantity = D(r["Units"]), price = D(1) } } end }
            """)
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let t = try ProfileTestStore()
        let file = "Date,Units\n2024-01-02,600000000000000000\n2024-01-03,600000000000000000\n"
        #expect { try t.importing(Data(file.utf8)) { $0.profile = profile } } throws: { error in
            "\(error)".contains("line 3: The quantity held of BIG " + Self.heldMessage)
        }
        #expect(try t.asset("BIG") == nil)
        #expect(try t.transactionCount() == 0)
        // One of them is fine, and every figure of the store can be computed.
        try t.importing(Data("Date,Units\n2024-01-02,600000000000000000\n".utf8)) { $0.profile = profile }
        #expect(try t.position("BIG").quantity == ExactDecimal("600000000000000000")!)
    }
}
