import Foundation

/// Turns report values into display text: thousands separators, money with its currency,
/// percents with two decimals, and the chart axis labels of the seeds' app (S18).
///
///     ReportFormatter(currency: "USD").text(-1234.5, .money)   // "-1,234.50 USD"
///     ReportFormatter.axisLabel(999_999)                        // "1000K"
public struct ReportFormatter: Sendable {
    public var currency: String

    public init(currency: String) { self.currency = currency }

    /// A cell as text; negatives start with "-".
    public func text(_ cell: ReportCell) -> String {
        switch cell {
        case .empty: ""
        case .text(let t): t
        case .number(let n, let format): text(n, format)
        case .money(let n, let own): ReportFormatter(currency: own).text(n, .money)  // its own currency, never the report's
        }
    }

    public func text(_ value: ExactDecimal, _ format: ReportNumberFormat) -> String {
        switch format {
        case .number: ReportFormatter.grouped(DisplayFormat.plain(value))
        case .integer: ReportFormatter.grouped(value.rounded(places: 0).plainText)
        case .percent: ReportFormatter.grouped(value.fixedText(places: 2)) + "%"
        case .money:
            ReportFormatter.grouped(DisplayFormat.money(value, currency: currency)) + (currency.isEmpty ? "" : " " + currency)
        }
    }

    /// True for a number below zero (shown marked: red, or with its minus sign).
    public static func isNegative(_ cell: ReportCell) -> Bool {
        if case .money(let n, let currency) = cell { return n.rounded(places: DisplayFormat.minorUnits(of: currency)) < 0 }
        if case .number(let n, let format) = cell {
            let shown = format == .number ? n.rounded(places: DisplayFormat.maxPlaces) : n.rounded(places: format == .integer ? 0 : 2)
            return shown < 0
        }
        return false
    }

    /// "-1234567.891" → "-1,234,567.891".
    public static func grouped(_ plain: String) -> String {
        var text = Substring(plain)
        var sign = ""
        if text.hasPrefix("-") { sign = "-"; text = text.dropFirst() }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0])
        var out = ""
        for (i, c) in whole.enumerated() {
            if i > 0 && (whole.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        if parts.count > 1 { out += "." + parts[1] }
        return sign + out
    }

    /// An axis label as the seeds' app writes it: ≥ 1e9 "B", ≥ 1e6 "M", ≥ 1e3 "K", with one
    /// decimal and a trailing ".0" dropped, the sign kept; below 1000 a whole number.
    /// 999,999 → "1000K", 2,500,000 → "2.5M", -1,500 → "-1.5K", 12.7 → "13".
    public static func axisLabel(_ value: ExactDecimal) -> String {
        let magnitude = value < 0 ? -value : value
        let sign = value < 0 ? "-" : ""
        let units: [(ExactDecimal, String)] = [(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K")]
        for (size, suffix) in units where magnitude >= size {
            return sign + (magnitude / size).rounded(places: 1).plainText + suffix
        }
        let whole = magnitude.rounded(places: 0)
        return whole == 0 ? "0" : sign + whole.plainText
    }
}
