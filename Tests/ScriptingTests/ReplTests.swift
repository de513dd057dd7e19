import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("REPL (scripted input)")
struct ReplTests {
    func session(_ lines: [String]) throws -> (out: String, err: [String], history: [String]) {
        var out = "", err: [String] = []
        let reader = ScriptedReader(lines)
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            let repl = Repl(env: env, reader: reader)
            repl.errorOutput = { err.append($0) }
            repl.run()
        }
        return (out, err, reader.history)
    }

    @Test("expressions print their values; statements run; = is return")
    func expressions() throws {
        let r = try session(["x = D'1.50' * 2", "x", "=x + 1", "1, 'two', nil"])
        #expect(r.out == "3\n4\n1\t\"two\"\tnil\n")  // nil after a scalar stays (lua.c does the same)
        #expect(r.err.isEmpty)
    }

    @Test("a multi-line function definition continues until complete, as one history entry")
    func multiLine() throws {
        let r = try session(["function double(x)", "  return x * 2", "end", "double(21)"])
        #expect(r.out == "42\n")
        #expect(r.history.first == "function double(x)\n  return x * 2\nend")
    }

    @Test("an error is one line with the position, and the statement changes nothing")
    func errors() throws {
        let r = try session([
            "a = af.create_asset{ name = 'A', type = 'stock', quantity = 1, cost_basis = 1, date = '2024-01-01' }",
            "af.create_portfolio{ name = 'P' }; a:sell{ quantity = 2, price = 1 }",
            "#af.portfolios()",
        ])
        #expect(r.err == ["stdin:1: Cannot sell more than current holdings (1)."])
        #expect(r.out == "0\n")
    }
}

@Suite("REPL.md")
struct ReplGuideTests {
    @Test("the reference part of REPL.md is what `assetflow docs` generates")
    func referenceIsFresh() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("REPL.md"), encoding: .utf8)
        let begin = try #require(guide.range(of: ReferenceDocument.beginMarker))
        let end = try #require(guide.range(of: ReferenceDocument.endMarker))
        let embedded = guide[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(embedded == ReferenceDocument.markdown().trimmingCharacters(in: .whitespacesAndNewlines),
                "REPL.md is stale: run ./scripts/update-docs")
    }

    @Test("every binding has a summary, and every function an example")
    func registryComplete() {
        for b in Registry.all {
            #expect(!b.summary.isEmpty, "\(b.qualifiedName) has no summary")
        }
        #expect(Set(Registry.all.map(\.qualifiedName)).count == Registry.all.count, "duplicate binding names")
    }
}

@Suite("REPL commands and display")
struct ReplCommandTests {
    func session(_ lines: [String]) throws -> (out: String, err: [String]) {
        var out = "", err: [String] = []
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            let repl = Repl(env: env, reader: ScriptedReader(lines))
            repl.errorOutput = { err.append($0) }
            repl.run()
        }
        return (out, err)
    }

    @Test(".begin keeps statements until .rollback; a failing statement undoes only itself")
    func explicitTransaction() throws {
        let r = try session([".begin", "af.create_portfolio{ name = 'A' }", "af.create_portfolio{ name = 'a' }",
                             "#af.portfolios()", ".rollback", "#af.portfolios()", ".begin", "af.create_portfolio{ name = 'B' }", ".commit", "#af.portfolios()"])
        #expect(r.out.contains("Transaction open"))
        #expect(r.err == ["stdin:1: A portfolio with this name already exists."])
        let counts = r.out.split(separator: "\n").filter { $0.allSatisfy(\.isNumber) }
        #expect(counts == ["1", "0", "1"])
    }

    @Test(".trace shows the last traceback; .timing prints durations; unknown commands teach")
    func traceAndTiming() throws {
        let r = try session(["error('boom')", ".trace", ".timing on", "1", ".frobnicate", ".quit", "print('not reached')"])
        #expect(r.out.contains("stack traceback:"))
        #expect(r.err.contains { $0.hasPrefix("(") && $0.hasSuffix(" s)") })
        #expect(r.err.contains { $0.hasPrefix("Unknown command .frobnicate. Commands: .help") })
        #expect(!r.out.contains("not reached"))
    }

    @Test(".load runs a file in the session")
    func load() throws {
        let path = try temporaryFile("load.lua", "loaded_value = 41 + 1")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try session([".load \(path)", "loaded_value"])
        #expect(r.out == "42\n")
    }

    @Test("lists of models print as aligned tables; objects on one line; cycles are marked")
    func display() throws {
        let r = try session([
            "af.create_asset{ name = 'ACME', type = 'stock', quantity = 15, cost_basis = 14, date = '2024-01-02' }",
            "af.create_asset{ name = 'Cash', type = 'cash', quantity = 1250.5, date = '2024-01-02' }",
            "af.assets()", "af.asset('acme')", "t = {}; t.self = t", "t",
        ])
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("name  type   quantity  current_price  current_value  currency"))
        #expect(lines.contains("ACME  stock      15               14         210.00  USD"))
        #expect(lines.contains("Cash  cash     1250.5              1        1250.50  USD"))
        #expect(lines.contains("<Asset ACME stock 15 @ 14 USD = 210.00>"))
        #expect(lines.contains("{ self = <cycle> }"))
    }
}

@Suite("REPL display of rows")
struct ReplRowDisplayTests {
    @Test("a list of flat records (allocation rows) is an aligned table, numbers right-aligned")
    func records() throws {
        var out = ""
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            Repl(env: env, reader: ScriptedReader(["{ { key = 'stock', value = D'5500', percent = D'64.7' }, { key = 'cash', value = 1500, percent = D'17.65' } }"])).run()
        }
        #expect(out == "key    percent    value\n-----  -------  -------\nstock    64.70  5500.00\ncash     17.65  1500.00\n")
    }
}

extension ReplTests {
    @Test("Ctrl-C in an unfinished multi-line entry drops it and returns to the main prompt")
    func interruptMultiLine() throws {
        let r = try session(["function f(x)", "  return x", "^C", "f", "1 + 1"])
        #expect(r.out == "nil\n2\n")
        #expect(r.err.isEmpty)
    }

    @Test(".help lists the dot-commands, not help()'s API; bare help, quit and exit do what they say")
    func helpAndBareWords() throws {
        let dot = try session([".help"])
        #expect(dot.out.hasPrefix("REPL commands (the Lua API's help is help(), or help(af.create_asset)):"))
        #expect(dot.out.contains(".rollback") && !dot.out.contains("af.create_portfolio"))
        let api = try session(["help"])
        #expect(api.out.contains("af.create_asset") && !api.out.contains("function:"))
        let quit = try session(["1", "quit", "2"])
        #expect(quit.out == "1\n")
        let exit = try session(["exit", "2"])
        #expect(exit.out.isEmpty && exit.err.isEmpty)
    }
}
