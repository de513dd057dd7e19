import Foundation
import Testing
@testable import Core
@testable import Store

extension RestoreLimitsTests {
    @Test("an archive whose history held 5 × 10^16 units while a trade priced them at 10^5 is refused (ConversionRange.checkHistory)")
    func historyRange() throws {
        var files = try sample()
        var text = String(decoding: files["asset_transaction.csv"]!, as: UTF8.self)
        let buy = try #require(text.split(separator: "\n").first { $0.contains(",buy,2024-02-01,5,") }.map(String.init))
        let sell = try #require(text.split(separator: "\n").first { $0.contains(",sell,2024-03-01,4,") }.map(String.init))
        // Today 5 × 10^16 + 11 units at 181.333: accepted by the value rule; in March one sold
        // at 10^5, so the position was worth 5 × 10^21 then.
        text = text.replacingOccurrences(of: buy, with: buy.replacingOccurrences(of: ",buy,2024-02-01,5,", with: ",buy,2024-02-01,50000000000000000,"))
        text = text.replacingOccurrences(of: sell, with: sell.replacingOccurrences(of: ",sell,2024-03-01,4,170.25,", with: ",sell,2024-03-01,4,100000,"))
        files["asset_transaction.csv"] = Data(text.utf8)
        #expect { _ = try BackupRestore.validate(try withManifestFixed(files), today: Self.today) } throws: {
            "\($0)".contains(ConversionRange.historyMessage)
        }
    }
}
