import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("af.import: CSV from Lua, in the sandbox only from allowed folders")
struct ImportBindingsTests {
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("import")
    var folder: String { temporary.path }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,10,12\n".write(toFile: folder + "/data/t.csv", atomically: true, encoding: .utf8)
        try "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,1,12\n".write(toFile: folder + "/outside.csv", atomically: true, encoding: .utf8)
    }

    func run(_ source: String, allowRead: [String] = [], arguments: [String] = []) throws -> (printed: String, outcome: ScriptRunner.Outcome) {
        let path = folder + "/script-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        var options = ScriptRun()
        options.allowRead = allowRead
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: arguments, store: AssetFlowStore(path: nil), options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        return (printed, outcome)
    }

    @Test("text: imported, with the app's summary lines; again: all duplicates")
    func text() throws {
        let printed = try runLua("""
            local csv = "Date,Symbol,Action,Shares,Price\\n2024-01-02,ACME,Buy,10,\\"$1,000.50\\"\\n"
            local r = af.import{ kind = "transactions", text = csv }
            print(r.imported, r.duplicates, r.new_assets[1], r.lines[1])
            r = af.import{ kind = "transactions", text = csv }
            print(r.imported, r.duplicates, af.asset("ACME").quantity)
            """)
        #expect(printed == "1\t0\tACME\t1 transaction imported.\n0\t1\t10\n")
    }

    @Test("every row error at once, catchable; nothing written")
    func errors() throws {
        let printed = try runLua("""
            local ok, err = pcall(af.import, { kind = "prices", text = "Date,Asset,Price\\n2024-01-02,ACME,x\\n2030-01-01,ACME,1\\n" })
            print(ok); print(err); print(#af.assets())
            """)
        #expect(printed == "false\n2 rows have errors; nothing was imported.\nline 2, Price: Cannot parse 'x' as a number.\nline 3, Date: Date cannot be in the future.\n0\n")
    }

    @Test("a path outside the --allow-read folders is refused; inside, it is read")
    func sandbox() throws {
        let refused = try run("af.import{ kind = 'transactions', path = arg[1] }", allowRead: [folder + "/data"], arguments: [folder + "/outside.csv"])
        #expect(refused.outcome.error?.contains("is not allowed in the sandbox (run with --allow-read DIR") == true)
        let none = try run("af.import{ kind = 'transactions', path = arg[1] }", arguments: [folder + "/data/t.csv"])
        #expect(none.outcome.error?.contains("is not allowed in the sandbox") == true)
        let allowed = try run("print(af.import{ kind = 'transactions', path = arg[1] }.imported)", allowRead: [folder + "/data"],
                              arguments: [folder + "/data/t.csv"])
        #expect(allowed.printed == "1\n", "\(allowed.outcome.error ?? "")")
    }

    @Test("dry_run writes nothing; unknown fields are refused")
    func options() throws {
        let printed = try runLua("""
            local r = af.import{ kind = "transactions", text = "Date,Asset,Type,Quantity,Price\\n2024-01-02,A,buy,1,1\\n", dry_run = true }
            print(r.dry_run, r.imported, #af.assets())
            print(select(2, pcall(af.import, { kind = "prices", txt = "x" })))
            """)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines[0] == "true\t1\t0")
        #expect(lines[1].hasPrefix("af.import: unknown field 'txt'"))
    }

    @Test("kind = \"rates\": the rates CSV import (af.set_rate's rules), all or nothing; dry_run writes nothing")
    func rates() throws {
        let printed = try runLua(#"""
            local csv = "date,base,quote,rate\n2024-03-01,USD,EUR,0.92\n2024-03-01,usd,jpy,150,ecb\n"
            local r = af.import{ kind = "rates", text = csv, dry_run = true }
            print(r.imported, r.dry_run, r.lines[1], #af.rates())
            r = af.import{ kind = "rates", text = csv }
            print(r.imported, r.duplicates, r.lines[1], #af.rates(), af.rates{ quote = "JPY" }[1].source)
            print(select(2, pcall(af.import, { kind = "rates", text = "date,base,quote,rate\n2024-03-02,USD,EUR,0.9\n2030-01-01,USD,EUR,1\n" })))
            print(#af.rates())
            """#)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines[0] == "2\ttrue\tDry run: 2 rates would be stored; nothing was written.\t0")
        #expect(lines[1] == "2\t0\tStored 2 rates.\t2\tecb")
        #expect(lines[2].contains("future"), "\(lines[2])")
        #expect(lines[3] == "2")
    }
}
