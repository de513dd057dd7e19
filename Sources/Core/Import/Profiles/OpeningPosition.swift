import Foundation

/// A position held before a file starts (`--opening FILE.csv`: asset, date, quantity, cost
/// basis), added in the import's own transaction as a transfer in with its cost.
public struct OpeningPosition: Equatable, Sendable {
    public var asset: String
    public var date: CalendarDate
    public var quantity: ExactDecimal
    public var costBasis: ExactDecimal

    public init(asset: String, date: CalendarDate, quantity: ExactDecimal, costBasis: ExactDecimal) {
        self.asset = asset
        self.date = date
        self.quantity = quantity
        self.costBasis = costBasis
    }

    /// Reads an opening file: a header naming asset, date, quantity and cost basis (in any
    /// order, ignoring case), then one row per position. Every problem is listed with its line.
    public static func read(_ table: CSVTable) throws -> [OpeningPosition] {
        func column(_ names: [String]) -> Int? { names.lazy.compactMap { table.column(named: $0) }.first }
        let asset = column(["asset", "symbol", "ticker", "name"]), date = column(["date"]), quantity = column(["quantity", "shares", "units", "amount"])
        let cost = column(["cost basis", "cost_basis", "cost"])
        let missing = [("asset", asset), ("date", date), ("quantity", quantity), ("cost basis", cost)].filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty else {
            throw RuleViolation("The opening file needs the columns asset, date, quantity and cost basis; missing: \(missing.joined(separator: ", ")).")
        }
        var result: [OpeningPosition] = [], problems: [String] = []
        for row in table.rows {
            func cell(_ i: Int?) -> String { i.flatMap { $0 < row.fields.count ? row.fields[$0] : nil } ?? "" }
            do {
                guard let day = try ImportDate.parse(cell(date), format: nil) else { throw RuleViolation("a date is required") }
                guard let q = try ImportNumber.parse(cell(quantity)), q > 0 else { throw RuleViolation("the quantity must be above zero") }
                let c = try ImportNumber.parse(cell(cost)) ?? 0
                let name = cell(asset)
                guard !name.isEmpty else { throw RuleViolation("an asset is required") }
                result.append(OpeningPosition(asset: name, date: day, quantity: q, costBasis: c))
            } catch {
                problems.append("opening file line \(row.line): \(error)")
            }
        }
        if !problems.isEmpty { throw RuleViolation(problems.joined(separator: "\n")) }
        return result
    }
}
