import Core
import GRDB

/// The Store side of `CommandStore`: what commands read, from the session's queries and
/// caches. Internal, so the plain writes (`SessionCommandStore+Writes.swift`) are reachable
/// only through `StoreSession.execute`.
final class SessionCommandStore: CommandStore {
    unowned let session: StoreSession
    /// The transactions an import wrote while it was planned, which its `insertImported`
    /// then does not write again.
    var streamedImport: StreamedImport?

    init(_ session: StoreSession) { self.session = session }

    var db: Database { session.db }
    var today: CalendarDate { session.today }

    func requireAsset(id: Int64) throws -> Asset { try session.requireAsset(id: id) }
    func asset(named name: String) throws -> Asset? { try session.asset(named: name) }

    func requirePortfolio(id: Int64) throws -> Portfolio {
        guard let p = try session.portfolio(id: id) else { throw StoreError.notFound(table: "portfolio", id: id) }
        return p
    }

    func portfolio(named name: String) throws -> Portfolio? { try session.portfolio(named: name) }

    func requireCategory(id: Int64) throws -> Category {
        guard let c = try session.category(id: id) else { throw StoreError.notFound(table: "category", id: id) }
        return c
    }

    func category(named name: String) throws -> Category? { try session.category(named: name) }
    func requireTransaction(id: Int64) throws -> Transaction { try session.requireTransaction(id: id) }
    func requirePrice(id: Int64) throws -> PricePoint { try session.requirePrice(id: id) }
    /// The ledger's total when there is one: after a backdated write the position waits for
    /// a replay, the ledger does not.
    func quantity(ofAsset id: Int64) throws -> ExactDecimal {
        if session.positionCache[id] == nil, let ledger = session.ledgers[id] { return ledger.total }
        return try session.position(ofAsset: id).quantity
    }

    /// The cached (or snapshot) quantity when `point` is after the asset's last transaction;
    /// otherwise one indexed read of the transactions from `point` on, and the quantity
    /// before it is the current one minus theirs.
    func holdings(ofAsset id: Int64, from point: HoldingsHistory.LedgerKey) throws -> HoldingsHistory {
        let current = try session.position(ofAsset: id).quantity
        if let cached = session.positionCache[id] {
            guard let lastDate = cached.lastDate else { return HoldingsHistory(opening: current) }
            if HoldingsHistory.LedgerKey(date: lastDate, id: cached.lastID) < point { return HoldingsHistory(opening: current) }
        }
        var later: [Transaction] = []
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE asset_id = ? AND (date > ? OR (date = ? AND id >= ?)) ORDER BY date, id
            """, arguments: [id, point.date.description, point.date.description, point.id])
        while let row = try cursor.next() { later.append(try TransactionRecord.read(row)) }
        let opening = later.reduce(current) { $0 - $1.quantityImpact }
        return HoldingsHistory(opening: opening, transactions: later)
    }

    /// From the asset's ledger when it has one (`StoreSession.ledgers`). Otherwise a point
    /// after the last transaction needs only the current quantity (cached or snapshot);
    /// any other point builds the ledger, once, from one read of the history.
    func lowestHoldings(ofAsset id: Int64, from: HoldingsHistory.LedgerKey, upTo: HoldingsHistory.LedgerKey?) throws -> ExactDecimal? {
        guard session.quickHoldingsCheck else { return nil }
        if let ledger = session.ledgers[id] { return ledger.lowest(from: from, upTo: upTo) }
        if upTo == nil {
            let current = try session.position(ofAsset: id).quantity
            if let cached = session.positionCache[id] {
                guard let lastDate = cached.lastDate else { return current }
                if HoldingsHistory.LedgerKey(date: lastDate, id: cached.lastID) < from { return current }
            }
        }
        return try session.ledger(ofAsset: id).lowest(from: from, upTo: upTo)
    }

    func currentPrice(ofAsset id: Int64) throws -> ExactDecimal { try session.valuation(ofAsset: id).currentPrice }

    /// Four indexed aggregate reads in one statement (the primary key leads with base, the
    /// `exchange_rate_quote` index with quote). Rates are stored as text: ordered by their
    /// REAL value to pick the row, then compared exactly by the rule.
    func rateExtremes(of code: String) throws -> ConversionRange.Extremes {
        func pick(_ side: String, _ order: String) -> String {
            "(SELECT rate FROM exchange_rate WHERE \(side) = :code ORDER BY CAST(rate AS REAL) \(order) LIMIT 1)"
        }
        let sql = "SELECT \(pick("base", "ASC")), \(pick("base", "DESC")), \(pick("quote", "ASC")), \(pick("quote", "DESC"))"
        guard let row = try Row.fetchOne(session.db, sql: sql, arguments: ["code": code]) else {
            return ConversionRange.Extremes(baseLowest: nil, baseHighest: nil, quoteLowest: nil, quoteHighest: nil)
        }
        func value(_ i: Int) -> ExactDecimal? { (row[i] as String?).flatMap(ExactDecimal.parseOrNil) }
        return ConversionRange.Extremes(baseLowest: value(0), baseHighest: value(1), quoteLowest: value(2), quoteHighest: value(3))
    }

    func price(ofAsset id: Int64, onOrBefore date: CalendarDate) throws -> ExactDecimal? {
        try session.marketPrice(ofAsset: id, onOrBefore: date)?.price
    }

    func hasPrice(ofAsset id: Int64, on date: CalendarDate, excluding: Int64?) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM price_history WHERE asset_id = ? AND date = ? AND id IS NOT ?)"),
                          arguments: [id, date.description, excluding]) ?? false
    }

    func priceCount(ofAsset id: Int64) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM price_history WHERE asset_id = ?"), arguments: [id]) ?? 0
    }

    func hasHistory(asset id: Int64) throws -> Bool { try session.hasHistory(asset: id) }
    func assetCount(inPortfolio id: Int64) throws -> Int { try session.assetCount(inPortfolio: id) }
    func savingPlans() throws -> [RegularSavingPlan] { try session.savingPlans() }

    func requireSavingPlan(id: Int64) throws -> RegularSavingPlan {
        guard let plan = try session.savingPlan(id: id) else { throw StoreError.notFound(table: "saving_plan", id: id) }
        return plan
    }

    func assetCount(inCategory id: Int64) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM asset WHERE category_id = ?", arguments: [id]) ?? 0
    }

    func platforms() throws -> [String] { try session.platforms() }
    func setting(_ key: String) throws -> String? { try session.setting(key) }
    func rateTable(for currencies: Set<String>, through: CalendarDate?) throws -> RateTable {
        try session.rateTable(for: currencies, through: through)
    }

    func importContext(for rows: [ImportRow], kind: ImportKind) throws -> ImportContext {
        try session.importContext(for: rows, kind: kind)
    }
}
