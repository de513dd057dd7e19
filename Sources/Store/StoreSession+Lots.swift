import Core
import GRDB

/// An open lot of an asset, with its holding period on the day asked.
public struct OpenLotRow: Sendable {
    public let asset: Asset
    public let lot: OpenLot
    public let holdingDays: Int
    public let term: LotTerm
}

/// A piece of a sale that closed one lot, with its term.
public struct GainRow: Sendable {
    public let asset: Asset
    public let piece: RealizedPiece
    public let term: LotTerm
}

/// Tax lots (Documentation/Lots.md): computed from the history by Core's `LotBook` each
/// time they are asked for, never stored; only a sale's choice of lots is (`lot_choice`).
/// Amounts are converted into the reporting currency at the rate of the acquisition day
/// (costs) and of the sale day (proceeds).
extension StoreSession {
    /// When a lot of an asset of `type` becomes long term (`long_term_days` settings).
    public func holdingPeriod(for type: AssetType) throws -> HoldingPeriod {
        try SetLongTermDays.period(for: type) { try setting($0) }
    }

    /// The open lots of the asset on `date` (default today) under `method`, in `currency`
    /// (default: the main currency), oldest first.
    public func openLots(ofAsset id: Int64, method: LotMethod, on date: CalendarDate? = nil, currency: String? = nil) throws -> [OpenLotRow] {
        let asset = try requireAsset(id: id)
        let day = date ?? today
        var history = try lotHistory(ofAsset: id)
        history.transactions.removeAll { $0.date > day }
        let book = try lotBook(history, method: method, currency: try reportingCurrency(currency), asset: asset.name)
        let period = try holdingPeriod(for: asset.type)
        return book.openLots(holding: id).map {
            OpenLotRow(asset: asset, lot: $0, holdingDays: HoldingPeriod.days(from: $0.acquired, to: day), term: period.term(from: $0.acquired, to: day))
        }
    }

    /// One row per lot piece closed by a sale dated `from`…`to` (every sale when nil) of the
    /// scope's assets, under `method`, in `currency` (default: the main currency); ordered
    /// by sale date, then asset name. Cash has no lots.
    public func realizedGains(method: LotMethod, scope: PerformanceScope = .everything, from: CalendarDate? = nil, to: CalendarDate? = nil,
                              currency: String? = nil) throws -> [GainRow] {
        let target = try reportingCurrency(currency)
        let wanted = try assets(of: scope).filter { !$0.isCash }
        let byID = Dictionary(uniqueKeysWithValues: try assets().map { ($0.id!, $0) })
        let all = try allTransactionsByAsset()
        let choices = try lotChoices(where: "")
        let wantedIDs = Set(wanted.compactMap(\.id))
        var periods: [AssetType: HoldingPeriod] = [:]  // one settings read per type, not per row
        for type in Set(wanted.map(\.type)) { periods[type] = try holdingPeriod(for: type) }
        var rows: [GainRow] = []
        for group in Self.lotGroups(all, of: wantedIDs) {
            let history = LotHistory(transactions: group.flatMap { all[$0] ?? [] }, choices: choices)
            let name = group.compactMap { byID[$0]?.name }.first ?? ""
            let book = try lotBook(history, method: method, currency: target, asset: name)
            for piece in book.realized {
                guard wantedIDs.contains(piece.holding), let asset = byID[piece.holding], let period = periods[asset.type] else { continue }
                if let from, piece.sold < from { continue }
                if let to, piece.sold > to { continue }
                rows.append(GainRow(asset: asset, piece: piece, term: period.term(from: piece.acquired, to: piece.sold)))
            }
        }
        return rows.sorted { ($0.piece.sold, $0.asset.name, $0.piece.reference ?? 0) < ($1.piece.sold, $1.asset.name, $1.piece.reference ?? 0) }
    }

    /// The transactions of the asset and of every asset a transfer links it to, with the
    /// stored choices of lots.
    public func lotHistory(ofAsset id: Int64) throws -> LotHistory {
        var seen: Set<Int64> = [id], queue = [id], transactions: [Transaction] = []
        while let next = queue.popLast() {
            let mine = try self.transactions(ofAsset: next)
            transactions += mine
            let related = mine.filter { $0.type.linksLots }.compactMap(\.relatedTransactionID)
            for other in try linkedAssets(of: related) where !seen.contains(other) {
                seen.insert(other)
                queue.append(other)
            }
        }
        let ids = seen.sorted().map(String.init).joined(separator: ",")
        return LotHistory(transactions: transactions, choices: try lotChoices(where: "WHERE t.asset_id IN (\(ids))"))
    }

    /// The assets owning the transactions `ids`.
    func linkedAssets(of ids: [Int64]) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let list = ids.map(String.init).joined(separator: ",")
        return Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT asset_id FROM asset_transaction WHERE id IN (\(list))"))
    }

    /// Stored choices of lots by sale, for the transactions `condition` selects (alias t).
    func lotChoices(where condition: String) throws -> [Int64: [LotPick]] {
        var choices: [Int64: [LotPick]] = [:]
        let rows = try Row.fetchAll(db, sql: """
            SELECT c.transaction_id, c.acquired, c.quantity FROM lot_choice c JOIN asset_transaction t ON t.id = c.transaction_id
            \(condition) ORDER BY c.transaction_id, c.position
            """)
        for row in rows {
            choices[row[0], default: []].append(LotPick(acquired: try row.date("acquired"), quantity: try row.decimal("quantity")))
        }
        return choices
    }

    /// The book of `history` under `method`, amounts converted into `currency` at each
    /// event's day.
    func lotBook(_ history: LotHistory, method: LotMethod, currency target: String, asset: String) throws -> LotBook {
        let codes = Set(history.transactions.map(\.currency))
        let rates = codes.subtracting([target]).isEmpty ? RateTable() : try rateTable(for: codes.union([target]))
        let events = try LotEvents.from(history.transactions, choices: history.choices) { code, day in
            guard code != target else { return 1 }
            let applied = try rates.rate(from: code, to: target, on: day)
            return applied.numerator / applied.denominator
        }
        return try LotBook.of(events, method: method, asset: asset)
    }

    /// The groups of assets whose lots move between them (linked transfers), among those
    /// that touch `wanted`.
    static func lotGroups(_ all: [Int64: [Transaction]], of wanted: Set<Int64>) -> [[Int64]] {
        var owner: [Int64: Int64] = [:]
        for (asset, list) in all { for t in list { owner[t.id!] = asset } }
        var parent: [Int64: Int64] = [:]
        func root(_ x: Int64) -> Int64 {
            var x = x
            while let p = parent[x], p != x { x = p }
            return x
        }
        for (asset, list) in all {
            for t in list where t.type.linksLots {
                guard let related = t.relatedTransactionID, let other = owner[related], other != asset else { continue }
                parent[root(asset)] = root(other)
            }
        }
        var groups: [Int64: [Int64]] = [:]
        for asset in Set(all.keys).union(wanted) { groups[root(asset), default: []].append(asset) }
        return groups.values.filter { !wanted.isDisjoint(with: $0) }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
