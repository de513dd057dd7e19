import Foundation

/// Checks every row of an import against the rules of the store, in memory and in one pass,
/// and works out what to write. Nothing here reads or writes the store: the caller gives
/// it the `ImportContext` and writes the resulting `ImportPlan` in one transaction.
///
/// The rules are the store's: assets are found by name (ignoring case, optionally on the
/// same platform) or created with a type and currency from the row or the defaults; a
/// transaction obeys the transaction form's rules, and a sell or transfer out may not take
/// more than was held on its date, counting the store's history and the file's earlier rows.
public struct ImportPlanner {
    let options: ImportOptions
    let context: ImportContext
    /// The header of each field's column, for messages.
    let titles: [ImportField: String]
    var plan: ImportPlan
    var errors: [RowError] = []
    var existingByName: [String: Asset] = [:]
    var newByName: [String: Int] = [:]
    /// The assets the rows have named so far, each once.
    var slots: [(ref: ImportPlan.AssetRef, asset: Asset)] = []
    var slotByRef: [ImportPlan.AssetRef: Int] = [:]
    /// The slot of each exact spelling met so far (a fast path for big files), and of the
    /// last row's: files list an asset's rows together more often than not, and comparing
    /// a short name costs less than hashing it.
    var resolved: [String: Int] = [:]
    var lastResolved: (name: String, slot: Int)?
    /// Transactions: the planned rows' and the loaded stored rows' duplicate keys, and the
    /// existing assets whose stored rows are in `seen`.
    var seen = Set<DuplicateKey>()
    var seenWide = Set<WideDuplicateKey>()
    var loaded = Set<Int64>()
    /// Prices: each slot's latest day so far, and every planned row's day once the file goes
    /// back in time for some asset.
    var latest: [Int] = []
    var fileDays: [AssetDay: (price: ExactDecimal, line: Int)]?
    /// What `finish` and the price index need of the planned rows, which the plan need not
    /// hold (`takePart`): each transaction's holdings step, each price's key until the index
    /// is built, the first day of each new cash asset, and what each slot's rows add up to.
    var steps: [HoldingStep] = []
    var priceKeys: [PriceKey] = []
    var firstCashDay: [Int: CalendarDate] = [:]
    var summaries: [ImportPlan.AssetSummary?] = []
    /// The new assets already handed over in parts.
    var assetsHandedOver = 0
    /// Prices among the rows given that were rounded to 18 places.
    public private(set) var roundedPrices = 0

    /// Plans the import of `rows`; every row error at once, or the plan.
    public static func plan(_ rows: [ImportRow], options: ImportOptions, context: ImportContext,
                            titles: [ImportField: String]) -> (plan: ImportPlan, errors: [RowError]) {
        var planner = ImportPlanner(options: options, context: context, titles: titles, expectedRows: rows.count)
        planner.add(rows)
        return planner.finish()
    }

    /// A planner for about `expectedRows` rows, given in the file's order in one or more
    /// `add` calls (a file read in batches need not keep its rows), then `finish`.
    /// `handingOverParts`: the plan's rows will be taken part by part (`takePart`), so
    /// room is not made for all of them.
    public init(options: ImportOptions, context: ImportContext, titles: [ImportField: String], expectedRows: Int,
                handingOverParts: Bool = false) {
        self.options = options
        self.context = context
        self.titles = titles
        plan = ImportPlan(kind: options.kind)
        for asset in context.assets { existingByName[asset.name.lowercased()] = asset }
        switch options.kind {
        case .transactions:
            seen.reserveCapacity(expectedRows)
            steps.reserveCapacity(expectedRows)
            if !handingOverParts { plan.transactions.reserveCapacity(expectedRows) }
        case .prices:
            priceKeys.reserveCapacity(expectedRows)
            if !handingOverParts { plan.prices.reserveCapacity(expectedRows) }
        case .rates: break
        }
    }

    /// Plans the next rows of the file.
    public mutating func add(_ rows: [ImportRow]) {
        switch options.kind {
        case .transactions: for row in rows { planTransaction(row) }
        case .prices: for row in rows { planPrice(row) }
        case .rates: break
        }
        for row in rows where row.priceRounded { roundedPrices += 1 }
    }

    /// The rows planned since the last part, with the assets they named first: handed over
    /// whole, so that the plan no longer holds them (it counts them and keeps the first
    /// `ImportPlan.previewLimit` for its preview). Nil when nothing was planned since.
    public mutating func takePart() -> ImportPlan.Part? {
        guard plan.newAssets.count > assetsHandedOver || !plan.transactions.isEmpty || !plan.prices.isEmpty else { return nil }
        let part = ImportPlan.Part(newAssets: Array(plan.newAssets[assetsHandedOver...]), transactions: plan.transactions, prices: plan.prices)
        assetsHandedOver = plan.newAssets.count
        let room = ImportPlan.previewLimit
        plan.firstHandedOver.transactions += part.transactions.prefix(room - plan.firstHandedOver.transactions.count)
        plan.firstHandedOver.prices += part.prices.prefix(room - plan.firstHandedOver.prices.count)
        (plan.transactionsHandedOver, plan.pricesHandedOver) = (plan.transactionsHandedOver + part.transactions.count,
                                                               plan.pricesHandedOver + part.prices.count)
        // The part has the buffers: the plan's next rows go into new ones of the same size.
        plan.transactions.removeAll(keepingCapacity: true)
        plan.prices.removeAll(keepingCapacity: true)
        return part
    }

    /// The checks over the whole file (holdings), then the plan and every row error at once.
    /// What only the planning needed is let go.
    public mutating func finish() -> (plan: ImportPlan, errors: [RowError]) {
        (seen, seenWide) = ([], [])
        fileDays = nil
        priceKeys = []
        switch options.kind {
        case .transactions:
            checkHoldings()
            steps = []
            priceNewCash()
        case .prices: break
        case .rates: errors.append(RowError(line: 1, column: nil, message: ImportKind.ratesSeparateMessage))
        }
        for (slot, summary) in summaries.enumerated() { if let summary { plan.assets[slots[slot].ref] = summary } }
        plan.existingNames = Dictionary(context.assets.map { ($0.id!, $0.name) }, uniquingKeysWith: { a, _ in a })
        return (plan, errors.sorted { ($0.line, $0.column ?? "") < ($1.line, $1.column ?? "") })
    }

    /// Counts a planned row in its slot's summary (`update`).
    mutating func summarize(slot: Int, _ update: (inout ImportPlan.AssetSummary) -> Void) {
        while summaries.count <= slot { summaries.append(nil) }
        var summary = summaries[slot] ?? ImportPlan.AssetSummary()
        update(&summary)
        summaries[slot] = summary
    }

    func title(_ field: ImportField) -> String { titles[field] ?? field.title }

    mutating func fail(_ row: ImportRow, _ field: ImportField?, _ message: String) {
        errors.append(RowError(line: row.line, column: field.map(title), message: message))
    }

    // MARK: Assets

    /// The asset a row names: found, or planned as new. Nil (with an error) when it conflicts.
    mutating func resolveAsset(_ row: ImportRow) -> (ref: ImportPlan.AssetRef, asset: Asset)? {
        resolveSlot(row).map { slots[$0] }
    }

    /// The slot in `slots` of the asset a row names; nil (with an error) when it conflicts.
    mutating func resolveSlot(_ row: ImportRow) -> Int? {
        if row.currency == nil, row.currencyMention == nil, row.assetType == nil, !options.matchPlatform {  // nothing new to check
            if let last = lastResolved, last.name == row.assetName { return last.slot }
            if let slot = resolved[row.assetName] {
                lastResolved = (row.assetName, slot)
                return slot
            }
        }
        guard let found = resolveAssetByName(row) else { return nil }
        let slot: Int
        if let known = slotByRef[found.ref] { slot = known } else {
            slot = slots.count
            slots.append(found)
            slotByRef[found.ref] = slot
        }
        resolved[row.assetName] = slot
        lastResolved = (row.assetName, slot)
        return slot
    }

    private mutating func resolveAssetByName(_ row: ImportRow) -> (ref: ImportPlan.AssetRef, asset: Asset)? {
        let key = row.assetName.lowercased()
        if let asset = existingByName[key] {
            guard checkMatches(row, asset) else { return nil }
            return (.existing(asset.id!), asset)
        }
        if let index = newByName[key] {
            let asset = plan.newAssets[index]
            guard checkMatches(row, asset) else { return nil }
            return (.new(index), asset)
        }
        let name: String
        do { name = try AssetRules.validateName(row.assetName) } catch {
            fail(row, .asset, "\(error)")
            return nil
        }
        let asset = Asset(name: name, type: row.assetType ?? options.defaultAssetType,
                          currency: row.currency ?? row.currencyMention?.codeForNewAsset(preferring: options.defaultCurrency)
                            ?? options.defaultCurrency, platform: row.platform)
        plan.newAssets.append(asset)
        newByName[key] = plan.newAssets.count - 1
        return (.new(plan.newAssets.count - 1), asset)
    }

    /// A row's platform, currency and asset type must agree with the asset it names.
    mutating func checkMatches(_ row: ImportRow, _ asset: Asset) -> Bool {
        let before = errors.count
        if options.matchPlatform, !row.platform.isEmpty, row.platform.lowercased() != asset.platform.lowercased() {
            fail(row, .platform, "'\(asset.name)' is on platform '\(asset.platform)', not '\(row.platform)'; asset names are unique in the store.")
        }
        if let currency = row.currency, currency != asset.currency {
            fail(row, .currency, "Currency '\(currency)' does not match the currency of '\(asset.name)' (\(asset.currency)).")
        }
        if let mention = row.currencyMention, !mention.allows(asset.currency) {
            fail(row, .currency, "Currency '\(mention.text)' does not match the currency of '\(asset.name)' (\(asset.currency)).")
        }
        if let type = row.assetType, type != asset.type {
            fail(row, .assetType, "Asset type '\(type.rawValue)' does not match the type of '\(asset.name)' (\(asset.type.rawValue)).")
        }
        return errors.count == before
    }

    /// An asset the row names as the payer of income: existing or new in this file.
    mutating func resolveSource(_ name: String, row: ImportRow) -> (ref: ImportPlan.AssetRef, asset: Asset)? {
        let key = name.lowercased()
        if let asset = existingByName[key] { return (.existing(asset.id!), asset) }
        if let index = newByName[key] { return (.new(index), plan.newAssets[index]) }
        fail(row, .source, "No asset named '\(name)' (the source of income must be in the store or earlier in the file).")
        return nil
    }

    /// The column a rule's message is about, from its first word.
    static func field(ofMessage message: String) -> ImportField? {
        let word = message.prefix { $0.isLetter }
        switch word {
        case "Date": return .date
        case "Quantity", "Amount": return .quantity
        case "Price": return .price
        case "Fees": return .fees
        default: return nil
        }
    }
}
