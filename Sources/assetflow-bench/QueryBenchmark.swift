import Core
import Foundation
import Scripting
import Store

/// The query benchmark: fees per year and dividends per month on the 100,000-transaction
/// store, by hand-written Lua loops and by `af.query` pipelines (issue 24: a pipeline may
/// cost at most twice the loop). Figures only; asserts nothing.
func runQueryBenchmark() throws {
    let (path, _) = try BenchStore.make(transactions: 100_000)
    print("AssetFlow query benchmark: \(path)")
    let cases: [(String, String)] = [
        ("loop over a:transactions() objects", """
            local sums = {}
            for _, a in ipairs(af.assets()) do
              for _, t in ipairs(a:transactions()) do
                if t.type == "buy" then local y = t.date:sub(1, 4) sums[y] = (sums[y] or D"0") + t.fees end
              end
            end
            """),
        ("loop over af.rows.transactions()", """
            local sums = {}
            for _, t in ipairs(af.rows.transactions()) do
              if t.type == "buy" then local y = t.date:sub(1, 4) sums[y] = (sums[y] or D"0") + t.fees end
            end
            """),
        ("af.query: where, group_by year, sum", """
            local rows = af.query.transactions():where{ type = "buy" }:group_by("year", "currency"):sum("fees"):rows()
            """),
        ("af.query: pivot month × asset of income", """
            local rows = af.query.income():pivot("month", "asset", "amount"):rows()
            """),
        ("af.query: fees per platform per year", """
            local rows = af.query.fees():group_by("platform", "year", "currency"):sum("amount"):rows()
            """),
    ]
    var best: [String: Double] = [:]
    for (name, source) in cases {
        var times: [Double] = []
        for _ in 1...3 {
            times.append(try AssetFlowStore(path: path).withSession(today: BenchStore.today) { session in
                let env = try ScriptEnvironment(session: session)
                defer { env.close() }
                let start = DispatchTime.now()
                try env.lua.execute(source, name: "=bench")
                return secondsSince(start)
            })
        }
        best[name] = times.min()!
        print("\(name.padding(toLength: 42, withPad: " ", startingAt: 0)) \(String(format: "%8.3f s", times.min()!))  (best of 3)")
    }
    let loop = best["loop over af.rows.transactions()"]!, pipeline = best["af.query: where, group_by year, sum"]!
    print("pipeline ÷ fastest hand loop             \(String(format: "%8.2f", pipeline / loop))  (goal ≤ 2)")
    print("peak memory                        \(String(format: "%8.1f MB", peakMemoryMB()))")
}
