import Foundation
import Testing
@testable import Core

/// Issue 15 item 15 in Core: values the store could not keep exactly, or whose products a
/// calculator could overflow on, are refused by the rules before anything is written.
@Suite("AmountRange")
struct AmountRangeTests {
    let today = CalendarDate("2024-06-01")!
    let stock = Asset(id: 1, name: "ACME", type: .stock)

    func message(_ quantity: String, _ price: String, fees: String = "0") -> String? {
        let t = Transaction(assetID: 1, type: .buy, date: today, quantity: try! .parse(quantity), pricePerUnit: try! .parse(price),
                            fees: try! .parse(fees), currency: "USD")
        do { try TransactionRules.validateNew(t, asset: stock, currentQuantity: 0, today: today); return nil } catch {
            return (error as? RuleViolation)?.message
        }
    }

    @Test("a 38-digit buy at a 38-digit price (a 76-digit total) is refused, naming the value")
    func thirtyEightNines() {
        let nines = String(repeating: "9", count: 38)
        #expect(message(nines, nines) == "Quantity \(nines) is out of range: it must be below 1000000000000000000.")
        #expect(message("1", nines) == "Price per unit \(nines) is out of range: it must be below 1000000000000000000.")
    }

    @Test("more than 18 places, fees and totals out of range are refused; the largest accepted values multiply exactly")
    func limits() throws {
        #expect(message("0.0000000000000000001", "1") == "Quantity 0.0000000000000000001 has more than 18 decimal places.")
        #expect(message("1", "1", fees: "1" + String(repeating: "0", count: 32))?.hasPrefix("Fees 1") == true)
        let long = "999999999999999999.999999999999999999"
        #expect(message(long, long) == "The total \(long) × \(long) is out of range (\(long) * \(long) is not exact in 39 digits (decimals keep at most 39 digits, 38 after the point)).")
        #expect(message(long, "1") == nil)
        #expect(try AmountRange.total(quantity: .parse("9999999999999999"), price: .parse("9999999999999999.99")).plainText == "99999999999999989900000000000000.01")
    }

    @Test("a price out of range is refused")
    func prices() {
        #expect(throws: RuleViolation.self) { try PriceRules.validate(PricePoint(assetID: 1, date: today, price: 1_000_000_000_000_000_000), today: today) }
    }
}
