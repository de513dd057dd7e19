import Foundation
import Testing
@testable import Core
@testable import Scripting

/// A profile's date fields are read once per distinct text and found again by their Lua
/// string: a repeated date gives the same day, a date-time its day, and a text that is not a
/// date is still the error of its own line (the memo never answers for it).
@Suite("Profile dates read once per text")
struct ProfileDateMemoTests {
    @Test("repeated and distinct date texts give their days; a bad date is refused at its line, as before the memo")
    func memoizedDates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-date-memo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("dates.lua").path
        try """
        return { name = "dates", headers = { "When", "Amount" }, currency = "EUR",
          row = function(r) return { { kind = "deposit", date = r["When"], amount = r["Amount"] } } end }
        """.write(toFile: profile, atomically: true, encoding: .utf8)
        var request = ProfileImport.Request(file: "dates.csv")
        request.profile = profile
        let good = "When,Amount\n2024-03-01,1\n2024-03-01 10:00:00,2\n2024-03-01,3\n 2024-03-02 ,4\n2024-03-01 10:00:00,5\n"
        let run = try #require(try ProfileImport.profiled(Data(good.utf8), request: request))
        #expect(run.results.map { $0.operations.first!.date.description } == ["2024-03-01", "2024-03-01", "2024-03-01", "2024-03-02", "2024-03-01"])
        let bad = "When,Amount\n2024-03-01,1\nsoon,2\n2024-03-01,3\nsoon,4\n"
        let thrown = #expect(throws: ProfileError.self) { try ProfileImport.profiled(Data(bad.utf8), request: request) }
        let message = try #require(thrown?.description)
        #expect(message.hasPrefix("2 rows have errors; nothing was imported (profile dates)."), "\(message)")
        #expect(message.contains("line 3: ") && message.contains("line 5: "), "\(message)")
        #expect(!message.contains("line 2:") && !message.contains("line 4:"), "\(message)")
    }
}
