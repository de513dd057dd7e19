import Core
import Foundation

// AssetFlow benchmarks: figures, never assertions (scripts/bench builds release and runs this).
//
//   assetflow-bench [--json] [rows|writes|scaling|load|checksums|projection|import|query|all]
//   assetflow-bench measure KEY STORE      one row, in a process of its own (used by rows)
//   assetflow-bench import-steps STORE T.csv P.csv   one import's steps, timed (used by import)
//   assetflow-bench profile                rows per second a Lua import profile sustains (also after import)
//   assetflow-bench profile-read P FILE    FILE read once through profile P, nothing written (for perf / callgrind)
//   assetflow-bench profile-file FILE [ROWS]   writes the Trading 212 file `profile` imports (100,000 rows)
//   assetflow-bench compare-setup FOLDER   the store and CSV files `scripts/bench compare` runs on (JSON paths)
//   assetflow-bench checksums-work WORK on|off STORE [RUNS]   one work of `checksums` (open, value, replay),
//                                          RUNS times, verification on or off: for `perf stat` and callgrind
//
// `rows` prints issue 14's table as `figure | goal | before` (before = the figure the issue
// measured with Foundation's Decimal); `writes` only its two script-write rows (in date
// order, dates shuffled); `scaling` runs the history walks at 10,000, 100,000 and 1,000,000
// transactions; `--json` prints one JSON document instead of text.

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }

do {
    switch arguments.first ?? "all" {
    case "measure":
        guard arguments.count >= 2 else { throw BenchError("measure KEY [STORE]") }
        let measurement = try Measure.run(arguments[1], store: arguments.count > 2 ? arguments[2] : "")
        print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
    case "rows":
        try Report.print(rows: try Report.rows(), scaling: nil, json: json)
    case "writes":
        try Report.print(rows: try Report.rows(only: ["script_writes", "script_writes_backdated"]), scaling: nil, json: json)
    case "scaling":
        try Report.print(rows: nil, scaling: try Report.scaling(), json: json)
    case "load":
        try runLoadBenchmark()
    case "projection":
        try runProjectionBenchmark()
    case "checksums":
        try runChecksumBenchmark()
    case "checksums-work":
        guard arguments.count >= 4, ["on", "off"].contains(arguments[2]) else { throw BenchError("checksums-work WORK on|off STORE [RUNS]") }
        try runChecksumWork(arguments[1], verify: arguments[2] == "on", store: arguments[3],
                            runs: arguments.count > 4 ? Int(arguments[4]) ?? 1 : 1)
    case "query":
        try runQueryBenchmark()
    case "import":
        try runImportBenchmark()
    case "profile":
        try runProfileBenchmark()
    case "profile-read":
        guard arguments.count == 3 else { throw BenchError("profile-read PROFILE FILE.csv") }
        try runProfileRead(profile: arguments[1], file: arguments[2])
    case "profile-file":
        guard arguments.count == 2 || arguments.count == 3, arguments.count == 2 || Int(arguments[2]) != nil else {
            throw BenchError("profile-file FILE.csv [ROWS]")
        }
        try runProfileFile(arguments[1], rows: arguments.count == 3 ? Int(arguments[2])! : 100_000)
    case "compare-setup":
        guard arguments.count == 2 else { throw BenchError("compare-setup FOLDER") }
        try runCompareSetup(folder: arguments[1])
    case "import-steps":
        guard arguments.count == 4 else { throw BenchError("import-steps STORE TRANSACTIONS.csv PRICES.csv") }
        try runImportSteps(store: arguments[1], transactions: arguments[2], prices: arguments[3])
    case "all":
        if !json { try runLoadBenchmark(); print(""); try runProjectionBenchmark(); print(""); try runImportBenchmark(); print("") }
        try Report.print(rows: try Report.rows(), scaling: try Report.scaling(), json: json)
    default:
        throw BenchError("unknown benchmark '\(arguments[0])': use rows, writes, scaling, load, checksums, projection, import, query or all")
    }
} catch {
    FileHandle.standardError.write(Data("assetflow-bench: \(error)\n".utf8))
    exit(1)
}
