import Foundation

/// The out-of-range state: what the operators (`+ − × ÷`, `rounded`, `pow`) return instead of
/// trapping when a result does not fit, so no calculator can crash the host on a script's
/// values. It is never a number: it propagates through arithmetic, compares false with
/// everything but itself, and every boundary turns it into the error of the operation that
/// first went out of range (a Lua error when pushed to Lua, refused by the rules and by the
/// store's writes, a `DecimalRangeError` from every throwing method).
///
/// The error is kept per thread (filled only on that error path); the value carries its kind.
extension ExactDecimal {
    static let outOfRangeScale: UInt8 = 0xFF
    private static let lastErrorKey = "AssetFlow.ExactDecimal.lastRangeError"

    /// True for the out-of-range state.
    @inline(__always) public var isOutOfRange: Bool { scale == Self.outOfRangeScale }

    /// The out-of-range state for `error`, remembered as this thread's last range error.
    static func outOfRange(_ error: DecimalRangeError) -> ExactDecimal {
        Thread.current.threadDictionary[lastErrorKey] = error
        let code: UInt128 = switch error.kind {
        case .overflow: 1
        case .underflow: 2
        case .divisionByZero: 3
        case .inexact: 4
        }
        return ExactDecimal(outOfRangeCode: code)
    }

    private init(outOfRangeCode code: UInt128) {
        self.init(units: code, scale: 0, negative: false)
        self.scale = Self.outOfRangeScale
    }

    /// The error that made this value out of range; nil for a number.
    public var rangeError: DecimalRangeError? {
        guard isOutOfRange else { return nil }
        if let error = Thread.current.threadDictionary[Self.lastErrorKey] as? DecimalRangeError { return error }
        let kind: DecimalRangeError.Kind = switch units {
        case 2: .underflow
        case 3: .divisionByZero
        case 4: .inexact
        default: .overflow
        }
        return DecimalRangeError(kind, "a calculation")
    }

    /// Throws the range error of an out-of-range value; does nothing for a number.
    @inline(__always) public func checkInRange() throws {
        if isOutOfRange { throw rangeError! }
    }

    /// The text the store writes: `plainText`, or the range error for the out-of-range state,
    /// so that nothing unreadable is ever written.
    public func storedText() throws -> String {
        try checkInRange()
        return plainText
    }

    /// Runs a checked operation; a range error becomes the out-of-range state.
    @inline(__always)
    static func orOutOfRange(_ operation: () throws -> ExactDecimal) -> ExactDecimal {
        do { return try operation() } catch let error as DecimalRangeError { return outOfRange(error) } catch { fatalError("\(error)") }
    }
}
