import Foundation

/// The character that separates a number's whole part from its fraction.
public enum DecimalMark: String, Sendable, Equatable, CaseIterable {
    case point, comma

    public var character: UInt8 { self == .point ? UInt8(ascii: ".") : UInt8(ascii: ",") }

    /// The other mark: the thousands separator of this style.
    public var other: DecimalMark { self == .point ? .comma : .point }

    /// "a decimal point", for messages.
    public var phrase: String { self == .point ? "a decimal point" : "a decimal comma" }

    /// The flag that states this style.
    public var flag: String { self == .point ? "--decimal-point" : "--decimal-comma" }
}

/// How the numbers of a column are read.
///
/// - `fromFile`: decided per column from all of its cells (see `NumberColumn`); the default.
/// - `mark`: the caller knows the style (`--decimal-comma`, `--decimal-point`); a cell written
///   in the other style is refused.
/// - `perCell`: a broker known to mix both styles in one column (DEGIRO): each cell is read by
///   its own form, and a cell that could be either (`1,234`) is read with the given mark.
public enum NumberRule: Sendable, Equatable {
    case fromFile
    case mark(DecimalMark)
    case perCell(ambiguousAs: DecimalMark)
}
