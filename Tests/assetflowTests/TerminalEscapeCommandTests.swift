import Foundation
import Testing

/// Issue 23: control characters in names never reach the terminal raw. A name carrying an
/// escape sequence (retitle the window, clear the screen) comes in from a broker's file; the
/// reports, the import's summary and every error naming it show it escaped (`\x1B`).
@Suite("Names with escape sequences on the terminal")
struct TerminalEscapeCommandTests {
    static let name = "EVIL\u{1B}]0;pwned\u{07}\u{1B}[2J"
    static let shown = "EVIL\\x1B]0;pwned\\x07\\x1B[2J"

    func noRawControls(_ text: String, _ what: String) {
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(what): \(text.debugDescription)")
    }

    @Test("import's summary, its row errors, reports and a script's errors show a name's control characters escaped")
    func escapedEverywhere() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let csv = box.file("t.csv")
        try "Date,Asset,Type,Quantity,Price\n2024-01-02,\(Self.name),buy,3,10\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try box.run(["import", "transactions", "--store", box.store, csv])
        #expect(imported.status == 0, "\(imported.err)")
        noRawControls(imported.out + imported.err, "import")

        let bad = box.file("bad.csv")
        try "Date,Asset,Type,Quantity,Price\n2024-02-02,\(Self.name),sell,30,10\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try box.run(["import", "transactions", "--store", box.store, bad])
        #expect(refused.status == 1)
        noRawControls(refused.out + refused.err, "refused import")

        let report = try box.run(["report", "holdings", "--store", box.store])
        #expect(report.status == 0, "\(report.err)")
        #expect(report.out.contains(Self.shown))
        noRawControls(report.out + report.err, "report")

        let script = try box.script("sell.lua", "local a = af.assets()[1]\nprint(a)\nprint(pcall(a.sell, a, { quantity = 300, price = 1, date = '2024-03-01' }))\nerror('cannot go on with ' .. a.name)\n")
        let run = try box.run(["run", "--store", box.store, script])
        #expect(run.status == 1)
        #expect(run.err.contains(Self.shown), "\(run.err.debugDescription)")
        noRawControls(run.out + run.err, "run")

        let dry = try box.script("rename.lua", "af.create_portfolio{ name = 'P\\27[2J' }\n")
        let dryRun = try box.run(["run", "--dry-run", "--store", box.store, dry])
        #expect(dryRun.status == 0, "\(dryRun.err)")
        noRawControls(dryRun.out + dryRun.err, "dry run")
    }
}
