import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("af.query is compiled on first use, not at every start")
struct QueryLoadingTests {
    @Test("a new environment holds no af.query until a script reads it; then it works and the metatable is gone")
    func compiledOnFirstUse() throws {
        let printed = try runLua("""
            print(rawget(af, "query") == nil, getmetatable(af) ~= nil)
            print(af.nothing_here == nil)
            local rows = af.query.rows({ { n = 1 }, { n = 2 } }):rows()
            print(#rows, rawget(af, "query") ~= nil, getmetatable(af) == nil)
            """)
        #expect(printed == "true\ttrue\ntrue\n2\ttrue\ttrue\n")
    }

    @Test("a script that replaced the global load before its first af.query still gets the queries")
    func independentOfScriptGlobals() throws {
        let printed = try runLua("""
            load = function() error("not this one") end
            print(type(af.query.transactions))
            """)
        #expect(printed == "function\n")
    }

    @Test("loadQueries compiles them now (the REPL, for Tab completion)")
    func loadNow() throws {
        let store = try AssetFlowStore(path: nil)
        try store.withSession { session in
            let env = try ScriptEnvironment(session: session)
            try env.loadQueries()
            var printed = ""
            env.output = { printed += $0 }
            try env.lua.execute(#"print(rawget(af, "query") ~= nil, getmetatable(af) == nil)"#, name: "=test")
            #expect(printed == "true\ttrue\n")
        }
    }
}
