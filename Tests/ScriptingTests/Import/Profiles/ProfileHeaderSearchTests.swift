import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// A file's header is looked for anywhere in its preamble, not only in its first lines.
@Suite("Profiles: the header under a long title block")
struct ProfileHeaderSearchTests {
    /// `count` lines of a statement's title block: a title, account details, a disclaimer
    /// with commas inside quotes, blank lines.
    static func titleBlock(_ count: Int) -> String {
        var lines = ["Binance transaction history", "User ID: 38017201", "Period: 2024-01-01 to 2024-12-31", ""]
        var i = 0
        while lines.count < count {
            i += 1
            lines.append(i % 5 == 0 ? "" : "\"Note \(i): figures are in UTC, amounts as booked, fees shown separately\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a header below 150 title lines is found with no option; the rows import as they do without the title block")
    func longTitleBlock() throws {
        let plain = try sample("binance.csv")
        let titled = Data((Self.titleBlock(150) + String(decoding: plain, as: UTF8.self)).utf8)
        let a = try ProfileTestStore(), b = try ProfileTestStore()
        let lines = try #require(try a.importing(titled))
        #expect(lines.first == "Profile: Binance (binance).", "\(lines)")
        _ = try b.importing(plain)
        #expect(try a.assetNames() == b.assetNames())
        for name in try b.assetNames() { #expect(try a.position(name) == b.position(name), "\(name)") }
        #expect(try a.transactionCount() == b.transactionCount())
    }

    @Test("the search is bounded: a header below the first 1,000 lines is not looked for")
    func bounded() throws {
        let text = Self.titleBlock(ProfileCatalog.headerSearchLines * 2)  // a fifth of it blank lines, which are left out + String(decoding: try sample("binance.csv"), as: UTF8.self)
        let head = ProfileCatalog.Head(try ProfileImport.rows(of: Data(text.utf8)))
        #expect(head.cells.count == ProfileCatalog.headerSearchLines)
        #expect(ProfileCatalog.recognize(head, among: try ProfileCatalog.builtIn.map(ProfileScript.init)) == nil)
    }
}
