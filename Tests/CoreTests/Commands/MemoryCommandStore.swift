import Foundation
@testable import Core

/// A `CommandStore` in memory, so the commands' rules and defaults are tested without SQLite.
/// It checks nothing: every rule under test is the command's.
final class MemoryCommandStore: CommandStore {
    struct Missing: Error, CustomStringConvertible { let description: String }

    var today: CalendarDate
    var assets: [Int64: Asset] = [:]
    var portfolios: [Int64: Portfolio] = [:]
    var categories: [Int64: Category] = [:]
    var transactions: [Int64: Transaction] = [:]
    var prices: [Int64: PricePoint] = [:]
    var targets: [Int64: [AllocationDimension: [String: ExactDecimal]]] = [:]
    var settings: [String: String] = [:]
    var rates: [ExchangeRate] = []
    var investmentPlans: [Int64: (plan: InvestmentPlan, portfolioID: Int64?)] = [:]
    var plans: [Int64: RegularSavingPlan] = [:]
    private var lastID: Int64 = 0

    init(today: CalendarDate = ymd("2024-06-30")) { self.today = today }

    private func newID() -> Int64 {
        lastID += 1
        return lastID
    }

    // MARK: Reads

    func requireAsset(id: Int64) throws -> Asset {
        guard let a = assets[id] else { throw Missing(description: "No asset with id \(id).") }
        return a
    }

    func asset(named name: String) throws -> Asset? {
        assets.values.first { $0.name.lowercased() == name.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    func requirePortfolio(id: Int64) throws -> Portfolio {
        guard let p = portfolios[id] else { throw Missing(description: "No portfolio with id \(id).") }
        return p
    }

    func portfolio(named name: String) throws -> Portfolio? { portfolios.values.first { $0.name.lowercased() == name.lowercased() } }

    func requireCategory(id: Int64) throws -> Category {
        guard let c = categories[id] else { throw Missing(description: "No category with id \(id).") }
        return c
    }

    func category(named name: String) throws -> Category? { categories.values.first { $0.name.lowercased() == name.lowercased() } }

    func requireTransaction(id: Int64) throws -> Transaction {
        guard let t = transactions[id] else { throw Missing(description: "No transaction with id \(id).") }
        return t
    }

    func requirePrice(id: Int64) throws -> PricePoint {
        guard let p = prices[id] else { throw Missing(description: "No price record with id \(id).") }
        return p
    }

    func quantity(ofAsset id: Int64) throws -> ExactDecimal {
        transactions.values.filter { $0.assetID == id }.reduce(ExactDecimal.zero) { $0 + $1.quantityImpact }
    }

    func holdings(ofAsset id: Int64, from point: HoldingsHistory.LedgerKey) throws -> HoldingsHistory {
        let ledger = transactions.values.filter { $0.assetID == id }.sorted { HoldingsHistory.ledgerKey($0) < HoldingsHistory.ledgerKey($1) }
        let later = ledger.filter { HoldingsHistory.ledgerKey($0) >= point }
        return HoldingsHistory(opening: ledger.filter { HoldingsHistory.ledgerKey($0) < point }.reduce(ExactDecimal.zero) { $0 + $1.quantityImpact },
                               transactions: later)
    }

    func currentPrice(ofAsset id: Int64) throws -> ExactDecimal {
        prices.values.filter { $0.assetID == id }.max { $0.date < $1.date }?.price ?? 0
    }

    func price(ofAsset id: Int64, onOrBefore date: CalendarDate) throws -> ExactDecimal? {
        prices.values.filter { $0.assetID == id && $0.date <= date }.max { $0.date < $1.date }?.price
    }

    func hasPrice(ofAsset id: Int64, on date: CalendarDate, excluding: Int64?) throws -> Bool {
        prices.values.contains { $0.assetID == id && $0.date == date && $0.id != excluding }
    }

    func priceCount(ofAsset id: Int64) throws -> Int { prices.values.filter { $0.assetID == id }.count }

    func hasHistory(asset id: Int64) throws -> Bool {
        transactions.values.contains { $0.assetID == id } || prices.values.contains { $0.assetID == id }
    }

    func assetCount(inPortfolio id: Int64) throws -> Int { assets.values.filter { $0.portfolioID == id }.count }
    func savingPlans() throws -> [RegularSavingPlan] { plans.values.sorted { $0.id! < $1.id! } }

    func requireSavingPlan(id: Int64) throws -> RegularSavingPlan {
        guard let p = plans[id] else { throw Missing(description: "No saving plan with id \(id).") }
        return p
    }

    func assetCount(inCategory id: Int64) throws -> Int { assets.values.filter { $0.categoryID == id }.count }
    func platforms() throws -> [String] { Array(Set(assets.values.map(\.platform).filter { !$0.isEmpty })).sorted() }
    func setting(_ key: String) throws -> String? { settings[key] }
    func rateTable(for currencies: Set<String>, through: CalendarDate?) throws -> RateTable {
        RateTable(rates.filter { through == nil || $0.date <= through! })
    }

    func importContext(for rows: [ImportRow], kind: ImportKind) throws -> ImportContext {
        var context = ImportContext(assets: assets.values.sorted { $0.id! < $1.id! }, today: today)
        for id in ImportContext.namedAssets(in: rows, assets: context.assets) {
            if kind == .prices {
                context.prices[id] = prices.values.filter { $0.assetID == id }.sorted { $0.date < $1.date }
            } else {
                context.transactions[id] = transactions.values.filter { $0.assetID == id }.sorted { ($0.date, $0.id!) < ($1.date, $1.id!) }
            }
        }
        return context
    }

    // MARK: Writes

    func insert(_ asset: Asset) throws -> Asset {
        var a = asset
        a.id = newID()
        assets[a.id!] = a
        return a
    }

    func update(_ asset: Asset) throws { assets[asset.id!] = asset }

    func deleteAsset(id: Int64) throws {
        assets[id] = nil
        transactions = transactions.filter { $0.value.assetID != id }
        prices = prices.filter { $0.value.assetID != id }
    }

    func insert(_ portfolio: Portfolio) throws -> Portfolio {
        var p = portfolio
        p.id = newID()
        portfolios[p.id!] = p
        return p
    }

    func update(_ portfolio: Portfolio) throws { portfolios[portfolio.id!] = portfolio }
    func deletePortfolio(id: Int64) throws { portfolios[id] = nil }

    func insert(_ category: Category) throws -> Category {
        var c = category
        c.id = newID()
        categories[c.id!] = c
        return c
    }

    func insert(_ transaction: Transaction) throws -> Transaction {
        var t = transaction
        t.id = newID()
        transactions[t.id!] = t
        return t
    }

    func update(_ transaction: Transaction) throws { transactions[transaction.id!] = transaction }
    func deleteTransaction(id: Int64) throws { transactions[id] = nil }

    func link(_ a: inout Transaction, _ b: inout Transaction) throws {
        a.relatedTransactionID = b.id
        b.relatedTransactionID = a.id
        transactions[a.id!] = a
        transactions[b.id!] = b
    }

    func insert(_ price: PricePoint) throws -> PricePoint {
        var p = price
        p.id = newID()
        prices[p.id!] = p
        return p
    }

    func update(_ price: PricePoint) throws { prices[price.id!] = price }
    func deletePrice(id: Int64) throws { prices[id] = nil }

    func replaceTargets(portfolio id: Int64, by dimension: AllocationDimension, _ targets: [String: ExactDecimal]) throws {
        self.targets[id, default: [:]][dimension] = targets
    }

    func setSetting(_ key: String, _ value: String?) throws { settings[key] = value }
    func store(_ rate: ExchangeRate) throws {
        rates.removeAll { $0.base == rate.base && $0.quote == rate.quote && $0.date == rate.date }
        rates.append(rate)
    }

    func insert(_ plan: InvestmentPlan, portfolioID: Int64?) throws -> InvestmentPlan {
        var p = plan
        p.id = newID()
        investmentPlans[p.id!] = (p, portfolioID)
        return p
    }

    func insert(_ plan: RegularSavingPlan) throws -> RegularSavingPlan {
        var p = plan
        p.id = newID()
        plans[p.id!] = p
        return p
    }

    func setNextDueDate(ofSavingPlan id: Int64, to date: CalendarDate) throws { plans[id]?.nextDueDate = date }
    func update(_ plan: RegularSavingPlan) throws { plans[plan.id!] = plan }
    func deleteSavingPlan(id: Int64) throws { plans[id] = nil }
    func update(_ category: Category) throws { categories[category.id!] = category }
    func deleteCategory(id: Int64) throws { categories[id] = nil }

    func renamePlatform(_ old: String, to new: String) throws {
        for (id, a) in assets where a.platform == old { assets[id]?.platform = new }
    }

    // MARK: Helpers for tests

    /// Runs `command` the way the Store does, minus the savepoint.
    @discardableResult
    func run<C: Command>(_ command: C) throws -> C.Result { try command.run(in: self) }

    /// A new asset, optionally holding `quantity` bought at `price` on `date` with a price record.
    func asset(_ name: String, _ type: AssetType = .stock, quantity: ExactDecimal? = nil, price: ExactDecimal = 10,
               date: String = "2024-01-02") throws -> Asset {
        var c = CreateAsset(name: name, type: type)
        c.quantity = quantity
        c.costBasis = price
        c.date = ymd(date)
        return try run(c)
    }
}

func ymd(_ text: String) -> CalendarDate { CalendarDate(text)! }

/// The violation `body` throws (nil when it throws none or something else).
func violation(_ body: () throws -> Void) -> RuleViolation? {
    do { try body() } catch let v as RuleViolation { return v } catch { return nil }
    return nil
}
