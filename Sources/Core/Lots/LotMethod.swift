import Foundation

/// Which open lots a sale closes (Documentation/Lots.md).
///
/// - fifo: the oldest first; lifo: the newest first; hifo: the highest cost per unit first
///   (ties: the oldest).
/// - average: the running average of Documentation/AverageCost.md; the lots keep their
///   dates (oldest sold first, for the holding period) and share the average cost.
/// - specific: the lots chosen on the sale (stored with it); a sale without a choice
///   closes the oldest first.
public enum LotMethod: String, CaseIterable, Sendable {
    case fifo, lifo, hifo, average, specific

    /// The method called `text` (any case); the error lists the methods.
    public static func parse(_ text: String) throws -> LotMethod {
        if let method = LotMethod(rawValue: text.lowercased()) { return method }
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        throw RuleViolation("Unknown lot method '\(text)'. Use one of: \(names).", rule: .unknownValue)
    }
}
