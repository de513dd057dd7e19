import Foundation

/// What an import will write, worked out in memory before anything is written: the assets
/// to create, the transactions or prices to add, and the rows skipped as duplicates.
public struct ImportPlan: Sendable {
    /// An asset already in the store, or the n-th asset this import creates.
    public enum AssetRef: Hashable, Sendable { case existing(Int64), new(Int) }

    public struct NewTransaction: Sendable {
        public var line: Int
        public var asset: AssetRef
        public var source: AssetRef?
        /// Its `assetID` and `sourceAssetID` are filled in when written.
        public var transaction: Transaction
        /// The file's text of the quantity and price, when it is their plain form.
        public var quantityText: String?
        public var priceText: String?
        /// quantity × price as plain text, computed from the texts in 64-bit integers when
        /// they fit (Foundation's decimal product is the slow part of a big import).
        public var totalText: String?
    }

    public struct NewPrice: Sendable {
        public var line: Int
        public var asset: AssetRef
        public var date: CalendarDate
        public var price: ExactDecimal
        public var priceText: String?
    }

    /// What the checks after the write need of one asset's planned rows
    /// (`ImportRows.checkValues`, the store's largest prices), gathered as the rows are
    /// planned: a plan whose rows were handed over while planning no longer holds them.
    public struct AssetSummary: Sendable {
        /// The largest price per unit of its transactions, from 0, in plan order.
        public var highestPrice: ExactDecimal = 0
        /// Whether it has planned prices.
        public var hasPrices = false
        /// The largest magnitude of its planned prices, from 0, in plan order.
        public var highestRecordedPrice: ExactDecimal = 0
        /// The largest of its trade prices (`MarketPrices.isTradePrice`), in plan order.
        public var highestTradePrice: ExactDecimal?

        /// The largest of both, as a walk of the prices and then the trades arrives at it.
        public var highestMarketPrice: ExactDecimal {
            highestTradePrice.map { Swift.max(highestRecordedPrice, $0) } ?? highestRecordedPrice
        }
    }

    public var kind: ImportKind
    public var newAssets: [Asset] = []
    /// The planned transactions and prices the plan holds: all of them, unless they were
    /// handed to the writer part by part while planning (`ImportPlanner.takePart`); then
    /// those planned after the last part (the prices `finish` adds for new cash assets).
    public var transactions: [NewTransaction] = []
    public var prices: [NewPrice] = []
    /// Rows handed over while planning, no longer in `transactions` and `prices`: how many,
    /// and the first `previewLimit` of them, for `preview`.
    public var transactionsHandedOver = 0, pricesHandedOver = 0
    public var firstHandedOver: (transactions: [NewTransaction], prices: [NewPrice]) = ([], [])
    /// Each asset with planned rows.
    public var assets: [AssetRef: AssetSummary] = [:]
    /// The transactions whose value (quantity × price) is out of range or reaches
    /// `ConversionRange.valueLimit`, in plan order (`ImportRows.checkValues`).
    public var largeValues: [NewTransaction] = []
    /// The rows `preview` shows.
    public static let previewLimit = 10
    /// Rows equal to one in the store or earlier in the file (same asset, date, type,
    /// quantity and price; for prices, same asset, date and price).
    public var duplicates = 0
    public var warnings: [String] = []
    /// Prices with more than 18 decimal places, rounded half-even to 18.
    public var roundedPrices = 0

    public init(kind: ImportKind) { self.kind = kind }

    /// Rows the import adds.
    public var addedCount: Int { kind == .prices ? prices.count + pricesHandedOver : transactions.count + transactionsHandedOver }

    /// The app's summary: "3 transactions imported.", duplicates, new assets.
    public var summary: [String] {
        var lines: [String] = []
        lines.append(addedCount == 0 ? "No \(kind.noun)s were imported." : "\(counted(addedCount, kind.noun)) imported.")
        if duplicates > 0 { lines.append("\(counted(duplicates, "duplicate")) skipped (already in the store or earlier in the file).") }
        if !newAssets.isEmpty { lines.append("\(counted(newAssets.count, "new asset")) added: \(newAssetNames).") }
        if roundedPrices > 0 {
            lines.append("\(counted(roundedPrices, "price")) had more than \(ImportNumber.maxFractionDigits) decimal places and \(roundedPrices == 1 ? "was" : "were") rounded half-even to \(ImportNumber.maxFractionDigits).")
        }
        return lines
    }

    /// What `--dry-run` prints: the same summary as the import (it ran the same code, and
    /// its writes were rolled back), then the first rows it would add.
    public func preview(limit: Int = previewLimit) -> [String] {
        var lines = ["Dry run: nothing was written; the import would report:"] + summary
        let sample = kind == .prices ? (firstHandedOver.prices + prices).prefix(limit).map(describe)
            : (firstHandedOver.transactions + transactions).prefix(limit).map(describe)
        if !sample.isEmpty { lines.append("First rows to add:") }
        lines += sample.map { "  " + $0 }
        if addedCount > limit { lines.append("  … and \(addedCount - limit) more.") }
        return lines
    }

    private var newAssetNames: String {
        newAssets.map { "\($0.name) (\($0.type.rawValue), \($0.currency))" }.joined(separator: ", ")
    }

    private func describe(_ t: NewTransaction) -> String {
        let x = t.transaction
        return "line \(t.line): \(x.date) \(x.type.rawValue) \(x.quantity.plainText) \(label(t.asset)) @ \(x.pricePerUnit.plainText)"
    }

    private func describe(_ p: NewPrice) -> String { "line \(p.line): \(p.date) \(label(p.asset)) \(p.price.plainText)" }

    /// The asset's name when the plan knows it (new assets), else its id.
    private func label(_ ref: AssetRef) -> String {
        switch ref {
        case .new(let index): newAssets[index].name
        case .existing(let id): existingNames[id] ?? "asset #\(id)"
        }
    }

    /// Names of the existing assets the plan refers to, for the preview.
    public var existingNames: [Int64: String] = [:]
}

func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
