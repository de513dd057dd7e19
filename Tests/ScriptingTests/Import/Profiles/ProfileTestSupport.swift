import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// A sample export written from a broker's documentation (`Samples/NAME`).
func sample(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples/\(name)")
    return try Data(contentsOf: url)
}

/// A new in-memory store, "today" 2024-12-31, for one profile test.
struct ProfileTestStore {
    let store: AssetFlowStore
    let today = CalendarDate("2024-12-31")!

    init() throws { store = try AssetFlowStore(path: nil) }

    /// Imports `data` with no option but those given; the lines printed, or nil when no
    /// profile recognizes it.
    @discardableResult
    func importing(_ data: Data, _ configure: (inout ProfileImport.Request) -> Void = { _ in }) throws -> [String]? {
        var request = ProfileImport.Request(file: "sample.csv")
        configure(&request)
        return try store.withSession(today: today) { try ProfileImport.run(request, data: data, session: $0) }
    }

    func session<T>(_ body: (StoreSession) throws -> T) throws -> T { try store.withSession(today: today, body) }

    /// Quantity, cost basis and realized gain of the asset named `name`.
    func position(_ name: String) throws -> Position {
        try session { s in
            guard let a = try s.asset(named: name) else { throw ProfileError("no asset \(name)") }
            return try s.position(ofAsset: a.id!)
        }
    }

    func income(_ name: String) throws -> IncomeBreakdown {
        try session { s in
            guard let a = try s.asset(named: name) else { throw ProfileError("no asset \(name)") }
            return try s.incomeBreakdown(fromSource: a.id!)
        }
    }

    func asset(_ name: String) throws -> Asset? { try session { try $0.asset(named: name) } }

    /// Every asset's name, sorted.
    func assetNames() throws -> [String] { try session { try $0.assets().map(\.name).sorted() } }

    /// Transactions in the store.
    func transactionCount() throws -> Int {
        try session { s in try s.assets().reduce(0) { $0 + (try s.transactions(ofAsset: $1.id!).count) } }
    }
}

/// Checks a position against a hand calculation.
func expectPosition(_ p: Position, quantity: ExactDecimal, cost: ExactDecimal, realized: ExactDecimal, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(p.quantity == quantity, "quantity", sourceLocation: sourceLocation)
    #expect(p.costBasis == cost, "cost basis", sourceLocation: sourceLocation)
    #expect(p.realizedGain == realized, "realized gain", sourceLocation: sourceLocation)
}

/// The store holds exactly the assets `names`: a test that checks each of them has checked
/// every holding of the file.
func expectAssets(_ t: ProfileTestStore, _ names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try t.assetNames() == names.sorted(), sourceLocation: sourceLocation)
}

/// The income `name` paid (dividends and interest), the tax withheld on it and the net.
func expectIncome(_ t: ProfileTestStore, _ name: String, gross: ExactDecimal, tax: ExactDecimal, net: ExactDecimal,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let i = try t.income(name)
    #expect(i.gross == gross, "gross", sourceLocation: sourceLocation)
    #expect(i.tax == tax, "tax", sourceLocation: sourceLocation)
    #expect(i.net == net, "net", sourceLocation: sourceLocation)
}

/// Re-importing adds nothing; a refused import (the file with one row it cannot read)
/// leaves the store as it was.
func expectIdempotentAndAtomic(_ t: ProfileTestStore, _ data: Data, badRow: String, _ configure: (inout ProfileImport.Request) -> Void = { _ in },
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try t.transactionCount()
    let again = try t.importing(data, configure)
    #expect(again?.contains { $0.contains("No rows were imported") } == true, "\(again ?? [])", sourceLocation: sourceLocation)
    #expect(try t.transactionCount() == before, sourceLocation: sourceLocation)
    var text = String(decoding: data, as: UTF8.self)
    if !text.hasSuffix("\n") { text += "\n" }
    #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try t.importing(Data((text + badRow + "\n").utf8), configure) }
    #expect(try t.transactionCount() == before, sourceLocation: sourceLocation)
}

/// Each of `names` gave units in a swap at cost: it has a transfer out linked to a transfer
/// in of another asset, and that one back to it (one record, both halves). Its other
/// transfers out (a withdrawal to a wallet) stand alone.
func expectSwapsLinked(_ t: ProfileTestStore, _ names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    try t.session { s in
        for name in names {
            let asset = try #require(try s.asset(named: name), sourceLocation: sourceLocation)
            let halves = try s.transactions(ofAsset: asset.id!).filter { $0.type == .transferOut && $0.relatedTransactionID != nil }
            #expect(!halves.isEmpty, "\(name) gave nothing in a swap", sourceLocation: sourceLocation)
            for half in halves {
                let other = try #require(try s.transaction(id: half.relatedTransactionID!), "\(name): unlinked", sourceLocation: sourceLocation)
                #expect(other.type == .transferIn && other.assetID != asset.id && other.relatedTransactionID == half.id, sourceLocation: sourceLocation)
            }
        }
    }
}
