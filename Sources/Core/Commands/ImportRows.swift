import Foundation

/// A CSV import (`assetflow import`, `af.import`) as one command: it reads what the rules
/// need through its store (`importContext`: every asset, the history of those the rows
/// name), plans every row in memory (`ImportPlanner`), and, when no row has an error and it
/// is not a dry run, writes the plan: the assets the file creates (each through
/// `CreateAsset`, so its rules hold), then the rows, through the store's bulk write
/// (`insertImported`). Any error leaves nothing behind: every row error comes back at once
/// in an `ImportFailure`.
///
///     let outcome = try session.execute(ImportRows(rows, options: options, titles: titles))
///     print(outcome.plan.summary)   // ["3 transactions imported.", …]
public struct ImportRows: Command {
    /// What the import did (or, for a dry run, would do).
    public struct Outcome {
        public var plan: ImportPlan
        /// The ids of the assets the import created, in plan order (none for a dry run).
        public var newAssetIDs: [Int64]
    }

    /// The rows to import. Held in a box that `releasingRows` lets the run empty once they
    /// are planned: the plan holds what the write needs, and a file's rows (a few hundred
    /// bytes each, 250,000 of them) need not stay in memory beside it while SQLite writes.
    public var rows: [ImportRow] {
        get { box.rows }
        set { box = RowBox(newValue) }
    }
    private var box: RowBox
    /// The caller keeps no other use for the rows: the run lets them go once planned.
    public var releasingRows = false
    public var options: ImportOptions
    /// The header of each field's column, for messages.
    public var titles: [ImportField: String]
    /// The errors met while reading the rows, reported with the plan's, all at once.
    public var readErrors: [RowError]
    /// Plan and check everything, write nothing.
    public var dryRun: Bool
    /// Called at the end of each step with its name (the benchmark's breakdown).
    public var stepDone: ((String) -> Void)?
    /// Called once every row has been planned and checked.
    public var planned: (() -> Void)?

    public init(_ rows: [ImportRow], options: ImportOptions, titles: [ImportField: String] = [:], readErrors: [RowError] = [],
                dryRun: Bool = false) {
        box = RowBox(rows)
        self.options = options
        self.titles = titles
        self.readErrors = readErrors
        self.dryRun = dryRun
    }

    /// The rows given part by part instead (`source` init): read and planned a part at a time.
    private var source: ImportRowSource?

    /// An import of the rows `source` gives in parts (a file's second reading,
    /// `CSVImportFile`): each part is planned as it comes, so the rows are never all in memory.
    public init(source: ImportRowSource, options: ImportOptions, titles: [ImportField: String] = [:], dryRun: Bool = false) {
        self.init([], options: options, titles: titles, dryRun: dryRun)
        self.source = source
    }

    public func run(in store: CommandStore) throws -> Outcome {
        var plan: ImportPlan, planErrors: [RowError], readErrors = readErrors
        var created: [Int64]?  // the new assets' ids, when they were written with the rows while planning
        if let source {
            // The store's history of every asset the rows may name: one stand-in row per name.
            let context = try store.importContext(for: source.assetNames.map(ImportRow.naming), kind: options.kind)
            stepDone?("read the store's assets and history")
            let planner = { (handingOverParts: Bool) in
                ImportPlanner(options: options, context: context, titles: titles, expectedRows: source.rowCount, handingOverParts: handingOverParts)
            }
            if !dryRun, options.kind != .rates, let writer = store as? ImportWhilePlanningStore {
                let errors: [RowError]
                (plan, errors, created) = try planWhileWriting(source, planner: planner, store: writer)
                (readErrors, planErrors) = (readErrors + errors, [])
            } else {
                var planner = planner(false)
                readErrors += source.forEachBatch { planner.add($0) }
                (plan, planErrors) = planner.finish()
                plan.roundedPrices = planner.roundedPrices
            }
        } else {
            let context = try store.importContext(for: rows, kind: options.kind)
            stepDone?("read the store's assets and history")
            (plan, planErrors) = ImportPlanner.plan(rows, options: options, context: context, titles: titles)
            plan.roundedPrices = rows.reduce(0) { $0 + ($1.priceRounded ? 1 : 0) }
            if releasingRows { box.rows = [] }
        }
        let errors = (readErrors + planErrors).sorted { ($0.line, $0.column ?? "") < ($1.line, $1.column ?? "") }
        if !errors.isEmpty { throw ImportFailure(rowErrors: errors, kind: options.kind) }
        stepDone?(source == nil ? "check rules, duplicates"
                  : created == nil ? "read CSV again: clean rows, check rules, duplicates"
                  : "read CSV again: clean rows, check rules, duplicates, write rows meanwhile")
        planned?()
        if dryRun { return Outcome(plan: plan, newAssetIDs: []) }
        return Outcome(plan: plan, newAssetIDs: try Self.write(plan, to: store, created: created ?? []))
    }

    /// The plan's new assets, then its rows; the ids of the new assets. `created`: the ids of
    /// the first new assets, already created (with the transactions, while the plan was made).
    static func write(_ plan: ImportPlan, to store: CommandStore, created: [Int64] = []) throws -> [Int64] {
        var ids = created
        for asset in plan.newAssets.dropFirst(created.count) {
            var create = CreateAsset(name: asset.name, type: asset.type)
            create.currency = asset.currency
            create.platform = asset.platform
            ids.append(try create.run(in: store).id!)
        }
        try store.insertImported(plan, newAssetIDs: ids)
        try checkValues(plan, newAssetIDs: ids, in: store)
        return ids
    }

    /// `ConversionRange`'s value rule once per asset the rows touch, after they are written
    /// (inside the import's transaction, so a refusal writes nothing): the quantity held at the
    /// latest price and at the highest imported trade price; each row's own total in memory.
    /// The plan's rows are not read: the planner kept the rows whose own total is large
    /// (`largeValues`) and each asset's largest price (`assets`).
    static func checkValues(_ plan: ImportPlan, newAssetIDs ids: [Int64], in store: CommandStore) throws {
        for new in plan.largeValues {
            let t = new.transaction, id = plan.id(of: new.asset, newAssetIDs: ids)
            try ConversionRange.checkValue(held: t.quantity, price: t.pricePerUnit, asset: try store.requireAsset(id: id).name)
        }
        var highestPrice: [Int64: ExactDecimal] = [:]
        for (ref, summary) in plan.assets {
            highestPrice[plan.id(of: ref, newAssetIDs: ids)] = summary.hasPrices ? summary.highestPrice + 0 : summary.highestPrice
        }
        for (id, price) in highestPrice.sorted(by: { $0.key < $1.key }) {
            let asset = try store.requireAsset(id: id)
            try ConversionRange.checkValue(of: asset, held: try store.quantity(ofAsset: id), alsoAt: [price], in: store)
        }
    }
}

/// The rows of an `ImportRows`, in a box its run may empty (`releasingRows`).
private final class RowBox: @unchecked Sendable {
    var rows: [ImportRow]
    init(_ rows: [ImportRow]) { self.rows = rows }
}

extension CommandStore {
    /// One row at a time, through the plain inserts: a store with a faster way (SQLite's
    /// prepared bulk statements) provides its own.
    public func insertImported(_ plan: ImportPlan, newAssetIDs ids: [Int64]) throws {
        for new in plan.transactions {
            var t = new.transaction
            t.assetID = plan.id(of: new.asset, newAssetIDs: ids)
            t.sourceAssetID = new.source.map { plan.id(of: $0, newAssetIDs: ids) }
            if new.totalText != nil { t.totalAmount = t.quantity * t.pricePerUnit }
            _ = try insert(t)
        }
        for new in plan.prices {
            _ = try insert(PricePoint(assetID: plan.id(of: new.asset, newAssetIDs: ids), date: new.date, price: new.price))
        }
    }
}

extension ImportPlan {
    /// The store id of an asset the plan refers to.
    public func id(of ref: AssetRef, newAssetIDs: [Int64]) -> Int64 { ref.id(newAssetIDs: newAssetIDs) }
}

extension ImportPlan.AssetRef {
    /// The store id of the asset, given those of the assets the import created, in plan order.
    public func id(newAssetIDs: [Int64]) -> Int64 {
        switch self {
        case .existing(let id): id
        case .new(let index): newAssetIDs[index]
        }
    }
}
