import Core
import Foundation
import Scripting
import Store

/// Rows per second a Lua import profile sustains (reading the CSV, running the Trading 212
/// profile's row function and reading back its operations; nothing written). Goal ≥ 100,000.
func runProfileBenchmark(rows: Int = 100_000, rounds: Int = 3) throws {
    let data = tradingFile(rows: rows)
    var rates: [Double] = [], cpuRates: [Double] = []
    for round in 1...rounds {
        let start = DispatchTime.now(), cpuStart = processCPUSeconds()
        let made = try ProfileImport.readOperations(data, profile: "trading212")
        let seconds = secondsSince(start), cpu = processCPUSeconds() - cpuStart
        rates.append(Double(made.rows) / seconds)
        cpuRates.append(Double(made.rows) / cpu)
        print(String(format: "  round %d: %d rows → %d operations in %.3f s (CPU %.3f s): %.0f rows/s", round, made.rows, made.operations,
                     seconds, cpu, rates.last!))
    }
    // On a shared machine the elapsed figure depends on the load; the CPU one does not.
    print(String(format: "Lua profile (trading212), median of %d rounds  %.0f rows/s elapsed, %.0f rows/s of CPU   (goal ≥ 100,000 rows/s)",
                 rounds, median(rates), median(cpuRates)))
    // The whole import: the profile, the rules of every operation and the write, into a new
    // store on disk, in one transaction; bulk-written, then (once) written row by row.
    var whole: [Double] = []
    for _ in 1...rounds { whole.append(try timedProfileImport(data, bulk: true)) }
    print(String(format: "whole import through the profile (%d rows), bulk-written, median of %d  %.3f s: %.0f rows/s", rows, rounds,
                 median(whole), Double(rows) / median(whole)))
    let oneByOne = try timedProfileImport(data, bulk: false)
    print(String(format: "  the same written one transaction at a time (as before)        %.3f s: %.0f rows/s", oneByOne, Double(rows) / oneByOne))
}

/// The benchmark's Trading 212 file: `rows` rows, 40 a day from 2010-01-04, a deposit, a buy,
/// a dividend and a sell in turn (100,000 rows: 10,691,863 bytes).
func tradingFile(rows: Int) -> Data {
    var text = "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID\n"
    text.reserveCapacity(rows * 120)
    for i in 0..<rows {
        let day = CalendarDate(dayNumber: CalendarDate("2010-01-04")!.dayNumber + i / 40)
        switch i % 4 {
        case 0: text += "Deposit,\(day) 09:00:00,,,,,,,,,,1000.00,EUR,,,,D\(i)\n"
        case 1: text += "Market buy,\(day) 10:00:00,US0000000001,ACME,ACME Corp,2.0000000000,100.00,EUR,1.00000,,EUR,200.00,EUR,,,,EOF\(i)\n"
        case 2: text += "Dividend (Ordinary),\(day) 11:00:00,US0000000001,ACME,ACME Corp,2.0000000000,0.50,EUR,Not available,,,1.00,EUR,0.15,EUR,,\n"
        default: text += "Market sell,\(day) 15:00:00,US0000000001,ACME,ACME Corp,1.0000000000,101.00,EUR,1.00000,1.00,EUR,101.00,EUR,,,,EOF\(i)\n"
        }
    }
    return Data(text.utf8)
}

/// `profile-file FILE [ROWS]`: writes the benchmark's Trading 212 file (for `scripts/bench
/// memory` and for measuring `assetflow import` with the profile).
func runProfileFile(_ path: String, rows: Int) throws {
    try tradingFile(rows: rows).write(to: URL(fileURLWithPath: path))
}

/// `profile-read PROFILE FILE`: the file read once through the profile (nothing written), with
/// its rows per second of CPU: a single run to look at with `perf` or callgrind.
func runProfileRead(profile: String, file: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let start = DispatchTime.now(), cpuStart = processCPUSeconds()
    let made = try ProfileImport.readOperations(data, profile: profile)
    let seconds = secondsSince(start), cpu = processCPUSeconds() - cpuStart
    print(String(format: "%d rows → %d operations in %.3f s (CPU %.3f s): %.0f rows/s elapsed, %.0f rows/s of CPU", made.rows, made.operations,
                 seconds, cpu, Double(made.rows) / seconds, Double(made.rows) / cpu))
}

/// Seconds to import `data` with the Trading 212 profile into a new store on disk.
func timedProfileImport(_ data: Data, bulk: Bool) throws -> Double {
    let path = NSTemporaryDirectory() + "assetflow-profile-bench-\(getpid()).sqlite"
    func remove() { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    remove()
    defer { remove() }
    var request = ProfileImport.Request(file: "bench.csv")
    request.profile = "trading212"
    request.bulkWrite = bulk
    let start = DispatchTime.now()
    _ = try AssetFlowStore(path: path).withSession { try ProfileImport.run(request, data: data, session: $0) }
    return secondsSince(start)
}

/// CPU seconds this process has used.
func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
