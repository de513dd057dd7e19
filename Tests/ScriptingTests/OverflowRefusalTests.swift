import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Issue 23, item 4: writes that would leave the exact range are refused with their rule's
/// message, so no stored row can make a total fail; a projection model's out-of-range
/// return is an error, not 0.
@Suite("Overflow refusals")
struct OverflowRefusalTests {
    @Test("buys that would hold 10^18 or more units, or a price worth 10^21, are refused; net worth still computes")
    func heldQuantity() throws {
        let out = try runLua("""
            local a = af.create_asset{ name = 'BIG', type = 'stock', quantity = '900000000000000000', cost_basis = '1', date = '2024-01-01' }
            print(pcall(a.buy, a, { quantity = '900000000000000000', price = '1', date = '2024-01-02' }))
            print(pcall(a.set_quantity, a, '1000000000000000000'))
            print(pcall(a.record_price, a, { price = '900000000000000000', date = '2024-01-03' }))
            a:record_price{ price = '1000', date = '2024-01-04' }
            print(af.net_worth():exact())
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for line in lines.prefix(2) {
            #expect(line.hasPrefix("false\t") && line.contains("out of range"), "\(line)")
        }
        // A price that would make the position worth 10^21 or more is refused (ConversionRange).
        #expect(lines[2].hasPrefix("false\t") && lines[2].contains(ConversionRange.valueMessage), "\(lines[2])")
        #expect(lines.last == "900000000000000000000")
    }

    @Test("a projection model returning a number beyond the decimal range is an error, not 0", arguments: ["1e39", "-3.5e38"])
    func projectionModelOutOfRange(value: String) throws {
        let out = try runLua("""
            print(pcall(af.project, { start_value = 1000, months = 3, runs = 0, model = function(step) return \(value) end }))
            print(pcall(af.project, { start_value = 1000, months = 3, cash_flow = function(step) return \(value) end }))
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        for line in lines { #expect(line.hasPrefix("false\t") && line.contains("beyond the decimal range"), "\(line)") }
    }
}
