import Foundation
import LuaBridge
import LuaDecimals
import Testing
@testable import Core
@testable import Scripting

/// The profiles' fast paths give exactly what the general readers give, on well-formed and
/// malformed texts alike: `num` reads a plainly written number in C (the shim's decimals.c),
/// the same decimal with the same places as `ProfileNumberStyle.parse` in every style, or
/// the same error, or nil; an ISO date or date-time is read without the general date reader,
/// the same day as `ImportDate.parse`, or left to it.
@Suite("Profile fast paths")
struct ProfileFastPathTests {
    enum Outcome: Equatable {
        case value(units: UInt128, scale: UInt8, negative: Bool)
        case none
        case failure(String)
    }

    /// A small deterministic generator (the same texts on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static let curated = [
        "", "0", "-0", "00", "0.0", "0.000", "-0.00", "1", "-1", "+1", "12.50", "-12.50", "007", "007.50", "00.5", ".5", "5.", "-", "-.", "1.2.3",
        "1,5", "1,234", "1,234.50", "1.234,50", "1.234", "12.345", "-12.345", "0.123", "0.1234", "1e5", " 1", "1 ", "١٢", "12a", "--1",
        "123456789012345", "1234567890123456", "123456789012345.5", "0.123456789012345678", "0.1234567890123456789", "0.000000000000000001",
        "9999999999999999999", "999999999999999.9999", "1000000000000000000", "18446744073709551615", "18446744073709551616",
        "1.000000000000000000000000", "100.00", "2.0000000000", "101.00", "1.00000", "0.50", "0.15", "£1", "$1.00", "(1.00)", "1.-",
    ]

    static func texts() -> [String] {
        var g = Generator(state: 2121)
        let alphabet = Array("0000123456789...,,-- +e")
        var texts = curated
        for _ in 0..<3000 {
            let length = g.next(24)
            texts.append(String((0..<length).map { _ in alphabet[g.next(alphabet.count)] }))
        }
        return texts
    }

    static func swiftOutcome(_ style: ProfileNumberStyle, _ text: String) -> Outcome {
        do {
            guard let value = try style.parse(text) else { return .none }
            return .value(units: value.units, scale: value.scale, negative: value.isNegative)
        } catch {
            return .failure(String(describing: error))
        }
    }

    @Test("num equals the Swift reader on every text, in every style", arguments: ["point", "comma", "auto", "last_mark"])
    func sameAsSwift(_ styleName: String) throws {
        #expect(LuaState.decimalFastPathsAvailable)
        let style = try #require(ProfileNumberStyle(rawValue: styleName))
        let script = try ProfileScript(ImportProfile(name: "n", source: """
            return { name = "n", headers = { "A" }, decimal = "\(styleName)", row = function(r) return nil end }
            """, origin: "test"))
        let call = LuaCall(script.lua.L)
        for text in Self.texts() {
            call.setTop(0)
            script.lua.pushGlobal("num")
            call.pushString(text)
            let got: Outcome
            do {
                try script.lua.call(arguments: 1, results: 1)
                if let value = script.lua.decimalValue(at: -1) {
                    got = .value(units: value.units, scale: value.scale, negative: value.isNegative)
                } else {
                    #expect(call.isNil(at: -1), "'\(text)'")
                    got = .none
                }
            } catch {
                got = .failure(String(describing: error))
            }
            switch (got, Self.swiftOutcome(style, text)) {
            case (.failure(let lua), .failure(let swift)):
                #expect(lua.contains(swift), "'\(text)': \(lua) vs \(swift)")
            case (let lua, let swift):
                #expect(lua == swift, "'\(text)' in \(styleName)")
            }
        }
    }

    static func dateTexts() -> [String] {
        var g = Generator(state: 2124)
        var texts = ["2024-03-01", "2024-03-01 10:00:00", "2024-03-01T10:00:00", "2024-02-30 10:00:00", "2024-13-01T10:00:00", "0000-01-01 00:00:00",
                     "2024-03-01 99:99:99", "2024-03-01t10:00:00", "2024-03-01 10:00", "2024-03-01 10:00:00Z", "2024-03-01T10:00:00.5", "2024-3-01 10:00:00",
                     "2024-03-01X10:00:00", "2024-03-01 1a:00:00", "20240301", "01/03/2024 10:00:00", "2024-03-01  0:00:00", "9999-12-31 23:59:59"]
        let alphabet = Array("0123456789012345678901-- :T")
        for _ in 0..<3000 {
            var chars = Array(g.next(2) == 0 ? "2024-03-01 10:00:00" : "1999-12-31T23:59:59")
            for _ in 0..<(1 + g.next(3)) { chars[g.next(chars.count)] = alphabet[g.next(alphabet.count)] }
            if g.next(5) == 0 { chars.removeLast(g.next(10)) }
            texts.append(String(chars))
        }
        return texts
    }

    @Test("ISO dates and date-times read as the general date reader reads them, with and without a format")
    func isoDates() throws {
        let formats: [ImportDate?] = [nil, try ImportDate(format: "DD/MM/YYYY"), try ImportDate(format: "YYYY-MM-DD")]
        var fast = 0
        for format in formats {
            for text in Self.dateTexts() {
                guard let day = ProfileScript.isoDay(text, format: format) else { continue }
                fast += 1
                #expect(day == (try? ImportDate.parse(text, format: format)), "'\(text)'")
            }
        }
        #expect(fast > 500)  // the mutations leave about a third of the texts well-formed
    }
}
