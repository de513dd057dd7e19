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
        #expect(r.out == "3\n4\n1\ttwo\tnil\n")
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
