import Foundation
import Testing
@testable import Core
@testable import Scripting

/// A profile's time limit holds for the whole file, not only for each row's call: a profile
/// that is slow on every row stops once the file's time is spent, and nothing is imported.
@Suite("Profile time limit per file")
struct ProfileTimeLimitTests {
    @Test("rows slow one by one stop at the file's limit, naming the first row not read; nothing is imported")
    func slowRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("slow.lua").path
        // Each row spins for a tenth of a second or more: well inside the per-call limit.
        try """
        return { name = "slow", headers = { "When", "Amount" }, currency = "EUR",
          row = function(r)
            local x = 0; for i = 1, 5e7 do x = x + 1 end
            return { { kind = "deposit", date = r["When"], amount = r["Amount"] } }
          end }
        """.write(toFile: profile, atomically: true, encoding: .utf8)
        var request = ProfileImport.Request(file: "slow.csv")
        request.profile = profile
        request.timeLimitSeconds = 1
        let csv = "When,Amount\n" + (0..<20).map { "2024-03-\(String(format: "%02d", $0 + 1)),\($0 + 1)" }.joined(separator: "\n") + "\n"
        let thrown = #expect(throws: ProfileError.self) { try ProfileImport.profiled(Data(csv.utf8), request: request) }
        let message = try #require(thrown?.description)
        #expect(message.contains("took longer than 1 s in all"), "\(message)")
        #expect(message.contains("nothing was imported"), "\(message)")
        // Without a file limit every row would be read; the limit stops before the last.
        #expect(!message.contains("line 21:"), "\(message)")
    }
}
