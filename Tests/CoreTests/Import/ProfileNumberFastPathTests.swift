import Foundation
import Testing
@testable import Core

/// A profile's plain numbers (`-12.50`) are read without the general reader; the value, and
/// its written form, are the general reader's in every style, and anything else is left to it.
@Suite("Profile numbers: the plain-digits path")
struct ProfileNumberFastPathTests {
    static let styles: [ProfileNumberStyle] = [.point, .comma, .auto, .lastMark]

    @Test("random plain numbers read the same, text and value, as the general reader in each style")
    func sameAsGeneral() throws {
        var rng = SystemRandomNumberGenerator()
        var cells = ["0", "-0", "00", "0.0", "007", "12.00", "-12.50", "1.234", "1234.5", "0.000000000000000001", "1.5", "10",
                     "999999999999999", "9999999999999999", "1.1234567890123456789", ".5", "5.", "-", "", " 5", "1,5", "1e5", "+5"]
        for _ in 0..<3000 {
            let whole = String((0..<Int.random(in: 1...17, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            let fraction = String((0..<Int.random(in: 0...20, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            cells.append((Bool.random(using: &rng) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
        }
        for style in Self.styles {
            for cell in cells {
                guard let fast = style.plainValue(cell) else { continue }
                let general = try style.generalValue(cell)
                #expect(general == fast, "\(style) '\(cell)'")
                #expect(general?.plainText == fast.plainText, "\(style) '\(cell)'")
                #expect(general?.scale == fast.scale, "\(style) '\(cell)'")
            }
        }
        #expect(ProfileNumberStyle.point.plainValue("-12.50")?.plainText == "-12.5")
        #expect(ProfileNumberStyle.comma.plainValue("12.50") == nil)
        #expect(ProfileNumberStyle.auto.plainValue("1.234") == nil)
    }
}
