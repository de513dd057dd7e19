import Core
import Foundation
import Scripting
import Store

/// The rows of issue 14's table: what is measured, its goal, and the figure the issue
/// measured before the work ("today" there).
struct BenchRow {
    let key: String
    let label: String
    let unit: String  // "s" or "ns"
    let goal: Double
    let goalMB: Double?
    let before: Double
    let beforeMB: Double?

    static let all: [BenchRow] = [
        // Issue 27's goal; "before" stays issue 14's figure. The `_reference` rows measure, in
        // the same sitting, the kept reference implementation (source tables only, no series).
        BenchRow(key: "timeline_day", label: "daily value timeline of everything (19 years)", unit: "s", goal: 0.040, goalMB: 64, before: 1.1, beforeMB: 115),
        BenchRow(key: "timeline_day_reference", label: "  the same, reference (no series: tables)", unit: "s", goal: 0.040, goalMB: 64, before: 0.115, beforeMB: nil),
        BenchRow(key: "timeline_month", label: "monthly timeline", unit: "s", goal: 0.060, goalMB: nil, before: 0.9, beforeMB: nil),
        BenchRow(key: "performance", label: "af.performance{} over everything", unit: "s", goal: 0.150, goalMB: nil, before: 1.8, beforeMB: nil),
        BenchRow(key: "performance_first", label: "af.performance{}: first call of a session", unit: "s", goal: 0.060, goalMB: nil, before: 0.223, beforeMB: nil),
        BenchRow(key: "performance_first_reference", label: "  the same, reference (no series: tables)", unit: "s", goal: 0.060, goalMB: nil, before: 0.223, beforeMB: nil),
        BenchRow(key: "script_writes", label: "100,000 buys/sells written by a script", unit: "s", goal: 3, goalMB: nil, before: 30, beforeMB: nil),
        // The same writes in a shuffled date order (an unsorted broker history): goal 2× the
        // in-order row (set from its figure by `Report.rows`), before = measured before the ledger.
        BenchRow(key: "script_writes_backdated", label: "the same 100,000 writes, dates shuffled", unit: "s", goal: 6, goalMB: nil,
                 before: 0, beforeMB: nil),
        BenchRow(key: "decimal_add", label: "one decimal addition (Swift a + b)", unit: "ns", goal: 20, goalMB: nil, before: 450, beforeMB: nil),
        BenchRow(key: "monte_carlo", label: "Monte Carlo 10,000 paths × 480 months", unit: "s", goal: 0.100, goalMB: nil, before: 0.43, beforeMB: nil),
        BenchRow(key: "run_empty", label: "assetflow run of an empty script", unit: "s", goal: 0.020, goalMB: nil, before: 0.022, beforeMB: nil),
    ]
}

/// One measurement: a figure in the row's unit and the process's peak memory.
struct Measurement: Codable {
    var figure: Double
    var peakMB: Double
}

/// The measurements themselves; each runs in a process of its own (`measure KEY STORE`), so
/// peak memory is the row's own.
enum Measure {
    static func run(_ key: String, store path: String) throws -> Measurement {
        switch key {
        case "timeline_day": return try lua(store: path, timelineDay)
        case "timeline_month": return try lua(store: path, "return #af.portfolio('Everything'):timeline{ from = '2006-01-02', every = 'month' }")
        case "timeline_day_reference": return try lua(store: path, timelineDay, reference: true)
        case "performance": return try lua(store: path, "local r = af.performance{} return r.twr")
        case "performance_first": return try lua(store: path, "local r = af.performance{} return r.twr", runs: 1)
        case "performance_first_reference": return try lua(store: path, "local r = af.performance{} return r.twr", runs: 1, reference: true)
        case "script_writes": return try scriptWrites(count: 100_000)
        case "script_writes_backdated": return try scriptWrites(count: 100_000, shuffled: true)
        case "decimal_add": return Measurement(figure: decimalAdditionNanoseconds(), peakMB: peakMemoryMB())
        case "monte_carlo": return try monteCarlo()
        case "monte_carlo_wall": return try monteCarloElapsed(threads: nil)
        case "monte_carlo_wall_1": return try monteCarloElapsed(threads: 1)
        case "run_empty": return try runEmpty()
        default: throw BenchError("unknown row '\(key)'")
        }
    }

    static let timelineDay = "return #af.portfolio('Everything'):timeline{ from = '2006-01-02', every = 'day' }"

    /// The best of `runs` runs of a Lua chunk against the store, in one session (the second
    /// run of a performance figure uses the records the first kept). `reference`: the kept
    /// reference implementation, which reads the source tables only (no per-asset series).
    static func lua(store path: String, _ source: String, runs: Int = 2, reference: Bool = false) throws -> Measurement {
        let store = try AssetFlowStore(path: path)
        var best = Double.infinity
        try store.withSession(today: BenchStore.today) { session in
            session.readsDerivedSeries = !reference
            let env = try ScriptEnvironment(session: session)
            env.output = { _ in }
            for _ in 0..<runs {
                let start = cpuSeconds()
                _ = try env.lua.execute(source, name: "=bench", results: 1)
                best = min(best, cpuSeconds() - start)
                env.lua.setTop(0)
            }
        }
        return Measurement(figure: best, peakMB: peakMemoryMB())
    }

    /// A script recording `count` buys and sells over 50 assets through the bindings, run as
    /// `assetflow run` runs it (one transaction), in a fresh store. `shuffled`: the same
    /// writes in a fixed random order (Lua's generator seeded with 14, Fisher–Yates), so
    /// almost every one is dated before its asset's last transaction; each asset then starts
    /// with 1,000 units so that no sell finds its date short, whatever came first.
    static func scriptWrites(count: Int, shuffled: Bool = false) throws -> Measurement {
        let folder = NSTemporaryDirectory() + "assetflow-bench-writes-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try AssetFlowStore(path: folder + "/store.sqlite")
        let dates = BenchStore.days.map { "'\($0)'" }.joined(separator: ",")
        let script = """
        local dates = { \(dates) }
        local assets = {}
        for i = 0, 49 do
            assets[i] = af.create_asset{ name = "Asset " .. i, type = "stock", quantity = \(shuffled ? 1000 : 1), cost_basis = 10, date = dates[1] }
        end
        \(shuffled ? shuffledLoop(count: count) : "for n = 0, \(count - 1) do")
            local a = assets[n % 50]
            local k = n // 50
            local date = dates[1 + n * #dates // \(count)]
            local price = D(1000 + (n * 7919) % 9000) / 100
            if k % 3 == 2 then a:sell{ quantity = 1, price = price, date = date }
            else a:buy{ quantity = 2, price = price, date = date } end
        end
        """
        let scriptPath = folder + "/writes.lua"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let start = cpuSeconds()
        let outcome = try ScriptRunner.run(path: scriptPath, arguments: [], store: store, options: ScriptRun(), today: BenchStore.today) { _ in }
        let seconds = cpuSeconds() - start
        guard outcome.succeeded else { throw BenchError("the write script failed: \(outcome.error ?? "")") }
        return Measurement(figure: seconds, peakMB: peakMemoryMB())
    }

    /// The loop header over 0..<count in a shuffled order (Lua's own generator, seeded).
    static func shuffledLoop(count: Int) -> String {
        """
        local order = {}
        for n = 0, \(count - 1) do order[n + 1] = n end
        math.randomseed(14)
        for i = #order, 2, -1 do
            local j = math.random(i)
            order[i], order[j] = order[j], order[i]
        end
        for _, n in ipairs(order) do
        """
    }

    /// Nanoseconds per ExactDecimal addition of money-shaped values, in a dependent chain.
    static func decimalAdditionNanoseconds() -> Double {
        let values = (0..<1024).map { ExactDecimal($0 * 37 % 10_000) / 100 }
        var total = ExactDecimal.zero
        let iterations = 20_000_000
        let start = cpuSeconds()
        for i in 0..<iterations { total = total + values[i & 1023] }
        let seconds = cpuSeconds() - start
        if total.isZero { print("") }  // keeps the loop
        return seconds * 1e9 / Double(iterations)
    }

    static func monteCarlo() throws -> Measurement {
        let start = cpuSeconds()
        _ = try MonteCarlo.run(ProjectionBench.assumptions, runs: 10_000, seed: 42, model: .normal)
        return Measurement(figure: cpuSeconds() - start, peakMB: peakMemoryMB())
    }

    /// The mean CPU time of `assetflow run` on an empty script (20 runs), the CLI built next
    /// to this benchmark.
    static func runEmpty() throws -> Measurement {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("assetflow").path
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw BenchError("\(executable) is missing: build the assetflow product in release") }
        let folder = NSTemporaryDirectory() + "assetflow-bench-run-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "".write(toFile: folder + "/empty.lua", atomically: true, encoding: .utf8)
        func once() throws -> Double {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["run", "--store", folder + "/store.sqlite", folder + "/empty.lua"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = cpuSeconds(children: true)
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw BenchError("assetflow run exited with \(process.terminationStatus)") }
            return cpuSeconds(children: true) - start
        }
        _ = try once()  // creates the store
        var total = 0.0
        for _ in 0..<20 { total += try once() }
        return Measurement(figure: total / 20, peakMB: peakMemoryMB())
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
