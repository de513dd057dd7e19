import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// Writes dated before their asset's last transaction, many in one store transaction (a
/// script importing an unsorted history): checked from the session's ledgers
/// (`HoldingsLedger`), with the same verdicts and messages as the full check over the whole
/// history, and the snapshots written once at commit.
@Suite("Backdated writes")
struct BackdatedWritesTests: StoreRuleTesting {
    /// One write of the test's script: a trade, an edit or a deletion of an earlier trade.
    enum Write {
        case trade(TransactionType, asset: Int, quantity: ExactDecimal, day: Int)
        case edit(Int, TransactionType, quantity: ExactDecimal, day: Int)  // the n-th write's transaction
        case delete(Int)
    }

    func date(_ day: Int) -> CalendarDate { d("2023-01-02").adding(days: day) }

    func randomWrites(count: Int, seed: UInt64) -> [Write] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { n in
            let roll = Int.random(in: 0..<20, using: &random)
            if n > 10, roll == 0 { return .delete(Int.random(in: 0..<n, using: &random)) }
            if n > 10, roll == 1 {
                return .edit(Int.random(in: 0..<n, using: &random), Bool.random(using: &random) ? .buy : .sell,
                             quantity: ExactDecimal(Int.random(in: 1...6, using: &random)), day: Int.random(in: 0..<500, using: &random))
            }
            let type: TransactionType = [.buy, .buy, .sell, .transferOut].randomElement(using: &random)!
            return .trade(type, asset: Int.random(in: 0..<3, using: &random), quantity: ExactDecimal(Int.random(in: 1...6, using: &random)),
                          day: Int.random(in: 0..<500, using: &random))
        }
    }

    /// Runs `writes` in one store transaction; each write's error text (nil: done).
    /// `reference`: every change checked by the full rule over the history read back
    /// (`quickHoldingsCheck` off), as before the ledgers.
    func run(_ writes: [Write], in s: StoreSession, assets: [Int64], reference: Bool) throws -> [String?] {
        var made: [Int: Int64] = [:]  // write index → transaction id
        s.quickHoldingsCheck = !reference
        try s.begin()
        var outcomes: [String?] = []
        for (n, write) in writes.enumerated() {
            let outcome = message {
                switch write {
                case let .trade(type, asset, quantity, day):
                    let t = try s.execute(Trade(Trade.Direction(type)!, asset: assets[asset], quantity: quantity, price: 10, date: date(day)))
                    made[n] = t.id
                case let .edit(target, type, quantity, day):
                    guard let id = made[target] else { throw RuleViolation("gone", rule: .notAllowed) }
                    _ = try s.execute(EditTransaction(id: id, type: type, date: date(day), quantity: quantity))
                case let .delete(target):
                    guard let id = made[target] else { throw RuleViolation("gone", rule: .notAllowed) }
                    _ = try s.execute(DeleteTransaction(id: id))
                    made[target] = nil
                }
            }
            outcomes.append(outcome)
        }
        try s.commit()
        return outcomes
    }

    func makeAssets(_ s: StoreSession, quantity: ExactDecimal) throws -> [Int64] {
        try (0..<3).map { try asset(s, "A\($0)", .stock, quantity: quantity, price: 10, date: "2023-01-02").id! }
    }

    @Test("random backdated trades, edits and deletions: the same verdict and message at every write as the full check, the same figures")
    func sameVerdictsAsFullCheck() throws {
        let writes = randomWrites(count: 1500, seed: 14)
        var fast: [String?] = [], checked: [String?] = []
        var fastPositions: [Position] = [], checkedPositions: [Position] = []
        for reference in [false, true] {
            try withStore { s in
                let assets = try makeAssets(s, quantity: 5)
                let outcomes = try run(writes, in: s, assets: assets, reference: reference)
                let positions = try assets.map { id in
                    let replayed = Position.of(try s.transactions(ofAsset: id))
                    #expect(try s.storedSnapshot(ofAsset: id)?.position == replayed)  // written at commit
                    return replayed
                }
                if reference { (checked, checkedPositions) = (outcomes, positions) } else { (fast, fastPositions) = (outcomes, positions) }
                #expect(s.ledgers.isEmpty && s.unsnapshotted.isEmpty)
            }
        }
        #expect(fast == checked)
        #expect(fastPositions == checkedPositions)
        #expect(fast.filter { $0 != nil }.count > 50)  // the script did meet the rule, not only pass it
        #expect(fast.filter { $0 == nil }.count > 700)
    }

    @Test("the same trades in shuffled order give the same figures as in date order")
    func shuffledEqualsInOrder() throws {
        var random = SplitMix64(seed: 7)
        // Distinct dates per asset, so the order within a day cannot differ between runs.
        var trades: [Write] = []
        for asset in 0..<3 {
            for day in (1..<400).shuffled(using: &random).prefix(250) {
                trades.append(.trade(Bool.random(using: &random) ? .buy : .sell, asset: asset,
                                     quantity: ExactDecimal(Int.random(in: 1...5, using: &random)), day: day))
            }
        }
        func day(_ w: Write) -> Int { if case let .trade(_, _, _, day) = w { return day }; return 0 }
        let inOrder = trades.sorted { day($0) < day($1) }
        var figures: [[Position]] = []
        for writes in [inOrder, trades.shuffled(using: &random)] {
            try withStore { s in
                let assets = try makeAssets(s, quantity: 2000)
                let outcomes = try run(writes, in: s, assets: assets, reference: false)
                #expect(outcomes.allSatisfy { $0 == nil })
                figures.append(try assets.map { try s.position(ofAsset: $0) })
                #expect(try assets.map { try s.storedSnapshot(ofAsset: $0)?.position } == figures.last!.map { $0 })
            }
        }
        #expect(figures[0] == figures[1])
    }

    @Test("a rollback drops the ledgers and leaves the figures and snapshots as they were")
    func rollbackDropsLedgers() throws {
        try withStore { s in
            let id = try asset(s, "X", .stock, quantity: 10, price: 10, date: "2023-01-02").id!
            _ = try s.execute(Trade(.buy, asset: id, quantity: 5, price: 12, date: d("2024-03-01")))
            let before = try s.position(ofAsset: id)
            try s.begin()
            _ = try s.execute(Trade(.sell, asset: id, quantity: 4, price: 11, date: d("2023-06-01")))  // backdated: builds the ledger
            #expect(s.ledgers[id] != nil && s.unsnapshotted.contains(id))
            _ = try s.execute(Trade(.sell, asset: id, quantity: 6, price: 11, date: d("2023-07-01")))
            #expect(message { try s.execute(Trade(.sell, asset: id, quantity: 1, price: 11, date: d("2023-08-01"))) }
                    == "Cannot sell more than available holdings on 2023-08-01 (0).")
            try s.rollback()
            #expect(s.ledgers.isEmpty && s.unsnapshotted.isEmpty)
            #expect(try s.position(ofAsset: id) == before)
            #expect(try s.storedSnapshot(ofAsset: id)?.position == before)
            // The same sell again, outside the rolled-back run: checked against the store as it is.
            #expect(message { try s.execute(Trade(.sell, asset: id, quantity: 11, price: 11, date: d("2023-06-01"))) }
                    == "Cannot sell more than available holdings on 2023-06-01 (10).")
        }
    }

    @Test("a backdated edit or deletion that leaves a later sell short is refused with the full check's message")
    func laterSellStaysCovered() throws {
        try withStore { s in
            let id = try asset(s, "X", .stock, quantity: 1, price: 10, date: "2023-01-02").id!
            try s.begin()
            let buy = try s.execute(Trade(.buy, asset: id, quantity: 10, price: 12, date: d("2023-03-01")))
            _ = try s.execute(Trade(.sell, asset: id, quantity: 8, price: 11, date: d("2023-05-01")))
            _ = try s.execute(Trade(.buy, asset: id, quantity: 1, price: 12, date: d("2023-02-01")))  // backdated
            #expect(message { try s.execute(EditTransaction(id: buy.id!, quantity: 5)) }
                    == "This change would cause the asset quantity to become negative on 2023-05-01.")
            #expect(message { try s.execute(DeleteTransaction(id: buy.id!)) }
                    == "Deleting this transaction would cause the asset quantity to become negative on 2023-05-01.")
            _ = try s.execute(EditTransaction(id: buy.id!, quantity: 6))  // 1 + 1 + 6 − 8 = 0: allowed
            try s.commit()
            #expect(try s.position(ofAsset: id).quantity == 0)
            #expect(try s.storedSnapshot(ofAsset: id)?.position == Position.of(try s.transactions(ofAsset: id)))
        }
    }
}
