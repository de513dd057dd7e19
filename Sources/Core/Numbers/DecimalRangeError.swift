/// A decimal operation whose result does not fit: beyond ±(2^128 − 1), or nonzero but
/// smaller than 1e-38 (it would round to 0), or a division by zero. It names the operation
/// and its values.
public struct DecimalRangeError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable { case overflow, underflow, divisionByZero, inexact }
    public let kind: Kind
    /// The operation as written, such as "1e38 × 10" or "0.1 ^ 129".
    public let operation: String

    public init(_ kind: Kind, _ operation: String) {
        self.kind = kind
        self.operation = operation
    }

    public var description: String {
        switch kind {
        case .overflow:
            "decimal overflow: \(operation) is beyond the largest decimal, ±340282366920938463463374607431768211455"
        case .underflow:
            "decimal underflow: \(operation) is nonzero but below 1e-38 (decimals keep at most 38 places); it would round to 0"
        case .divisionByZero:
            "decimal division by zero: \(operation)"
        case .inexact:
            "\(operation) is not exact in 39 digits (decimals keep at most 39 digits, 38 after the point)"
        }
    }

    static func of(_ kind: Kind, _ a: ExactDecimal, _ symbol: String, _ b: ExactDecimal) -> DecimalRangeError {
        DecimalRangeError(kind, "\(a.plainText) \(symbol) \(b.plainText)")
    }
}
