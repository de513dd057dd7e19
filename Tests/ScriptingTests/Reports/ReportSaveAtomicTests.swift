import Foundation
import Testing
@testable import Scripting

/// `Report:save` into the reports folder has no window between its check (by name) and its
/// write: a folder or file swapped for a link after the check is refused, never followed;
/// what lands is the whole file, and no temporary file stays behind. Every file and link is
/// made in the test's own temporary folder.
@Suite("Report:save is atomic")
struct ReportSaveAtomicTests {
    func setUp() throws -> (TemporaryFolder, ReportSession, String) {
        let temporary = TemporaryFolder("report-save")
        let reports = temporary.file("reports"), outside = temporary.file("outside")
        for folder in [reports + "/sub", outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let session = ReportSession(reportsFolder: reports, isTerminal: false, environment: [:])
        return (temporary, session, reports)
    }

    func leftovers(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".assetflow-") }
    }

    @Test("a folder swapped for a link between the check and the write: refused, nothing written outside")
    func folderSwappedAfterTheCheck() throws {
        let (temporary, session, reports) = try setUp()
        let target = try session.checkWritable(reports + "/sub/r.txt", trusted: false, function: "Report:save")
        // The race, made deterministic: after the check, sub becomes a link to the outside folder.
        try FileManager.default.moveItem(atPath: reports + "/sub", toPath: temporary.file("sub-was"))
        try FileManager.default.createSymbolicLink(atPath: reports + "/sub", withDestinationPath: temporary.file("outside"))
        #expect(throws: ReportSession.SaveRefused.self) { try session.saveInsideReportsFolder(Data("report".utf8), to: target) }
        #expect(!FileManager.default.fileExists(atPath: temporary.file("outside/r.txt")))
        #expect(leftovers(temporary.file("outside")).isEmpty && leftovers(reports).isEmpty)
    }

    @Test("a file swapped for a link after the check is refused; the outside file is unchanged")
    func fileSwappedAfterTheCheck() throws {
        let (temporary, session, reports) = try setUp()
        let secret = temporary.file("outside/secret.txt")
        try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
        let target = try session.checkWritable(reports + "/r.txt", trusted: false, function: "Report:save")
        try FileManager.default.createSymbolicLink(atPath: reports + "/r.txt", withDestinationPath: secret)
        #expect(throws: ReportSession.SaveRefused.self) { try session.saveInsideReportsFolder(Data("report".utf8), to: target) }
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "secret")
        #expect(leftovers(reports).isEmpty)
    }

    @Test("a save replaces the old file whole, keeps its mode, creates missing folders and leaves no temporary file")
    func replacesWhole() throws {
        let (temporary, session, reports) = try setUp()
        defer { withExtendedLifetime(temporary) {} }
        let target = try session.checkWritable(reports + "/r.txt", trusted: false, function: "Report:save")
        try session.saveInsideReportsFolder(Data("first".utf8), to: target)
        let attributes = try FileManager.default.attributesOfItem(atPath: reports + "/r.txt")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: reports + "/r.txt")
        try session.saveInsideReportsFolder(Data("second".utf8), to: target)
        #expect(try String(contentsOfFile: reports + "/r.txt", encoding: .utf8) == "second")
        #expect((try FileManager.default.attributesOfItem(atPath: reports + "/r.txt")[.posixPermissions] as? Int) == 0o640)
        let nested = try session.checkWritable(reports + "/new/deeper/r.md", trusted: false, function: "Report:save")
        try session.saveInsideReportsFolder(Data("nested".utf8), to: nested)
        #expect(try String(contentsOfFile: reports + "/new/deeper/r.md", encoding: .utf8) == "nested")
        #expect(leftovers(reports).isEmpty)
    }

    @Test("through Lua: a save into the reports folder writes the report")
    func throughLua() throws {
        let (temporary, _, reports) = try setUp()
        defer { withExtendedLifetime(temporary) {} }
        let out = try runReportLua(reportSetup + #"r:text("hello") print(r:save("# + "\"" + reports + "/saved.md\"" + #"))"#, folder: reports)
        #expect(out.contains("saved.md"))
        #expect(try String(contentsOfFile: reports + "/saved.md", encoding: .utf8).contains("hello"))
    }
}
