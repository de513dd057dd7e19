import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Runs the report `source` with command-line parameters `given` (and `--help`), on an
/// empty in-memory store.
private func runReport(_ source: String, given: [String: String] = [:], help: Bool = false) throws -> ReportRunner.Outcome {
    let path = try temporaryFile("params.lua", source)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var request = ReportRunner.Request(script: path)
    request.format = .markdown
    request.parameters = given
    request.help = help
    return try ReportRunner.run(request, store: try AssetFlowStore(path: nil), today: CalendarDate("2024-06-01")!, output: { _ in })
}

private let declaring = """
local r = af.report.new{ title = "Income", params = {
  year = { type = "integer", default = 2023, help = "The calendar year." },
  goal = { type = "decimal", help = "A goal." },
  from = { type = "date", default = "2024-01-01", help = "First day." },
  detailed = { type = "boolean", default = false, help = "Every row." },
  model = { type = "string", choices = { "normal", "bootstrap" }, default = "normal", help = "Return model." },
} }
r:text(string.format("year=%s %s goal=%s from=%s detailed=%s model=%s", r.params.year, math.type(r.params.year),
  tostring(r.params.goal), r.params.from, tostring(r.params.detailed), r.params.model))
return r
"""

@Suite("Report parameters")
struct ReportParametersTests {
    @Test("Declared parameters take their defaults")
    func defaults() throws {
        let outcome = try runReport(declaring)
        #expect(outcome.error == nil)
        #expect(outcome.text?.contains("year=2023 integer goal=nil from=2024-01-01 detailed=false model=normal") == true)
    }

    @Test("Values from the command line are typed: an integer, an exact decimal, a date, a boolean, a choice")
    func given() throws {
        let outcome = try runReport(declaring, given: ["year": "2024", "goal": "1000000.10", "from": "2024-02-29", "detailed": "yes", "model": "bootstrap"])
        #expect(outcome.error == nil)
        #expect(outcome.text?.contains("year=2024 integer goal=1000000.1 from=2024-02-29 detailed=true model=bootstrap") == true, "\(outcome.text ?? outcome.error ?? "")")
    }

    @Test("A wrong value is refused in the words of a binding's argument check",
          arguments: [
            (["year": "20x4"], "af.report.new: parameter 'year': an integer expected, got '20x4'"),
            (["goal": "1,5"], "af.report.new: parameter 'goal': a decimal expected, got '1,5'"),
            (["model": "magic"], "af.report.new: parameter 'model': \"normal\" or \"bootstrap\" expected, got 'magic'"),
            (["yeer": "2024"], "af.report.new: unknown parameter 'yeer' (did you mean 'year'? expected one of: detailed, from, goal, model, year)"),
          ])
    func refused(given: [String: String], message: String) throws {
        let outcome = try runReport(declaring, given: given)
        #expect(outcome.error?.contains(message) == true, "\(outcome.error ?? "no error")")
        #expect(outcome.text == nil)
    }

    @Test("A wrong date says what a date binding says")
    func wrongDate() throws {
        let outcome = try runReport(declaring, given: ["from": "2024-02-30"])
        let binding = try? runLua(#"af.rows.transactions{ from = "2024-02-30" }"#)
        #expect(binding == nil)
        #expect(outcome.error?.contains("af.report.new: parameter 'from': ") == true)
    }

    @Test("A wrong default is refused where it is declared")
    func wrongDefault() throws {
        let outcome = try runReport(#"return af.report.new{ params = { year = { type = "integer", default = "soon" } } }"#)
        #expect(outcome.error?.contains("af.report.new: field 'params.year.default': an integer expected, got 'soon'") == true, "\(outcome.error ?? "")")
        let unknownType = try runReport(#"return af.report.new{ params = { year = { type = "int" } } }"#)
        #expect(unknownType.error?.contains("field 'params.year.type': \"string\", \"integer\", \"decimal\", \"date\" or \"boolean\" expected, got 'int'") == true,
                "\(unknownType.error ?? "")")
        let unknownField = try runReport(#"return af.report.new{ params = { year = { type = "integer", defualt = 1 } } }"#)
        #expect(unknownField.error?.contains("unknown field 'defualt'") == true, "\(unknownField.error ?? "")")
    }

    @Test("Parameters given to a report that declares none are refused")
    func undeclared() throws {
        let outcome = try runReport(#"return af.report.new{ title = "Plain" }"#, given: ["year": "2024"])
        #expect(outcome.error == "This report declares no parameters (af.report.new{ params = … }), so --year cannot be used.")
    }

    @Test("--help lists the parameters with their types, help and defaults, without running the rest")
    func help() throws {
        let outcome = try runReport(declaring.replacingOccurrences(of: "r:text(", with: "error('not reached') r:text("), help: true)
        #expect(outcome.error == nil)
        let text = try #require(outcome.text)
        #expect(text.hasPrefix("Report '") && text.contains("params': Income\n\nPARAMETERS (--name value, or --param name=value):\n"), "\(text)")
        #expect(text.contains("  --year <integer>            The calendar year. (default: 2023)\n"), "\(text)")
        #expect(text.contains("  --model <normal|bootstrap>  Return model. (default: normal)\n"), "\(text)")
        #expect(text.contains("  --goal <decimal>            A goal.\n"), "\(text)")
        let none = try runReport(#"return af.report.new{ title = "Plain" }"#, help: true)
        #expect(none.text?.hasSuffix("This report takes no parameters.\n") == true)
    }

    @Test("Command-line words: --name value, --name=value, --param name=value; dashes are underscores")
    func words() throws {
        #expect(try ReportParameters.rawValues(from: ["--year", "2024", "--monthly-amount=500", "--param", "goal=1e6"])
                == ["year": "2024", "monthly_amount": "500", "goal": "1e6"])
        #expect(throws: RuleViolation.self) { try ReportParameters.rawValues(from: ["--year"]) }
        #expect(throws: RuleViolation.self) { try ReportParameters.rawValues(from: ["2024"]) }
        #expect(throws: RuleViolation.self) { try ReportParameters.rawValues(from: ["--year", "1", "--year", "2"]) }
        #expect(throws: RuleViolation.self) { try ReportParameters.rawValues(from: ["--param", "year"]) }
    }

    @Test("A script run outside `assetflow report` gets the defaults")
    func inScripts() throws {
        let printed = try runLua(#"local r = af.report.new{ params = { runs = { type = "integer", default = 500 } } } print(r.params.runs)"#)
        #expect(printed == "500\n")
    }
}
