import Foundation

/// A business rule said no. `message` is the user-facing sentence, in the seeds' wording
/// where the seeds give one ("Cannot sell more than current holdings (10)."); `description`
/// is exactly that sentence. The context says which rule, and about which asset and date,
/// so a caller (an import, a report of failures) can act on it without parsing the text.
///
///     do { try session.execute(Trade(.sell, asset: id, quantity: 12)) }
///     catch let v as RuleViolation where v.rule == .insufficientHoldings {
///         print(v.asset ?? "", v.date?.description ?? "", v)   // ACME 2024-03-01 Cannot sell more than …
///     }
public struct RuleViolation: Error, Equatable, CustomStringConvertible, Sendable {
    /// Which rule was broken.
    public enum Rule: String, Sendable, CaseIterable {
        /// A date after today.
        case futureDate
        /// A required value missing or empty (a name, an amount, a quantity).
        case required
        /// A value outside what the rule allows (not above zero, negative, out of range).
        case outOfRange
        /// Text that does not name a known value (a type, a currency, a strategy).
        case unknownValue
        /// A name or date already taken.
        case duplicate
        /// More than the holdings allow: a sell, a transfer out, or a change or deletion
        /// that would make the quantity negative.
        case insufficientHoldings
        /// Type and currency once an asset has history; a built-in strategy's name.
        case locked
        /// A record others depend on (an asset's last price record, a portfolio with assets).
        case inUse
        /// A combination the rules refuse (swapping an asset with itself, a dividend into
        /// the asset paying it, a plan applied twice).
        case notAllowed
        /// A price needed and not there.
        case missingPrice
        /// Amounts in different currencies added as if they were one.
        case mixedCurrencies
        /// Any other rule.
        case other
    }

    public let message: String
    public var rule: Rule
    /// The asset's name, when the rule is about one.
    public var asset: String?
    public var date: CalendarDate?

    public init(_ message: String, rule: Rule = .other, asset: String? = nil, date: CalendarDate? = nil) {
        self.message = message
        self.rule = rule
        self.asset = asset
        self.date = date
    }

    public var description: String { message }

    /// Two violations are equal when they say the same thing; the context tells where it
    /// came from.
    public static func == (a: RuleViolation, b: RuleViolation) -> Bool { a.message == b.message }

    /// Runs `body`; a violation it throws that does not name an asset or a date yet gets
    /// `asset` and `date`. Commands wrap their checks in this.
    public static func about<T>(asset: String?, date: CalendarDate? = nil, _ body: () throws -> T) throws -> T {
        do { return try body() } catch var v as RuleViolation {
            if v.asset == nil { v.asset = asset }
            if v.date == nil { v.date = date }
            throw v
        }
    }
}
