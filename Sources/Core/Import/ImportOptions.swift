import Foundation

/// How to read an import file: the command line's flags and af.import's fields.
public struct ImportOptions: Sendable {
    public var kind: ImportKind
    /// Explicit column mapping (`--map`), applied before matching headers by name.
    public var map: [(column: String, field: String)] = []
    /// `--date-format`; ISO dates are always accepted.
    public var dateFormat: ImportDate?
    /// How numbers are read: decided per column from the whole file (the default), or as
    /// the caller states (`--decimal-comma`, `--decimal-point`, a profile's broker rule).
    public var numberRule: NumberRule = .fromFile
    /// `--decimal-comma`: "1.234,50" is 1234.5, and a cell with a decimal point is refused.
    public var decimalComma: Bool {
        get { numberRule == .mark(.comma) }
        set { numberRule = newValue ? .mark(.comma) : .fromFile }
    }
    /// The day the import runs: a date reading after it is no reading (see `DateColumn`).
    public var today: CalendarDate?
    /// `import prices --asset NAME`: every row is a price of this asset (a quote site's
    /// history has no asset column).
    public var assetName: String?
    /// Type and currency of an asset the file creates, when its row has none.
    public var defaultAssetType: AssetType = .stock
    public var defaultCurrency = "USD"
    /// The platform of rows that name none.
    public var platform = ""
    /// Find assets by name and platform (a same-named asset on another platform is an error).
    public var matchPlatform = false

    public init(kind: ImportKind) { self.kind = kind }
}
