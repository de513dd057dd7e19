import Foundation
import Testing
@testable import Scripting

/// Built-in reports ship inside the binary (issue 11): a copied binary still has them, and
/// a report of the user's own with the same name wins.
@Suite("Built-in reports inside the binary")
struct BuiltInReportsTests {
    let cli = CommandLineTests()

    @Test("the embedded reports are scripts/reports/*.lua exactly (else run scripts/update-reports)")
    func embeddedMatchFiles() throws {
        let folder = ReportCommandTests.root.appendingPathComponent("scripts/reports")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(ReportRunner.builtIn.keys))
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(ReportRunner.builtIn[String(file.dropLast(4))] == text, "\(file) differs: run scripts/update-reports")
        }
    }

    @Test("a copy of the binary alone, elsewhere, still runs the built-in reports")
    func copiedBinary() throws {
        let folder = NSTemporaryDirectory() + "af-copy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/assetflow"
        try FileManager.default.copyItem(atPath: CommandLineTests.binary, toPath: copy)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: copy)
        process.arguments = ["report", "holdings", "--store", folder + "/store.sqlite"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = CommandLineTests.environment()
        environment["ASSETFLOW_BUILTIN_REPORTS"] = nil
        environment["ASSETFLOW_REPORTS"] = folder + "/no-reports"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errors)")
        #expect(text.contains("Holdings"))
    }

    @Test("a report of the user's own overrides the built-in one of the same name")
    func userOverrides() throws {
        let reports = NSTemporaryDirectory() + "af-mine-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: reports) }
        try #"local r = af.report.new{ title = "My holdings" }; r:text("mine"); return r"#
            .write(toFile: reports + "/holdings.lua", atomically: true, encoding: .utf8)
        let r = try cli.run(["report", "holdings", "--store", cli.temporaryStore()],
                            environment: ["ASSETFLOW_REPORTS": reports, "ASSETFLOW_BUILTIN_REPORTS": ""])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("My holdings") && r.out.contains("mine"))
    }
}
