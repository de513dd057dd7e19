import Foundation
import Testing
@testable import Scripting

/// `Portfolio:update`, the operation added after the refactor: its command
/// (`UpdatePortfolio`), its declaration in PortfolioBindings, and these tests.
@Suite("Portfolio:update")
struct PortfolioUpdateTests {
    @Test("renames in place and changes the description; the name rules of a new portfolio hold")
    func update() throws {
        let out = try runLua("""
            local p = af.create_portfolio{ name = "Core", description = "old" }
            af.create_portfolio{ name = "Other" }
            print(p:update{ name = "  Core holdings ", description = "new" } == p, p.name, p.description)
            print(af.portfolio("Core holdings") == p, af.portfolio("Core"))
            print(select(2, pcall(p.update, p, { name = "other" })))
            print(select(2, pcall(p.update, p, { name = " " })))
            print(select(2, pcall(p.update, p, { nmae = "x" })))
            print(p:update{ name = "CORE HOLDINGS" }.name)
            """)
        #expect(out == """
            true\tCore holdings\tnew
            true\tnil
            A portfolio with this name already exists.
            Portfolio name cannot be empty.
            Portfolio:update: unknown field 'nmae' (expected one of: name, description)
            CORE HOLDINGS

            """)
    }

    @Test("help and the LuaLS stubs know it from its declaration")
    func documented() throws {
        let b = try #require(Registry.find("Portfolio:update"))
        #expect(b.usage == "Portfolio:update{name, description} -> Portfolio")
        let stubs = LuaLSStubs.text()
        #expect(stubs.contains("---@param args? PortfolioBindings.Update\n---@return Portfolio\nfunction Portfolio:update(args) end"))
        #expect(stubs.contains("---@class PortfolioBindings.Update\n---@field name? string Trimmed; unique, ignoring case.\n---@field description? string Free text."))
    }
}
