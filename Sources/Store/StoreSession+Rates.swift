import Core
import GRDB

/// Exchange rates and the main currency.
///
/// Rates are rows of `exchange_rate` (1 base = rate quote on a date); the main currency is
/// the `main_currency` setting, USD when unset. A computation loads the rates it needs with
/// one query (`rateTable(for:)`) and converts in memory with Core's `RateTable`.
extension StoreSession {
    public static let mainCurrencyKey = "main_currency"
    public static let financialGoalKey = "financial_goal"
    public static let defaultMainCurrency = "USD"

    // MARK: Main currency

    /// The currency totals are reported in (default USD).
    public func mainCurrency() throws -> String {
        try setting(Self.mainCurrencyKey).flatMap { Currency.isKnown($0) ? $0.uppercased() : nil } ?? Self.defaultMainCurrency
    }

    /// A reporting currency: `code` when given (validated), else the main currency.
    public func reportingCurrency(_ code: String?) throws -> String {
        try code.map(Currency.normalize) ?? mainCurrency()
    }

    /// Changes the main currency. A stored financial goal is converted at today's rate (or
    /// the latest earlier one) and rounded to a whole number (the app's rule); when no rate
    /// exists the change is refused and nothing changes. Returns the goal before and after.
    @discardableResult
    public func setMainCurrency(_ code: String) throws -> (oldGoal: ExactDecimal, newGoal: ExactDecimal)? {
        let new = try Currency.normalize(code)
        let old = try mainCurrency()
        guard new != old else { return nil }
        return try atomically {
            var converted: (ExactDecimal, ExactDecimal)?
            if let goal = try setting(Self.financialGoalKey).flatMap(ExactDecimal.parseOrNil) {
                let table = try rateTable(for: [old, new], through: today)
                let value = try table.convert(goal, from: old, to: new, on: today).amount.rounded(places: 0)
                if value <= 0 { throw RuleViolation("Financial goal must be greater than zero.") }
                try writeSetting(Self.financialGoalKey, value.plainText)
                converted = (goal, value)
            }
            try writeSetting(Self.mainCurrencyKey, new)
            return converted
        }
    }

    // MARK: Rates

    /// Stores a rate (replacing the one for the same pair and day). Codes must be known,
    /// the rate above zero, the date not in the future.
    @discardableResult
    public func setRate(_ rate: ExchangeRate) throws -> ExchangeRate {
        let rate = try rate.validated()
        try DateRules.validateNotFuture(rate.date, today: today)
        let existed = try Bool.fetchOne(db, sql: "SELECT 1 FROM exchange_rate WHERE base = ? AND quote = ? AND date = ?",
                                        arguments: [rate.base, rate.quote, rate.date.description]) ?? false
        try db.execute(sql: """
            INSERT INTO exchange_rate(base, quote, date, rate, source, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(base, quote, date) DO UPDATE SET rate = excluded.rate, source = excluded.source, fetched_at = excluded.fetched_at
            """, arguments: [rate.base, rate.quote, rate.date.description, rate.rate.plainText, rate.source, rate.fetchedAt])
        noteChange("exchange_rate", existed ? .changed : .added)
        return rate
    }

    /// Stores many rates, all or nothing.
    public func setRates(_ rates: [ExchangeRate]) throws {
        try atomically { for rate in rates { try setRate(rate) } }
    }

    /// Stored rates, oldest first, optionally for one base and/or quote and a date range.
    public func rates(base: String? = nil, quote: String? = nil, from: CalendarDate? = nil, to: CalendarDate? = nil) throws -> [ExchangeRate] {
        var conditions: [String] = [], arguments: [DatabaseValueConvertible] = []
        if let base { conditions.append("base = ?"); arguments.append(try Currency.normalize(base)) }
        if let quote { conditions.append("quote = ?"); arguments.append(try Currency.normalize(quote)) }
        if let from { conditions.append("date >= ?"); arguments.append(from.description) }
        if let to { conditions.append("date <= ?"); arguments.append(to.description) }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try Row.fetchAll(db, sql: "SELECT * FROM exchange_rate \(filter) ORDER BY date, base, quote",
                                arguments: StatementArguments(arguments)).map(Self.exchangeRate)
    }

    /// The dates on which `base` has at least one stored rate, within the range.
    public func rateDates(base: String, from: CalendarDate, to: CalendarDate) throws -> Set<CalendarDate> {
        let texts = try String.fetchAll(db, sql: "SELECT DISTINCT date FROM exchange_rate WHERE base = ? AND date BETWEEN ? AND ?",
                                        arguments: [base, from.description, to.description])
        return Set(texts.compactMap(CalendarDate.init))
    }

    /// Every rate that can take part in converting between `currencies` (either side in the
    /// set, so direct, inverse and cross rates are all there), up to `through`: one query.
    public func rateTable(for currencies: Set<String>, through: CalendarDate? = nil) throws -> RateTable {
        let codes = currencies.filter { !$0.isEmpty }
        guard codes.count > 1 else { return RateTable() }
        let list = codes.sorted().map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" }.joined(separator: ",")
        var sql = "SELECT * FROM exchange_rate WHERE (base IN (\(list)) OR quote IN (\(list)))"
        var arguments: StatementArguments = []
        if let through { sql += " AND date <= ?"; arguments = [through.description] }
        return RateTable(try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.exchangeRate))
    }

    /// An empty sum in `currency` with the rates needed for `assets` loaded (one query).
    public func convertedSum(of assets: [Asset], in currency: String, through: CalendarDate? = nil) throws -> ConvertedSum {
        ConvertedSum(currency: currency, rates: try rateTable(for: Set(assets.map(\.currency)).union([currency]), through: through))
    }

    static func exchangeRate(_ row: Row) throws -> ExchangeRate {
        ExchangeRate(base: row["base"], quote: row["quote"], date: try row.date("date"), rate: try row.decimal("rate"),
                     source: row["source"], fetchedAt: row["fetched_at"])
    }
}
