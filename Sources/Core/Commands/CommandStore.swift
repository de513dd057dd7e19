import Foundation

/// What a command may read: "today" and the records and figures its rules depend on.
/// The Store supplies it from SQLite; tests supply it from memory.
public protocol CommandContext: AnyObject {
    /// "Today" for the date rules (fixed by tests).
    var today: CalendarDate { get }

    /// An asset that must exist; the error names it.
    func requireAsset(id: Int64) throws -> Asset
    /// The asset with this name, ignoring case.
    func asset(named name: String) throws -> Asset?
    /// A portfolio that must exist.
    func requirePortfolio(id: Int64) throws -> Portfolio
    /// The portfolio with this name, ignoring case.
    func portfolio(named name: String) throws -> Portfolio?
    /// A category that must exist.
    func requireCategory(id: Int64) throws -> Category
    /// The category with this name, ignoring case.
    func category(named name: String) throws -> Category?
    func requireTransaction(id: Int64) throws -> Transaction
    func requirePrice(id: Int64) throws -> PricePoint

    /// Σ quantity impact of the asset's transactions.
    func quantity(ofAsset id: Int64) throws -> ExactDecimal
    /// The asset's holdings from `point` of its ledger on (`HoldingsHistory`): the quantity
    /// held just before it and the transactions at or after it. Reads no history when the
    /// point is after the asset's last transaction.
    func holdings(ofAsset id: Int64, from point: HoldingsHistory.LedgerKey) throws -> HoldingsHistory
    /// The lowest holdings of the asset over a stretch of its ledger: just before `from`,
    /// and after each transaction from `from` up to, not including, `upTo` (to the end when
    /// nil); nil when the store cannot tell without reading the history. Lets a command see
    /// that a change is clear (`HoldingsRules.clearlyHolds`) before it reads `holdings`.
    func lowestHoldings(ofAsset id: Int64, from: HoldingsHistory.LedgerKey, upTo: HoldingsHistory.LedgerKey?) throws -> ExactDecimal?
    /// The price of the asset's latest price record, 0 when it has none.
    func currentPrice(ofAsset id: Int64) throws -> ExactDecimal
    /// The price of the latest record dated on or before `date`, nil when there is none.
    func price(ofAsset id: Int64, onOrBefore date: CalendarDate) throws -> ExactDecimal?
    /// Whether the asset has a price record on `date` other than the record `excluding`.
    func hasPrice(ofAsset id: Int64, on date: CalendarDate, excluding: Int64?) throws -> Bool
    func priceCount(ofAsset id: Int64) throws -> Int
    /// Whether the asset has any transaction or price record.
    func hasHistory(asset id: Int64) throws -> Bool
    func assetCount(inPortfolio id: Int64) throws -> Int
    func savingPlans() throws -> [RegularSavingPlan]
    /// A saving plan that must exist.
    func requireSavingPlan(id: Int64) throws -> RegularSavingPlan
    func assetCount(inCategory id: Int64) throws -> Int
    /// The platform names in use (non-empty, as spelled on the assets).
    func platforms() throws -> [String]
    /// A setting's stored text, nil when unset.
    func setting(_ key: String) throws -> String?
    /// Every stored rate that can take part in converting between `currencies`, up to
    /// `through` (every day when nil).
    func rateTable(for currencies: Set<String>, through: CalendarDate?) throws -> RateTable
    /// What an import of `rows` needs to know (`ImportContext`): every asset, and the
    /// history (transactions, or prices for a price import) of the assets the rows name.
    func importContext(for rows: [ImportRow], kind: ImportKind) throws -> ImportContext
    /// The lowest and highest stored rates where `code` is the base, and where it is the
    /// quote (`ConversionRange.checkSpread`): one aggregate read, whatever the history.
    func rateExtremes(of code: String) throws -> ConversionRange.Extremes
    /// The latest price `ConversionRange`'s value rule uses: `currentPrice`, except where
    /// reading that would cost more than the check is worth (a staged import: the stored
    /// latest price, the staged trades' prices being checked one by one).
    func priceForValueCheck(ofAsset id: Int64) throws -> ExactDecimal
}

extension CommandContext {
    /// Unknown: the commands read the history (`holdings`) and run the full check.
    public func lowestHoldings(ofAsset id: Int64, from: HoldingsHistory.LedgerKey, upTo: HoldingsHistory.LedgerKey?) throws -> ExactDecimal? { nil }

    public func priceForValueCheck(ofAsset id: Int64) throws -> ExactDecimal { try currentPrice(ofAsset: id) }

    /// No stored rates (a store without an exchange-rate table, as in tests).
    public func rateExtremes(of code: String) throws -> ConversionRange.Extremes {
        ConversionRange.Extremes(baseLowest: nil, baseHighest: nil, quoteLowest: nil, quoteHighest: nil)
    }
}

/// The plain writes a command asks for once its rules are met. They check nothing but the
/// store's own integrity; every rule is in the command. Each returns the record as stored
/// (with its new id).
public protocol CommandStore: CommandContext {
    func insert(_ asset: Asset) throws -> Asset
    func update(_ asset: Asset) throws
    func deleteAsset(id: Int64) throws

    func insert(_ portfolio: Portfolio) throws -> Portfolio
    func update(_ portfolio: Portfolio) throws
    func deletePortfolio(id: Int64) throws

    func insert(_ category: Category) throws -> Category

    func insert(_ transaction: Transaction) throws -> Transaction
    func update(_ transaction: Transaction) throws
    func deleteTransaction(id: Int64) throws
    /// Links two transactions to each other (a swap's or a saving plan's sell and buy).
    func link(_ a: inout Transaction, _ b: inout Transaction) throws

    func insert(_ price: PricePoint) throws -> PricePoint
    func update(_ price: PricePoint) throws
    func deletePrice(id: Int64) throws

    /// Replaces the portfolio's targets for `dimension` (keys already checked).
    func replaceTargets(portfolio id: Int64, by dimension: AllocationDimension, _ targets: [String: ExactDecimal]) throws
    /// Sets (or with nil removes) a setting.
    func setSetting(_ key: String, _ value: String?) throws
    /// Stores an exchange rate (already checked), replacing the one for its pair and day.
    func store(_ rate: ExchangeRate) throws

    func insert(_ plan: InvestmentPlan, portfolioID: Int64?) throws -> InvestmentPlan
    func insert(_ plan: RegularSavingPlan) throws -> RegularSavingPlan
    func setNextDueDate(ofSavingPlan id: Int64, to date: CalendarDate) throws
    func update(_ plan: RegularSavingPlan) throws
    func deleteSavingPlan(id: Int64) throws

    func update(_ category: Category) throws
    /// Deletes a category no asset uses.
    func deleteCategory(id: Int64) throws
    /// Sets the platform of every asset whose platform is exactly `old` to `new`.
    func renamePlatform(_ old: String, to new: String) throws

    /// Writes an import's checked rows (`ImportRows`), its new assets already created with
    /// the ids `newAssetIDs`. A default writes them one by one (`ImportRows.swift`).
    func insertImported(_ plan: ImportPlan, newAssetIDs: [Int64]) throws
    /// Writes transactions already checked by their commands (a profiled import's,
    /// `StagedImportStore`), in order; returns the id each got. Their ids are placeholders,
    /// unique among them, and a `relatedTransactionID` names another of them by its
    /// placeholder. A default inserts them one by one and links the pairs
    /// (`StagedImportStore.swift`); the SQLite store writes them in bulk. Taken, not
    /// borrowed: a store may let them go once written, before the work that follows.
    func insertStaged(_ transactions: consuming StagedRows) throws -> [Int64]
}
