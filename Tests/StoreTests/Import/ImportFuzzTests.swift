import Foundation
import Testing
@testable import Core
@testable import Store

/// Thousands of damaged files: rows cut short, bytes that are not UTF-8, stray quotes,
/// huge fields, shuffled lines. An import never crashes and never half-imports: it either
/// succeeds or leaves the store exactly as it was.
@Suite("Import fuzzing: never a crash, never half an import")
struct ImportFuzzTests {
    static let base = #"""
        Date,Asset,Type,Quantity,Price,Fees,Note
        2024-01-02,ACME,buy,10,12.5,1,"first, with a comma"
        2024-01-03,ACME,sell,4,13,0,
        2024-01-04,Bond Fund,buy,100,"1,000.25",0,"say ""hi"""
        2024-01-05,ACME,buy,2,USD 12,0,
        2024-01-06,ACME,sell,1,14,0,
        """#

    /// A deterministic generator, so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    static func mutate(_ bytes: [UInt8], _ r: inout Random) -> [UInt8] {
        var b = bytes
        for _ in 0...r.below(3) {
            let at = r.below(b.count + 1)
            switch r.below(9) {
            case 0: b = Array(b.prefix(at))                                              // cut the file
            case 1: b.insert(UInt8(r.below(256)), at: at)                                // any byte (often not UTF-8)
            case 2: b.insert(UInt8(ascii: "\""), at: at)                                 // stray quote
            case 3: b.insert(contentsOf: Array(repeating: UInt8(ascii: "9"), count: 5_000 + r.below(20_000)), at: at)  // huge field
            case 4: if at < b.count { b.remove(at: at) }                                 // lose a byte
            case 5: b.insert(contentsOf: Array(",;\t\r\n".utf8), at: at)                 // separators
            case 6: b.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: at)                     // a BOM anywhere
            case 7:                                                                      // shuffle lines
                var lines = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                lines.swapAt(r.below(lines.count), r.below(lines.count))
                b = Array(lines.joined(separator: "\n").utf8)
            default: b.insert(contentsOf: Array("-1e999".utf8), at: at)                  // a number out of range
            }
        }
        return b
    }

    @Test("2,000 mutated files: each import succeeds or changes nothing")
    func mutatedFiles() throws {
        let store = try AssetFlowStore(path: nil)
        var random = Random(state: 20_241_123)
        var succeeded = 0, refused = 0
        try store.withSession(today: CalendarDate("2024-06-01")!) { s in
            var options = ImportOptions(kind: .transactions)
            options.defaultAssetType = .stock
            for _ in 0..<2_000 {
                let data = Data(Self.mutate(Array(Self.base.utf8), &random))
                let before = try snapshot(s)
                do {
                    _ = try s.importCSV(ImportRequest(options: options, data: data))
                    succeeded += 1
                } catch is ImportFailure {
                    refused += 1
                    #expect(try snapshot(s) == before)
                } catch is RuleViolation {
                    refused += 1
                    #expect(try snapshot(s) == before)
                }
                // Start afresh now and then, so later files are not all duplicates.
                if random.below(20) == 0 {
                    try s.db.execute(sql: "DELETE FROM asset")
                    s.invalidateAll()
                }
            }
        }
        #expect(succeeded > 0)
        #expect(refused > 0)
    }
}
