import Foundation
import Testing

/// `assetflow report NAME --year 2024`, `--param`, and `NAME --help` through the binary.
@Suite("assetflow report parameters")
struct ReportParametersCommandTests {
    let cli = CommandLineTests()

    func withReport(_ body: (String, String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "af-params-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/yearly.lua"
        try """
        local r = af.report.new{ title = "Year {year}", params = {
          year = { type = "integer", default = 2023, help = "The calendar year." },
          monthly_amount = { type = "decimal", help = "Saved each month." },
        } }
        r:text("year=" .. r.params.year .. " monthly=" .. tostring(r.params.monthly_amount))
        return r
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try body(script, folder + "/store.sqlite")
    }

    @Test("--NAME VALUE, --NAME=VALUE and --param NAME=VALUE reach r.params; options after them still count")
    func given() throws {
        try withReport { script, store in
            let a = try cli.run(["report", "--store", store, script, "--year", "2024", "--monthly-amount=12.50", "--format", "markdown"])
            #expect(a.status == 0, "\(a.err)")
            #expect(a.out.contains("# Year 2024") && a.out.contains("year=2024 monthly=12.5"), "\(a.out)")
            let b = try cli.run(["report", script, "--param", "year=2020", "--store", store])
            #expect(b.out.contains("year=2020 monthly=nil"), "\(b.out) \(b.err)")
        }
    }

    @Test("A wrong or unknown parameter exits 1 with the binding's words; a malformed one is a usage error")
    func refused() throws {
        try withReport { script, store in
            let wrong = try cli.run(["report", "--store", store, script, "--year", "soon"])
            #expect(wrong.status == 1 && wrong.err.contains("af.report.new: parameter 'year': an integer expected, got 'soon'"), "\(wrong.err)")
            let unknown = try cli.run(["report", "--store", store, script, "--yeer", "2024"])
            #expect(unknown.status == 1 && unknown.err.contains("unknown parameter 'yeer' (did you mean 'year'?"), "\(unknown.err)")
            let malformed = try cli.run(["report", "--store", store, script, "--year"])
            #expect(malformed.status == 64 && malformed.err.contains("--year needs a value"), "\(malformed.err)")
        }
    }

    @Test("NAME --help shows the command's help, then the report's parameters")
    func help() throws {
        try withReport { script, store in
            for flag in ["--help", "-h"] {
                let r = try cli.run(["report", "--store", store, script, flag])
                #expect(r.status == 0, "\(r.err)")
                #expect(r.out.hasPrefix("OVERVIEW: Run a report script"), "\(r.out)")
                #expect(r.out.hasSuffix("""
                    Report 'yearly': Year {year}

                    PARAMETERS (--name value, or --param name=value):
                      --monthly-amount <decimal>  Saved each month.
                      --year <integer>            The calendar year. (default: 2023)

                    """), "\(r.out)")
            }
            // Without NAME, --help is the command's help alone.
            let plain = try cli.run(["report", "--help"])
            #expect(plain.status == 0 && !plain.out.contains("PARAMETERS"))
        }
    }
}
