import Core
import Foundation

/// Runs the rows and the scaling series in child processes and prints them.
enum Report {
    struct RowResult: Codable {
        let key: String, label: String, unit: String
        let figure: Double, peakMB: Double
        let goal: Double, goalMB: Double?
        let before: Double, beforeMB: Double?
    }

    struct ScalingResult: Codable {
        let transactions: Int
        let generateSeconds: Double?
        let replaySeconds: Double, timelineDaySeconds: Double, performanceSeconds: Double
        let checksum: String
    }

    /// One row measured by a child process (`measure KEY STORE`).
    static func measure(_ key: String, store: String) throws -> Measurement {
        try JSONDecoder().decode(Measurement.self, from: childOutput(["measure", key, store]))
    }

    /// Every row, or only the `keys` given (`writes`: the two script-write rows, which need
    /// no benchmark store).
    static func rows(only keys: [String]? = nil) throws -> [RowResult] {
        let selected = BenchRow.all.filter { keys?.contains($0.key) ?? true }
        let store = keys == nil ? try BenchStore.make(transactions: 100_000).path : ""
        var results: [RowResult] = try selected.map { row in
            let m = try measure(row.key, store: store)
            return RowResult(key: row.key, label: row.label, unit: row.unit, figure: m.figure, peakMB: m.peakMB,
                             goal: row.goal, goalMB: row.goalMB, before: row.before, beforeMB: row.beforeMB)
        }
        // The shuffled writes' goal is twice the in-order figure of the same run.
        if let inOrder = results.first(where: { $0.key == "script_writes" }), let i = results.firstIndex(where: { $0.key == "script_writes_backdated" }) {
            let r = results[i]
            results[i] = RowResult(key: r.key, label: r.label, unit: r.unit, figure: r.figure, peakMB: r.peakMB,
                                   goal: 2 * inOrder.figure, goalMB: nil, before: r.before, beforeMB: nil)
        }
        return results
    }

    static func scaling() throws -> [ScalingResult] {
        try [10_000, 100_000, 1_000_000].map { count in
            let (store, generated) = try BenchStore.make(transactions: count)
            let cpu = cpuSeconds()
            let (_, checksum) = try replayAll(path: store)
            let replay = cpuSeconds() - cpu
            return ScalingResult(transactions: count, generateSeconds: generated, replaySeconds: replay,
                                 timelineDaySeconds: try measure("timeline_day", store: store).figure,
                                 performanceSeconds: try measure("performance", store: store).figure,
                                 checksum: checksum.rounded(places: 2).plainText)
        }
    }

    static func print(rows: [RowResult]?, scaling: [ScalingResult]?, json: Bool) throws {
        if json {
            struct Document: Codable { let rows: [RowResult]?; let scaling: [ScalingResult]? }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            Swift.print(String(decoding: try encoder.encode(Document(rows: rows, scaling: scaling)), as: UTF8.self))
            return
        }
        if let rows {
            Swift.print("Issue 14's table (release, CPU seconds of the work; before = the issue's figure with Foundation's Decimal)")
            Swift.print(pad("work", 48) + " | " + pad("figure", 20) + " | " + pad("goal", 20) + " | before")
            for r in rows {
                let met = r.figure <= r.goal && (r.goalMB.map { r.peakMB <= $0 } ?? true)
                Swift.print(pad(r.label, 48) + " | " + pad(text(r.figure, r.unit, r.goalMB != nil ? r.peakMB : nil), 20) + " | "
                            + pad("≤ " + text(r.goal, r.unit, r.goalMB), 20) + " | " + text(r.before, r.unit, r.beforeMB) + (met ? "   met" : ""))
            }
        }
        if let scaling {
            Swift.print("\nScaling (50 assets, 250,000 prices; µs per transaction in brackets)")
            Swift.print(pad("transactions", 13) + " | " + pad("generate", 10) + " | " + pad("replay all", 22) + " | " + pad("daily timeline", 22) + " | af.performance")
            for s in scaling {
                func per(_ seconds: Double) -> String { String(format: "%.3f s (%.2f µs)", seconds, seconds * 1e6 / Double(s.transactions)) }
                Swift.print(pad(String(s.transactions), 13) + " | " + pad(s.generateSeconds.map { String(format: "%.1f s", $0) } ?? "reused", 10) + " | "
                            + pad(per(s.replaySeconds), 22) + " | " + pad(per(s.timelineDaySeconds), 22) + " | " + per(s.performanceSeconds)
                            + "   checksum \(s.checksum)")
            }
        }
    }

    static func text(_ value: Double, _ unit: String, _ mb: Double?) -> String {
        let figure = unit == "ns" ? String(format: "%.1f ns", value) : String(format: "%.3f s", value)
        return mb.map { figure + String(format: ", %.0f MB", $0) } ?? figure
    }

    static func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
}

/// What this benchmark prints when run again, in a process of its own, with `arguments`
/// (which must succeed).
func childOutput(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw BenchError("\(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))") }
    return data
}
