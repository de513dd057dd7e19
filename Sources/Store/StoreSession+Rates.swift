import Core
import GRDB

/// Exchange rates and the main currency.
///
/// Rates are rows of `exchange_rate` (1 base = rate quote on a date); the main currency is
/// the `main_currency` setting, USD when unset. A computation loads the rates it needs with
/// one query (`rateTable(for:)`) and converts in memory with Core's `RateTable`.
extension StoreSession {
    public static let mainCurrencyKey = SetMainCurrency.settingKey
    public static let financialGoalKey = SetFinancialGoal.settingKey
    public static let defaultMainCurrency = SetMainCurrency.defaultCurrency

    // MARK: Main currency

    /// The currency totals are reported in (default USD).
    public func mainCurrency() throws -> String {
        SetMainCurrency.currency(from: try setting(Self.mainCurrencyKey))
    }

    /// How dates are shown to a person (the `date_format` setting, abbreviated when unset).
    public func dateFormat() throws -> DateDisplayFormat {
        DateDisplayFormat.stored(try setting(SetDateFormat.settingKey))
    }

    /// A reporting currency: `code` when given (validated), else the main currency.
    public func reportingCurrency(_ code: String?) throws -> String {
        try code.map(Currency.normalize) ?? mainCurrency()
    }

    // Changing the main currency and storing rates are the commands `SetMainCurrency`,
    // `SetRate` and `SetRates` (Sources/Core/Commands), run with `execute`.

    // MARK: Rates

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
