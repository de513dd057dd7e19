import Foundation

/// A dividend paid by `source` into the cash asset `asset`, with tax withheld at source:
/// the gross arrives as a dividend and the withholding tax leaves at once as a `Tax` linked
/// to it, so the cash grows by the net, income shows the gross, and the tax and net follow
/// (`StoreSession.incomeBreakdown`). Give any two of gross, tax and net; with all three,
/// gross − tax must equal net.
///
///     // 100 gross, 15 withheld: cash +85, income 100, tax 15, net 85
///     try session.execute(DividendWithTax(asset: cash, source: ko, gross: 100, tax: 15))
public struct DividendWithTax: Command {
    public static let twoOfThreeMessage = "A dividend with tax needs two of gross, tax and net."

    public var asset: Int64
    public var source: Int64
    public var gross: ExactDecimal?
    public var tax: ExactDecimal?
    public var net: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, source: Int64, gross: ExactDecimal? = nil, tax: ExactDecimal? = nil, net: ExactDecimal? = nil,
                date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.source = source
        self.gross = gross
        self.tax = tax
        self.net = net
        self.date = date
        self.note = note
    }

    /// Gross and tax from any two of the three.
    public func amounts() throws -> (gross: ExactDecimal, tax: ExactDecimal) {
        switch (gross, tax, net) {
        case let (g?, t?, n?):
            guard g - t == n else {
                throw RuleViolation("Gross (\(g.plainText)) − tax (\(t.plainText)) is \((g - t).plainText), not the net (\(n.plainText)).", rule: .outOfRange)
            }
            return (g, t)
        case let (g?, t?, nil): return (g, t)
        case let (g?, nil, n?): return (g, g - n)
        case let (nil, t?, n?): return (n + t, t)
        default: throw RuleViolation(Self.twoOfThreeMessage, rule: .required)
        }
    }

    public func run(in store: CommandStore) throws -> (dividend: Transaction, tax: Transaction?) {
        let (g, t) = try amounts()
        guard t >= 0, t <= g else {
            throw RuleViolation("The tax withheld (\(t.plainText)) must be between 0 and the gross dividend (\(g.plainText)).", rule: .outOfRange)
        }
        let day = date ?? store.today
        var dividend = try Dividend(asset: asset, source: source, amount: g, date: day, note: note).run(in: store)
        guard t > 0 else { return (dividend, nil) }
        var withheld = try CostPaid.record(.tax, from: asset, amount: t, source: source, date: day, note: "Withholding tax",
                                           related: dividend.id, in: store)
        try store.link(&dividend, &withheld)
        return (dividend, withheld)
    }
}
