import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Documentation/Import.md's worked example of a profile, run as the page shows it.
@Suite("Import.md: the worked profile example")
struct ProfileDocumentationTests {
    /// The fenced block after `marker`.
    func block(after marker: String, in text: String) throws -> String {
        let start = marker.isEmpty ? text.startIndex..<text.startIndex : try #require(text.range(of: marker))
        let fence = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let bodyStart = try #require(text.range(of: "\n", range: fence.upperBound..<text.endIndex)).upperBound
        let end = try #require(text.range(of: "```", range: bodyStart..<text.endIndex))
        return String(text[bodyStart..<end.lowerBound])
    }

    @Test("mybank.lua reads the page's file: a deposit, a buy, a dividend; MyBank EUR holds 57")
    func workedExample() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Import.md"), encoding: .utf8)
        let csv = try block(after: "whose export looks like this:", in: page)
        let luaStart = try #require(page.range(of: "```lua\n-- mybank.lua")).lowerBound
        let lua = try block(after: "", in: String(page[luaStart...]))
        let profile = try temporaryFile("mybank.lua", lua)
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let t = try ProfileTestStore()
        let lines = try #require(try t.importing(Data(csv.utf8)) { $0.profile = profile })
        #expect(lines.first == "Profile: MyBank (mybank).")
        expectPosition(try t.position("ACME"), quantity: 10, cost: 955, realized: 0)
        #expect(try t.position("MyBank EUR").quantity == 57)
        #expect(try t.income("ACME").dividends == 12)
    }

    @Test("myexchange.lua reads the page's fills: a deposit, a buy, a coin-to-coin swap at cost, a sale; as the page says")
    func swapExample() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Import.md"), encoding: .utf8)
        let csv = try block(after: "whose fills file looks like this", in: page)
        let luaStart = try #require(page.range(of: "```lua\n-- myexchange.lua")).lowerBound
        let lua = try block(after: "", in: String(page[luaStart...]))
        let profile = try temporaryFile("myexchange.lua", lua)
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let t = try ProfileTestStore()
        let lines = try #require(try t.importing(Data(csv.utf8)) { $0.profile = profile })
        #expect(lines.first == "Profile: MyExchange (myexchange).")
        expectPosition(try t.position("BTC"), quantity: D("0.0499"), cost: D("2005.98"), realized: 0)
        expectPosition(try t.position("ETH"), quantity: D("0.5"), cost: D("1007.01"), realized: D("485.49"))
        expectPosition(try t.position("MyExchange EUR"), quantity: D("2472.5"), cost: D("2472.5"), realized: 0)
        try expectSwapsLinked(t, ["BTC"])
    }

    @Test("every built-in profile has its row in Import.md's table of profiles")
    func everyProfileDocumented() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Import.md"), encoding: .utf8)
        for profile in ProfileCatalog.builtIn {
            #expect(page.contains("| `\(profile.name)` |"), "\(profile.name)")
        }
    }
}
