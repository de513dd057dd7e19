import Foundation
import GRDB
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// A profiled import's bulk write replays the assets it created from the rows as it bound
/// them (`CreatedHistories`), the others from their rows read back: the derived rows it
/// leaves (snapshots, quantity checkpoints, monthly prices, extents) are those a rebuild
/// from the stored transactions makes, on random files, into a new store and into one that
/// already holds some of the assets.
@Suite("Profile imports: the replay of the written rows")
struct ProfileReplayTests {
    typealias Generator = ProfileFuzzTests.Generator

    static let header = "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,"
        + "Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID\n"

    /// A random Trading 212 file of deposits, buys, sells of what is held, dividends with
    /// their tax and withdrawals, in `tickers`, over `days` days from `start` (several rows a
    /// day), listed oldest or newest first. `tag` keeps its ids apart from another file's.
    static func file(_ g: inout Generator, tickers: [String], start: Int, days: Int, tag: String) -> Data {
        var rows: [(day: Int, line: String)] = []
        var held: [String: Int] = [:]
        var day = start
        for i in 0..<(20 + g.next(200)) {
            day += g.next(3) == 0 ? 0 : 1 + g.next(max(days / 50, 1))
            let date = CalendarDate(dayNumber: day).isoText
            let ticker = tickers[g.next(tickers.count)], isin = "US00000000\(tickers.firstIndex(of: ticker)! + 10)"
            let time = String(format: "%02d:%02d:00", 9 + g.next(8), g.next(60))
            let price = "\(50 + g.next(100)).\(String(format: "%02d", g.next(100)))"
            switch i == 0 ? 0 : g.next(7) {
            case 0, 1:
                rows.append((day, "Deposit,\(date) \(time),,,,,,,,,,\(1000 + g.next(5000)).00,EUR,,,,\(tag)D\(i)"))
            case 2, 3:
                let units = 1 + g.next(5)
                held[ticker, default: 0] += units
                rows.append((day, "Market buy,\(date) \(time),\(isin),\(ticker),\(ticker) Corp,\(units).0000000000,\(price),EUR,1.00000,,EUR,"
                    + "\((ExactDecimal(price)! * ExactDecimal("\(units)")!).plainText),EUR,,,,\(tag)B\(i)"))
            case 4 where (held[ticker] ?? 0) > 0:
                let units = 1 + g.next(held[ticker]!)
                held[ticker]! -= units
                rows.append((day, "Market sell,\(date) \(time),\(isin),\(ticker),\(ticker) Corp,\(units).0000000000,\(price),EUR,1.00000,1.00,EUR,"
                    + "\((ExactDecimal(price)! * ExactDecimal("\(units)")!).plainText),EUR,,,,\(tag)S\(i)"))
            case 5 where (held[ticker] ?? 0) > 0:
                rows.append((day, "Dividend (Ordinary),\(date) \(time),\(isin),\(ticker),\(ticker) Corp,\(held[ticker]!).0000000000,0.50,EUR,"
                    + "Not available,,,\(held[ticker]!).00,EUR,0.15,EUR,,"))
            default:
                rows.append((day, "Withdrawal,\(date) \(time),,,,,,,,,,-\(1 + g.next(20)).00,EUR,,,,\(tag)W\(i)"))
            }
        }
        // Deposits first in the file's time order would be needed only for a day's cash; the
        // plan orders a day's cash in before its trades. Rows of one day may come in any order.
        let lines = g.next(2) == 0 ? rows.map(\.line) : rows.reversed().map(\.line)
        return Data((header + lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The derived rows, as text, sorted (a rebuild writes them in another order).
    static func derived(_ s: StoreSession) throws -> [String] {
        var lines: [String] = []
        for table in ["position_snapshot", "quantity_checkpoint", "price_month", "asset_extent"] {
            for row in try Row.fetchAll(s.db, sql: "SELECT * FROM \(table)") { lines.append(table + ": " + row.description) }
        }
        return lines.sorted()
    }

    /// The import's derived rows equal a rebuild's, and each position equals a replay of the
    /// stored transactions.
    static func expectAsRebuilt(_ t: ProfileTestStore, _ note: String) throws {
        try t.session { s in
            let imported = try derived(s)
            #expect(imported.contains { $0.hasPrefix("position_snapshot: ") }, "\(note)")
            for asset in try s.assets() {
                #expect(try s.storedSnapshot(ofAsset: asset.id!)?.position == Position.of(try s.transactions(ofAsset: asset.id!)), "\(note)")
            }
            try s.atomically { try s.rebuildDerivedRows() }
            #expect(try derived(s) == imported, "\(note)")
        }
    }

    @Test("random files into a new store, then a second file with a new asset beside the stored ones: the derived rows are a rebuild's")
    func randomFiles() throws {
        var g = Generator(state: 2727)
        for round in 0..<12 {
            let t = try ProfileTestStore()
            let first = Self.file(&g, tickers: ["ACME", "BETA", "GAMA"].shuffledPrefix(1 + g.next(3), &g), start: 19_000, days: 300, tag: "a")
            let lines = try #require(try t.importing(first))
            #expect(lines.contains { $0.contains("imported") }, "\(lines)")
            try Self.expectAsRebuilt(t, "round \(round), first file")
            // Later or earlier than the first file's rows: the stored assets read back, the new one replayed from its rows.
            let second = Self.file(&g, tickers: ["ACME", "DELT"], start: g.next(2) == 0 ? 19_400 : 18_900, days: 200, tag: "b")
            _ = try t.importing(second)
            try Self.expectAsRebuilt(t, "round \(round), second file")
        }
    }
}

private extension Array {
    /// The first `count` elements after a shuffle by `g`.
    func shuffledPrefix(_ count: Int, _ g: inout ProfileFuzzTests.Generator) -> [Element] {
        var copy = self
        for i in copy.indices.reversed() where i > 0 { copy.swapAt(i, g.next(i + 1)) }
        return Array(copy.prefix(count))
    }
}
