import Foundation
import Testing

/// Derived data from the command line: a report after an import reads while another
/// process writes; `check` names derived rows that differ from the history, `--repair`
/// rebuilds them.
@Suite("Derived data from the command line")
struct DerivedDataCommandTests {
    static let transactions = """
        Date,Symbol,Type,Quantity,Price,Currency
        2024-01-02,ACME,buy,10,100,USD
        2024-02-01,ACME,buy,5,110,USD
        2024-03-01,ACME,sell,3,120,USD

        """

    var reports: [String: String] {
        ["ASSETFLOW_BUILTIN_REPORTS": ReportCommandTests.root.appendingPathComponent("scripts/reports").path]
    }

    /// A store with ACME imported (transactions and a price).
    func importedStore(_ box: CommandSandbox) throws {
        try Self.transactions.write(toFile: box.file("t.csv"), atomically: true, encoding: .utf8)
        try "Date,Symbol,Price\n2024-03-01,ACME,130\n".write(toFile: box.file("p.csv"), atomically: true, encoding: .utf8)
        #expect(try box.run(["import", "transactions", box.file("t.csv"), "--store", box.store]).status == 0)
        #expect(try box.run(["import", "prices", box.file("p.csv"), "--store", box.store]).status == 0)
    }

    @Test("after an import, `report overview` while another process holds the write lock prints every figure and exits 0")
    func reportWhileAnotherProcessWrites() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        try importedStore(box)
        let slow = try box.script("hold.lua", """
            af.create_portfolio{ name = "Slow" }
            print("holding the lock")
            local t = os.clock() + 30
            while os.clock() < t do end
            """)
        let holder = box.process(["run", "--store", box.store, slow])
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        defer { if holder.isRunning { holder.terminate() }; holder.waitUntilExit() }
        #expect(String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("holding the lock"))
        let r = try box.run(["report", "overview", "--store", box.store], environment: reports.merging(["ASSETFLOW_BUSY_TIMEOUT": "0.5"]) { $1 })
        #expect(holder.isRunning, "the lock was held for the whole report")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err == "")
        #expect(!r.out.contains("not available"))
        for figure in ["Net worth (USD)  1,560.00 USD", "Cost basis       1,240.00 USD", "Unrealized gain    320.00 USD", "Realized gain       50.00 USD"] {
            #expect(r.out.contains(figure), "\(figure) in \(r.out)")
        }
    }

    @Test("`check` names a hand-edited snapshot and checkpoint and exits 1; `check --repair` fixes them and no source row changes")
    func checkAndRepair() throws {
        let sqlite = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: sqlite), "the sqlite3 command edits the store behind AssetFlow's back")
        let box = try CommandSandbox()
        defer { box.remove() }
        try importedStore(box)
        func sql(_ text: String) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: sqlite)
            p.arguments = [box.store, text]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        // The sqlite3 command writes pages without AssetFlow's page checksums, which would
        // make every page it changes damaged (Store.md, "Damage caught on read"): the store is
        // first rebuilt by sqlite3 from its dump, as a store of an older AssetFlow without
        // checksums, which AssetFlow reads as it is and converts at its next read-write open.
        try sql(".dump").write(toFile: box.file("dump.sql"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: box.store)
        _ = try sql(".read \(box.file("dump.sql"))")
        let sources = "SELECT * FROM asset_transaction; SELECT * FROM price_history; SELECT * FROM asset; SELECT * FROM portfolio;"
        // Checkpoints as every write leaves them (packed: a day byte, then a scale byte and the units):
        // 2:10, 1:15, 1:12.
        _ = try sql("INSERT OR REPLACE INTO quantity_checkpoint VALUES (1, '2024-01', X'02000A'), (1, '2024-02', X'01000F'), (1, '2024-03', X'01000C'), (1, 'complete', X'')")
        #expect(try box.run(["check", "--store", box.store]).status == 0)
        _ = try sql("UPDATE position_snapshot SET quantity = '999'; UPDATE quantity_checkpoint SET levels = X'010010' WHERE month = '2024-02'")  // 1:16
        let before = try sql(sources)
        let checked = try box.run(["check", "--store", box.store])
        #expect(checked.status == 1)
        #expect(checked.err.contains("derived data: position_snapshot of ACME: quantity is 999, the replay of its history gives 12"))
        #expect(checked.err.contains("derived data: quantity_checkpoint of ACME: levels 2024-02 is 1:16, the replay of its history gives 1:15"))
        #expect(checked.err.contains("`assetflow check --repair` rebuilds it"))
        let repaired = try box.run(["check", "--repair", "--store", box.store])
        #expect(repaired.status == 0, "\(repaired.err)")
        #expect(repaired.out.contains("2 values differed from a replay:"))
        #expect(repaired.out.contains("is sound"))
        #expect(try sql(sources) == before)
        #expect(try sql("SELECT quantity FROM position_snapshot") == "12\n")
    }
}
