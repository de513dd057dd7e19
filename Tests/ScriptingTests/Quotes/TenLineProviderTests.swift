import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// REPL.md's "A price provider in ten lines", run as printed against a local server.
@Suite("REPL.md's ten-line provider", .serialized)
struct TenLineProviderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The first Lua block after the section's heading.
    static func example() throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent("REPL.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### A price provider in ten lines").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```lua\n").dropFirst().first?.components(separatedBy: "```").first)
        return block
    }

    @Test("The example has ten lines of code besides its hosts line, and stores the prices it is served")
    func tenLines() throws {
        let source = try Self.example()
        let code = source.split(separator: "\n").filter { !$0.hasPrefix("--") }
        #expect(code.count == 10, "\(code)")
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "af-tenline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.replacingOccurrences(of: "-- hosts: quotes.example.com", with: "-- hosts: 127.0.0.1")
            .replacingOccurrences(of: "https://quotes.example.com", with: server.base)
            .write(toFile: folder + "/mysite.lua", atomically: true, encoding: .utf8)
        let store = try PriceFetchTests.store(#"af.create_asset{ name = "ACME", type = "stock", currency = "USD" }:update{ quote = { provider = "mysite", symbol = "ACME" } }"#)
        let outcomes = try PriceFetchTests.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-03")
        #expect(outcomes.first?.stored == 3 && outcomes.first?.failure == nil, "\(outcomes)")
        #expect(try PriceFetchTests.prices(store, "ACME") == ["2024-01-01 50.01", "2024-01-02 50.02", "2024-01-03 50.03"])
        #expect(server.port != 0)
        #expect(server.requests == ["/history/ACME.csv?from=2024-01-01&to=2024-01-03"])
    }
}
