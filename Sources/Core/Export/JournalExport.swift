import Foundation

/// The store as a plain-text accounting journal (hledger and ledger syntax), so that its
/// figures can be checked with other tools: `hledger -f assetflow.journal bal assets -V`
/// gives each asset's current value, and the total equals `af.net_worth()` exactly.
///
/// Every asset is an account `assets:PLATFORM:NAME` holding its own commodity (`"ACME"`,
/// cash assets too); each transaction moves units at its price (`10 "ACME" @ 12 USD`)
/// against `equity:transfers`, fees go to `expenses:fees`, and income paid by another
/// asset comes from `income:dividends:SOURCE` or `income:interest:SOURCE`. Each price
/// record (and each trade's price on a day without one: `MarketPrices`) is a `P` directive;
/// an asset with none is valued at 0, as in the store.
///
/// Exchange rates (issue 22): each other currency gets a `P` directive in the main currency
/// on every day a rate for it is stored (the rate the store would use that day), and an
/// asset in another currency is priced in the main currency (its price × that day's rate)
/// on each of its price days with a rate and on the export day; one price per asset and
/// day, so no tool has to choose between two. So `hledger bal assets -V` (which does not
/// chain prices) and `-X MAIN`, and `ledger bal assets -X MAIN`, give `af.net_worth()`.
public enum JournalExport {
    public struct Input {
        public var assets: [Asset]
        /// Every transaction, grouped by asset in date order.
        public var transactions: [Int64: [Transaction]]
        /// Every market price, grouped by asset in date order.
        public var prices: [Int64: [PricePoint]]
        public var exportedOn: CalendarDate
        public var mainCurrency: String
        /// For each other currency, 1 unit in the main currency on each day a rate is stored.
        public var rates: [String: [(date: CalendarDate, rate: ExactDecimal)]]
        /// For each asset in another currency, its prices in the main currency (price × the
        /// day's rate), in date order: they replace its own-currency prices of those days.
        public var mainPrices: [Int64: [PricePoint]]

        public init(assets: [Asset], transactions: [Int64: [Transaction]], prices: [Int64: [PricePoint]], exportedOn: CalendarDate,
                    mainCurrency: String = "", rates: [String: [(date: CalendarDate, rate: ExactDecimal)]] = [:],
                    mainPrices: [Int64: [PricePoint]] = [:]) {
            self.assets = assets
            self.transactions = transactions
            self.prices = prices
            self.exportedOn = exportedOn
            self.mainCurrency = mainCurrency
            self.rates = rates
            self.mainPrices = mainPrices
        }
    }

    /// What the journal is made from, each asset's part read when it is needed (twice: once
    /// for the commodity directives, once for its prices), so that an export holds one asset's
    /// history at a time and never the store's (`Input` gives the same from memory).
    public struct Source {
        public var assets: [Asset]
        public var exportedOn: CalendarDate
        public var mainCurrency: String
        /// As `Input.rates`.
        public var rates: [String: [(date: CalendarDate, rate: ExactDecimal)]]
        /// The asset's transactions in date order.
        public var transactions: (Asset) throws -> [Transaction]
        /// The asset's market prices in date order, and its prices in the main currency (as
        /// `Input.mainPrices`; empty for an asset in the main currency).
        public var prices: (Asset) throws -> (prices: [PricePoint], mainPrices: [PricePoint])
        /// Calls its argument with every transaction, in (date, id) order.
        public var inOrder: (_ body: (Transaction) throws -> Void) throws -> Void

        public init(assets: [Asset], exportedOn: CalendarDate, mainCurrency: String,
                    rates: [String: [(date: CalendarDate, rate: ExactDecimal)]],
                    transactions: @escaping (Asset) throws -> [Transaction],
                    prices: @escaping (Asset) throws -> (prices: [PricePoint], mainPrices: [PricePoint]),
                    inOrder: @escaping (_ body: (Transaction) throws -> Void) throws -> Void) {
            self.assets = assets
            self.exportedOn = exportedOn
            self.mainCurrency = mainCurrency
            self.rates = rates
            self.transactions = transactions
            self.prices = prices
            self.inOrder = inOrder
        }
    }

    public static func render(_ input: Input) throws -> String {
        var lines: [String] = []
        try render(input) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// The journal's lines, one at a time, in order (`render` joins them with newlines): an
    /// export writes each as it comes instead of holding the whole text and its lines (the
    /// benchmark store's 800,000 lines).
    public static func render(_ input: Input, line: (String) throws -> Void) throws {
        try render(source(input), line: line)
    }

    /// `input` as a `Source` reading its dictionaries.
    static func source(_ input: Input) -> Source {
        Source(assets: input.assets, exportedOn: input.exportedOn, mainCurrency: input.mainCurrency, rates: input.rates,
               transactions: { input.transactions[$0.id!] ?? [] },
               prices: { (input.prices[$0.id!] ?? [], input.mainPrices[$0.id!] ?? []) },
               inOrder: { body in
                   let all = input.transactions.values.flatMap { $0 }.sorted { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
                   for t in all { try body(t) }
               })
    }

    /// The journal's lines from `source`, one at a time, in order.
    public static func render(_ source: Source, line: (String) throws -> Void) throws {
        let byID = Dictionary(source.assets.map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        try line("; AssetFlow journal, exported \(source.exportedOn).")
        try line("; Check it: hledger -f FILE balance assets -V  (the total is the net worth)")
        try line("")
        for directive in try commodityDirectives(source) { try line(directive) }
        try line("")
        for asset in source.assets {
            let (points, converted) = try source.prices(asset)
            let convertedDays = Set(converted.map(\.date))
            var lines2: [(CalendarDate, String)] = points.filter { !convertedDays.contains($0.date) }
                .map { ($0.date, "P \($0.date) \(symbol(asset)) \($0.price.plainText) \(asset.currency)") }
            lines2 += converted.map { ($0.date, "P \($0.date) \(symbol(asset)) \($0.price.plainText) \(source.mainCurrency)") }
            for (_, text) in lines2.sorted(by: { $0.0 < $1.0 }) { try line(text) }
            if points.isEmpty, let first = try source.transactions(asset).first {
                try line("P \(first.date) \(symbol(asset)) 0 \(asset.currency)  ; no price record: valued at 0")
            }
        }
        for code in source.rates.keys.sorted() {
            for r in source.rates[code]! { try line("P \(r.date) \(code) \(r.rate.plainText) \(source.mainCurrency)") }
        }
        try line("")
        try source.inOrder { t in
            guard let asset = byID[t.assetID] else { return }
            for text in entry(t, asset: asset, source: t.sourceAssetID.flatMap { byID[$0] }) { try line(text) }
            try line("")
        }
    }

    /// `commodity` directives giving each currency enough decimals to show values exactly.
    static func commodityDirectives(_ source: Source) throws -> [String] {
        var places: [String: Int] = [:]
        for asset in source.assets {
            let transactions = try source.transactions(asset)
            let (prices, mainPrices) = try source.prices(asset)
            let quantity = Position.of(transactions).quantity
            let value = quantity * (prices.last?.price ?? 0)
            places[asset.currency] = max(places[asset.currency] ?? 2, fractionDigits(value))
            if let price = mainPrices.last?.price {
                places[source.mainCurrency] = max(places[source.mainCurrency] ?? 2, min(fractionDigits(quantity * price), 10))
            }
            for t in transactions {
                places[asset.currency] = max(places[asset.currency]!, fractionDigits(t.totalAmount), fractionDigits(t.fees))
            }
        }
        // The `format` subdirective: ledger and hledger both read it for display precision.
        return places.keys.sorted().map { "commodity \($0)\n    format 1000.\(String(repeating: "0", count: places[$0]!)) \($0)" }
    }

    static func fractionDigits(_ value: ExactDecimal) -> Int {
        let text = value.plainText
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }

    static func entry(_ t: Transaction, asset: Asset, source: Asset?) -> [String] {
        let label = t.type.label(forCash: asset.isCash)
        var lines = ["\(t.date) \(label) \(asset.name)" + (t.note.isEmpty ? "" : "  ; \(oneLine(t.note))")]
        let units = t.quantityImpact
        let cost = units * t.pricePerUnit
        lines.append("    \(account(asset))  \(units.plainText) \(symbol(asset)) @ \(t.pricePerUnit.plainText) \(asset.currency)")
        if !t.fees.isZero { lines.append("    expenses:fees  \(t.fees.plainText) \(asset.currency)") }
        let counter: String
        if let source, t.type == .dividend || t.type == .interest {
            counter = "income:\(t.type == .dividend ? "dividends" : "interest"):\(accountPart(source.name))"
        } else if t.type == .fee || t.type == .tax {
            counter = t.type == .fee ? "expenses:fees" : "expenses:taxes"
        } else {
            counter = "equity:transfers"
        }
        lines.append("    \(counter)  \((-(cost + t.fees)).plainText) \(asset.currency)")
        return lines
    }

    /// `assets:PLATFORM:NAME`, with characters that would end or split a name replaced.
    static func account(_ asset: Asset) -> String {
        "assets:" + (asset.platform.isEmpty ? "" : accountPart(asset.platform) + ":") + accountPart(asset.name)
    }

    static func accountPart(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: ":", with: "-").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The asset's commodity: its name, quoted.
    static func symbol(_ asset: Asset) -> String { "\"" + oneLine(asset.name).replacingOccurrences(of: "\"", with: "'") + "\"" }

    static func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ") }
}
