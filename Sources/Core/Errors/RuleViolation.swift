import Foundation

/// A business rule said no. `message` is the user-facing sentence, in the seeds' wording
/// where the seeds give one ("Cannot sell more than current holdings (10).").
public struct RuleViolation: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
