import Foundation

/// How to read an import file: the command line's flags and af.import's fields.
public struct ImportOptions: Sendable {
    public var kind: ImportKind
    /// Explicit column mapping (`--map`), applied before matching headers by name.
    public var map: [(column: String, field: String)] = []
    /// `--date-format`; ISO dates are always accepted.
    public var dateFormat: ImportDate?
    /// `--decimal-comma`: "1.234,50" is 1234.5.
    public var decimalComma = false
    /// Type and currency of an asset the file creates, when its row has none.
    public var defaultAssetType: AssetType = .stock
    public var defaultCurrency = "USD"
    /// The platform of rows that name none.
    public var platform = ""
    /// Find assets by name and platform (a same-named asset on another platform is an error).
    public var matchPlatform = false

    public init(kind: ImportKind) { self.kind = kind }
}
