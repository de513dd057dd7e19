import Foundation
import Testing
@testable import Scripting

@Suite("Generated docs")
struct DocsOutputTests {
    @Test("LuaLS stubs declare every binding of the registry")
    func luaLSCoversEveryBinding() {
        let stubs = LuaLSStubs.text()
        #expect(stubs.hasPrefix("---@meta"))
        for b in Registry.all {
            switch b.kind {
            case .function: #expect(stubs.contains("function \(b.owner).\(b.name)("), "missing \(b.qualifiedName)")
            case .method: #expect(stubs.contains("function \(b.owner):\(b.name)("), "missing \(b.qualifiedName)")
            case .field: #expect(stubs.contains("---@field \(b.name) "), "missing \(b.qualifiedName)")
            }
        }
        for (name, _) in Registry.classes { #expect(stubs.contains("---@class \(name)")) }
    }

    @Test("declared types become LuaLS types")
    func luaLSTypes() {
        #expect(LuaType.optional(.object("Portfolio")).luaLS() == "Portfolio?")
        #expect(LuaType.list(.object("Asset")).luaLS() == "Asset[]")
        #expect(LuaType.decimal.luaLS(input: true) == "decimal|money|integer|number|string")  // money is taken as its amount
        #expect(LuaType.optional(.decimal).luaLS(input: true) == "(decimal|money|integer|number|string)?")
        #expect(LuaType.money.luaLS() == "money" && LuaType.money.compact == "money")
        #expect(LuaType.oneOf(["day", "month"]).luaLS() == "\"day\"|\"month\"")
        #expect(LuaType.record([LuaRecordField("date", .date), LuaRecordField("value", .decimal)]).luaLS() == "{date: date, value: decimal}")
    }

    @Test("help knows every binding, by value and by name")
    func help() throws {
        let out = try runLua("""
            help(af.create_asset)
            help("Asset:buy")
            help("Asset")
            help("nonsense_xyz")
            help()
            print(af.type(D"1"), af.type(1), af.type({}))
            """)
        #expect(out.contains("af.create_asset{name, type, currency, portfolio, quantity, cost_basis, current_price, date, notes} -> Asset"))
        #expect(out.contains("Asset:buy{quantity, price, date, fees, note} -> Transaction"))
        #expect(out.contains("Asset: An investment or holding"))
        #expect(out.contains("Fields:"))
        #expect(out.contains("No help for 'nonsense_xyz'."))
        #expect(out.contains("REPL commands: .help .load FILE"))
        #expect(out.hasSuffix("decimal\tnumber\ttable\n"))
    }
}
