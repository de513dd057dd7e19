import Foundation

/// A split's ratio "new:old": "3:1" turns 1 unit into 3 (a split), "1:10" turns 10 into 1
/// (a reverse split). Also written "3-for-1", "3 for 1" or "3/1".
public struct SplitRatio: Equatable, Sendable, CustomStringConvertible {
    public let new: ExactDecimal
    public let old: ExactDecimal

    public static func message(_ text: String) -> String {
        "Cannot read the split ratio '\(text)': write new:old, such as \"3:1\" for a split or \"1:10\" for a reverse split."
    }

    /// `allowsOne`: a merger's exchange ratio may be 1:1 (a split's may not).
    public init(new: ExactDecimal, old: ExactDecimal, allowsOne: Bool = false) throws {
        guard new > 0, old > 0, new != old || allowsOne else { throw RuleViolation(Self.message("\(new.plainText):\(old.plainText)"), rule: .outOfRange) }
        self.new = new
        self.old = old
    }

    public init(_ text: String, allowsOne: Bool = false) throws {
        let lowered = text.lowercased().replacingOccurrences(of: " ", with: "")
        let separators = ["-for-", "for", ":", "/"]
        guard let separator = separators.first(where: { lowered.contains($0) }) else { throw RuleViolation(Self.message(text), rule: .outOfRange) }
        let parts = lowered.components(separatedBy: separator)
        guard parts.count == 2, let new = ExactDecimal.parseOrNil(parts[0]), let old = ExactDecimal.parseOrNil(parts[1]) else {
            throw RuleViolation(Self.message(text), rule: .outOfRange)
        }
        do { try self.init(new: new, old: old, allowsOne: allowsOne) } catch { throw RuleViolation(Self.message(text), rule: .outOfRange) }
    }

    /// The units `held` become, to 8 decimals (rounded down: brokers pay the fraction they
    /// cannot deliver in cash).
    public func applied(to held: ExactDecimal) -> ExactDecimal {
        let exact: ExactDecimal = held.times(new, dividedBy: old)
        return exact.rounded(places: 8, mode: .down)
    }

    public var description: String { "\(new.plainText):\(old.plainText)" }
}
