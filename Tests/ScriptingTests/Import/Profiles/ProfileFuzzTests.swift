import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Mutated real-shaped files through the profiles: no crash, never part of a file written,
/// never a row booked that the profile did not understand.
@Suite("Profiles under fuzzing")
struct ProfileFuzzTests {
    /// Each sample and the column that says what a row is.
    static let samples: [(file: String, kindColumn: String)] = [
        ("trading212.csv", "Action"), ("degiro-nl.csv", "Omschrijving"), ("schwab.csv", "Action"), ("revolut.csv", "Type"),
        ("ibkr-flex-trades.csv", "Buy/Sell"), ("freetrade.csv", "Type"), ("etoro.csv", "Type"), ("coinbase.csv", "Transaction Type"),
        ("kraken-ledgers.csv", "type"), ("ghostfolio.csv", "Action"), ("portfolio-performance.csv", "Type"), ("ibkr-statement.csv", "Asset Category"), ("investengine.csv", "Transaction Type"), ("scalable.csv", "type"), ("traderepublic.csv", "type"), ("bitstamp.csv", "Type"), ("fidelity.csv", "Action"),
        ("xtb.csv", "Type"),
        ("vanguard.csv", "Transaction Type"), ("vanguard-uk.csv", "Details"), ("coinbasepro-account.csv", "type"), ("coinbasepro-fills.csv", "side"), ("binance.csv", "Operation"),
    ]

    /// A small deterministic generator (the same mutations on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    /// One random change: a character dropped, doubled or replaced, a line doubled or
    /// dropped, a digit changed, a comma or quote inserted, the file cut short.
    static func mutate(_ text: String, _ g: inout Generator) -> String {
        var chars = Array(text)
        guard chars.count > 2 else { return text }
        let at = g.next(chars.count)
        switch g.next(8) {
        case 0: chars.remove(at: at)
        case 1: chars.insert(chars[at], at: at)
        case 2: chars[at] = Array("0123456789,.;\"-$€ xX\n")[g.next(21)]
        case 3: chars.insert(",", at: at)
        case 4: chars.insert("\"", at: at)
        case 5: chars = Array(chars.prefix(at))
        case 6:
            var lines = text.components(separatedBy: "\n")
            let i = g.next(lines.count)
            lines.insert(lines[i], at: i)
            return lines.joined(separator: "\n")
        default:
            var lines = text.components(separatedBy: "\n")
            lines.remove(at: g.next(lines.count))
            return lines.joined(separator: "\n")
        }
        return String(chars)
    }

    @Test("random mutations: the import succeeds whole or changes nothing, and a success imports again as nothing new")
    func randomMutations() throws {
        var g = Generator(state: 2026)
        for (file, _) in Self.samples {
            let original = String(decoding: try sample(file), as: UTF8.self)
            for _ in 0..<15 {
                var text = original
                for _ in 0...g.next(3) { text = Self.mutate(text, &g) }
                let t = try ProfileTestStore()
                let summary: [String]?
                do { summary = try t.importing(Data(text.utf8)) } catch {
                    #expect(try t.transactionCount() == 0, "\(file): a refused import wrote something")
                    #expect(try t.assetNames().isEmpty, "\(file): a refused import created assets")
                    continue
                }
                guard summary != nil else { continue }  // no profile recognized it: the generic mapping's business
                let count = try t.transactionCount()
                _ = try t.importing(Data(text.utf8))
                #expect(try t.transactionCount() == count, "\(file): importing the same mutated file twice added rows")
            }
        }
    }

    @Test("a row whose kind is not one the profile knows is refused, never skipped or guessed")
    func unknownKinds() throws {
        var g = Generator(state: 21)
        for (file, column) in Self.samples {
            let rows = try ProfileImport.rows(of: try sample(file))
            guard let header = rows.firstIndex(where: { $0.fields.contains(column) }), let k = rows[header].fields.firstIndex(of: column) else {
                Issue.record("\(file): no column \(column)")
                continue
            }
            var lines = String(decoding: try sample(file), as: UTF8.self).components(separatedBy: "\n")
            // Among the rows the profile books (not those it skips on purpose).
            let booked = Set(try #require(try ProfileImport.profiled(try sample(file), request: .init(file: file))).results
                .filter { $0.skipReason == nil }.map(\.row.line))
            let data = rows.indices.filter { $0 > header && rows[$0].fields.count > k && booked.contains(rows[$0].line) }
            guard let pick = data.isEmpty ? nil : data[g.next(data.count)] else { continue }
            var fields = rows[pick].fields
            fields[k] = "Zzyzx unheard of"
            let delimiter = file.contains("performance") || file.hasPrefix("xtb") ? ";" : ","
            lines[rows[pick].line - 1] = fields.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: delimiter)
            let t = try ProfileTestStore()
            #expect(throws: (any Error).self, "\(file) line \(rows[pick].line)") { try t.importing(Data(lines.joined(separator: "\n").utf8)) }
            #expect(try t.transactionCount() == 0)
        }
    }
}
