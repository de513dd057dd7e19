import Foundation

/// No stored rate can convert `from` into `to` on `date` or any earlier day. What is thrown is
/// its `violation`: a `RuleViolation` (rule `.mixedCurrencies`, with the date) whose message
/// names the pair and the date and says how to add a rate. A value is never converted at a
/// made-up 1:1 or added to others unconverted.
public struct MissingRateError: Equatable, CustomStringConvertible, Sendable {
    public let from: String
    public let to: String
    public let date: CalendarDate

    public init(from: String, to: String, date: CalendarDate) {
        self.from = from
        self.to = to
        self.date = date
    }

    public var description: String {
        "No exchange rate from \(from) to \(to) on or before \(date). Add one with "
            + "af.set_rate{ base = \"\(from)\", quote = \"\(to)\", date = \"\(date)\", rate = … } "
            + "or fetch rates with `assetflow rates fetch --from \(date) --to \(date)`."
    }

    /// The error to throw.
    public var violation: RuleViolation { RuleViolation(description, rule: .mixedCurrencies, date: date) }
}
