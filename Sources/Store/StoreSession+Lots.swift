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
    /// by sale date, then asset name. Cash has no lots. (`realizedGainStream`, listed.)
    public func realizedGains(method: LotMethod, scope: PerformanceScope = .everything, from: CalendarDate? = nil, to: CalendarDate? = nil,
                              currency: String? = nil) throws -> [GainRow] {
        let stream = try realizedGainStream(method: method, scope: scope, from: from, to: to, currency: currency)
        var rows: [GainRow] = []
        rows.reserveCapacity(stream.count)
        while let row = stream.next() { rows.append(row) }
        return rows
    }

    /// The rows of `realizedGains`, in the same order, handed out one at a time: each group
    /// of assets whose lots move between them is read and booked on its own (its
    /// transactions, never the whole store's at once), its pieces kept packed (about 60
    /// bytes each rather than a `GainRow`'s 300), then put in order by (sale date, asset name,
    /// sale) — ties in the order they were booked, as the stable sort before.
    public func realizedGainStream(method: LotMethod, scope: PerformanceScope = .everything, from: CalendarDate? = nil, to: CalendarDate? = nil,
                                   currency: String? = nil) throws -> RealizedGainStream {
        let target = try reportingCurrency(currency)
        let wanted = try assets(of: scope).filter { !$0.isCash }
        let stream = RealizedGainStream(assets: try assets())
        let wantedIDs = Set(wanted.compactMap(\.id))
        var periods: [AssetType: HoldingPeriod] = [:]  // one settings read per type, not per row
        for type in Set(wanted.map(\.type)) { periods[type] = try holdingPeriod(for: type) }
        for group in try lotGroups(of: wantedIDs) {
            let ids = group.map(String.init).joined(separator: ",")
            let byAsset = try transactionsByAsset(where: "WHERE asset_id IN (\(ids))")
            let history = LotHistory(transactions: group.flatMap { byAsset[$0] ?? [] }, choices: try lotChoices(where: "WHERE t.asset_id IN (\(ids))"))
            let name = group.compactMap { stream.asset(id: $0)?.name }.first ?? ""
            let book = try lotBook(history, method: method, currency: target, asset: name)
            for piece in book.realized {
                guard wantedIDs.contains(piece.holding), let asset = stream.asset(id: piece.holding), let period = periods[asset.type] else { continue }
                if let from, piece.sold < from { continue }
                if let to, piece.sold > to { continue }
                stream.add(piece, term: period.term(from: piece.acquired, to: piece.sold))
            }
        }
        stream.sort()
        return stream
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
    /// that touch `wanted`: each sorted, the groups by their first asset. Read from the
    /// store's links (the assets with transactions, and the pairs a transfer or spin-off
    /// joins), not from every transaction.
    func lotGroups(of wanted: Set<Int64>) throws -> [[Int64]] {
        let owners = try Int64.fetchAll(db, sql: "SELECT DISTINCT asset_id FROM asset_transaction")
        let types = TransactionType.allCases.filter(\.linksLots).map { "'\($0.rawValue)'" }.joined(separator: ",")
        let links = try Row.fetchAll(db, sql: """
            SELECT t.asset_id, o.asset_id FROM asset_transaction t JOIN asset_transaction o ON o.id = t.related_id
            WHERE t.type IN (\(types)) AND o.asset_id != t.asset_id
            """).map { row -> (Int64, Int64) in (row[0], row[1]) }
        return Self.lotGroups(assets: Set(owners), links: links, of: wanted)
    }

    /// The groups of `lotGroups(of:)` from the assets with transactions and the linked pairs.
    static func lotGroups(assets: Set<Int64>, links: [(Int64, Int64)], of wanted: Set<Int64>) -> [[Int64]] {
        var parent: [Int64: Int64] = [:]
        func root(_ x: Int64) -> Int64 {
            var x = x
            while let p = parent[x], p != x { x = p }
            return x
        }
        for (asset, other) in links where root(asset) != root(other) { parent[root(asset)] = root(other) }
        var groups: [Int64: [Int64]] = [:]
        for asset in assets.union(wanted) { groups[root(asset), default: []].append(asset) }
        return groups.values.filter { !wanted.isDisjoint(with: $0) }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}

/// The realized gains of `StoreSession.realizedGainStream`: pieces packed as they are booked
/// (`add`), put in order once (`sort`), then handed out as `GainRow`s (`next`).
public final class RealizedGainStream {
    private let assets: [Asset]
    private let index: [Int64: Int]
    /// Each asset's place among the assets sorted by name (the order's second key).
    private let nameRanks: [Int]
    private var chunks: [[UInt8]] = []
    private var keys: [Key] = []
    private var position = 0

    struct Key {
        var sold: Int
        var name: Int
        var reference: Int64
        /// Where the piece's bytes start (chunk in the high 32 bits): the order it was booked.
        var at: UInt64
    }

    init(assets: [Asset]) {
        self.assets = assets
        index = Dictionary(uniqueKeysWithValues: assets.enumerated().map { ($0.element.id!, $0.offset) })
        var ranks = Array(repeating: 0, count: assets.count)
        for (rank, i) in assets.indices.sorted(by: { assets[$0].name < assets[$1].name }).enumerated() { ranks[i] = rank }
        nameRanks = ranks
    }

    /// How many rows there are (once sorted).
    public var count: Int { keys.count }

    func asset(id: Int64) -> Asset? { index[id].map { assets[$0] } }

    func add(_ p: RealizedPiece, term: LotTerm) {
        let i = index[p.holding]!
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        ExactDecimal.packVarint(UInt128(i), into: &bytes)
        bytes.append((term == .long ? 1 : 0) | (p.reference == nil ? 2 : 0) | (p.holding < 0 ? 4 : 0))
        ExactDecimal.packVarint(UInt128(p.holding.magnitude), into: &bytes)
        ExactDecimal.packVarint(UInt128(UInt64(bitPattern: p.reference ?? 0)), into: &bytes)
        ExactDecimal.packVarint(UInt128(UInt64(bitPattern: Int64(p.acquired.dayNumber))), into: &bytes)
        ExactDecimal.packVarint(UInt128(UInt64(bitPattern: Int64(p.sold.dayNumber))), into: &bytes)
        var signs: UInt8 = 0
        let values = [p.quantity, p.proceeds, p.fees, p.cost, p.convertedProceeds, p.convertedCost, p.convertedFees]
        for (k, v) in values.enumerated() where v.isNegative { signs |= 1 << k }
        bytes.append(signs)
        for v in values { v.pack(into: &bytes) }
        if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > 1 << 16 {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 16)
            chunks.append(chunk)
        }
        let last = chunks.count - 1
        keys.append(Key(sold: p.sold.dayNumber, name: nameRanks[i], reference: p.reference ?? 0, at: UInt64(last) << 32 | UInt64(chunks[last].count)))
        chunks[last].append(contentsOf: bytes)
    }

    func sort() {
        keys.sort { ($0.sold, $0.name, $0.reference, $0.at) < ($1.sold, $1.name, $1.reference, $1.at) }
    }

    /// The next row, or nil at the end (then the pieces are let go).
    public func next() -> GainRow? {
        guard position < keys.count else {
            chunks = []
            keys = []
            position = 0
            return nil
        }
        let at = keys[position].at
        position += 1
        return chunks[Int(at >> 32)].withUnsafeBufferPointer { bytes in
            var o = Int(at & 0xFFFF_FFFF)
            let asset = assets[Int(ExactDecimal.unpackVarint(bytes, at: &o))]
            let flags = bytes[o]
            o += 1
            let magnitude = Int64(ExactDecimal.unpackVarint(bytes, at: &o))
            let reference = Int64(bitPattern: UInt64(ExactDecimal.unpackVarint(bytes, at: &o)))
            let acquired = CalendarDate(dayNumber: Int(Int64(bitPattern: UInt64(ExactDecimal.unpackVarint(bytes, at: &o)))))
            let sold = CalendarDate(dayNumber: Int(Int64(bitPattern: UInt64(ExactDecimal.unpackVarint(bytes, at: &o)))))
            let signs = bytes[o]
            o += 1
            var values: [ExactDecimal] = []
            values.reserveCapacity(7)
            for k in 0..<7 { values.append(ExactDecimal.unpacked(bytes, at: &o, negative: signs & 1 << k != 0)) }
            let piece = RealizedPiece(holding: flags & 4 != 0 ? -magnitude : magnitude, reference: flags & 2 != 0 ? nil : reference,
                                      acquired: acquired, sold: sold, quantity: values[0], proceeds: values[1], fees: values[2], cost: values[3],
                                      convertedProceeds: values[4], convertedCost: values[5], convertedFees: values[6])
            return GainRow(asset: asset, piece: piece, term: flags & 1 != 0 ? .long : .short)
        }
    }
}
