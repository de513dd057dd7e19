import Core
import GRDB

/// Income an asset paid, split the way a tax return wants it.
public struct IncomeBreakdown: Equatable, Sendable {
    /// Dividends as paid, before tax.
    public var dividends: ExactDecimal = 0
    public var interest: ExactDecimal = 0
    /// Taxes whose source is the asset (withheld on its dividends or interest).
    public var tax: ExactDecimal = 0

    public var gross: ExactDecimal { dividends + interest }
    public var net: ExactDecimal { gross - tax }
}

extension StoreSession {
    /// Gross dividends and interest paid by `source`, the taxes withheld on them, and the
    /// net: one query.
    public func incomeBreakdown(fromSource source: Int64) throws -> IncomeBreakdown {
        var result = IncomeBreakdown()
        let rows = try Row.fetchAll(db, sql: """
            SELECT type, total FROM asset_transaction WHERE source_asset_id = ? AND type IN ('dividend', 'interest', 'tax')
            """, arguments: [source])
        for row in rows {
            let type: String = row[0], total = try ExactDecimal.parse(row[1] as String)
            switch type {
            case "dividend": result.dividends += total
            case "interest": result.interest += total
            default: result.tax += total
            }
        }
        return result
    }

    /// Σ taxes whose source is `source`.
    public func withholdingTax(fromSource source: Int64) throws -> ExactDecimal { try incomeBreakdown(fromSource: source).tax }
}
