import Foundation
import Testing

/// Each rule's message is written once in the code (comments aside), so "where is the rule for X?" has one
/// answer. Reads the package's own sources (nothing is written).
@Suite("Rule messages are written once")
struct RuleMessagesOnceTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    func occurrences(of text: String) throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            // Code only: doc comments may quote a message.
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            let count = code.components(separatedBy: text).count - 1
            found += Array(repeating: url.lastPathComponent, count: count)
        }
        return found
    }

    @Test("\"Date cannot be in the future.\" and the duplicate-name messages appear exactly once",
          arguments: ["Date cannot be in the future.", "An asset named '", "A portfolio with this name already exists.",
                      "A price record already exists for this date."])
    func once(_ message: String) throws {
        let files = try occurrences(of: message)
        #expect(files.count == 1, "found in \(files)")
    }
}
