import Foundation

/// One operation a profile made of one row of a broker's export, its numbers and dates
/// already read (`ProfileRowReader`). Amounts named `amount` are in the account's cash
/// currency (`cashCurrency`); quantities, prices and fees of a security are in its own
/// currency (`currency`).
public struct ProfileOperation: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case buy, sell, dividend, interest, fee, tax, deposit, withdrawal, conversion
        case transferIn = "transfer_in"
        case transferOut = "transfer_out"
        case split
        case stockDividend = "stock_dividend"
        case rename, reward
        /// Units of a new asset (`newAsset`) in, `costFraction` of the parent's cost basis
        /// moved to them (`SpinOff`).
        case spinOff = "spin_off"
        /// Everything held of `asset` out, `newAsset` in at `ratio` or as `quantity` units
        /// (`Merger`).
        case merger
        /// `quantity` of `asset` given, `toQuantity` of `toAsset` received, one linked pair
        /// (`Swap`): a coin traded for a coin. With a value (`price` of the asset given, or
        /// `amount`, in the assets' currency) a sale and a purchase at it; without, an
        /// exchange at cost (the cost basis and the lots' dates go with the units).
        case swap
    }

    public var kind: Kind
    public var date: CalendarDate
    /// The security (or coin) the operation is about; nil for cash-only operations.
    public var asset: String?
    public var assetType: AssetType = .stock
    /// The security's currency (default: the cash currency).
    public var currency: String?
    /// The account cash this row moves (default: the profile's account currency).
    public var cashCurrency: String
    public var quantity: ExactDecimal?
    public var price: ExactDecimal?
    public var fees: ExactDecimal = 0
    /// Cash moved, in the cash currency, unsigned: paid for a buy, received for a sell, the
    /// deposit, the fee…
    public var amount: ExactDecimal?
    public var gross: ExactDecimal?
    public var tax: ExactDecimal?
    public var net: ExactDecimal?
    /// A conversion's target currency and amount.
    public var toCurrency: String? {
        get { rare.values?.toCurrency }
        set { rare.set(isNil: newValue == nil) { $0.toCurrency = newValue } }
    }
    public var toAmount: ExactDecimal? {
        get { rare.values?.toAmount }
        set { rare.set(isNil: newValue == nil) { $0.toAmount = newValue } }
    }
    public var ratio: SplitRatio? {
        get { rare.values?.ratio }
        set { rare.set(isNil: newValue == nil) { $0.ratio = newValue } }
    }
    public var costBasis: ExactDecimal? {
        get { rare.values?.costBasis }
        set { rare.set(isNil: newValue == nil) { $0.costBasis = newValue } }
    }
    public var acquired: CalendarDate? {
        get { rare.values?.acquired }
        set { rare.set(isNil: newValue == nil) { $0.acquired = newValue } }
    }
    /// A rename's new name.
    public var newName: String? {
        get { rare.values?.newName }
        set { rare.set(isNil: newValue == nil) { $0.newName = newValue } }
    }
    /// A spin-off's or merger's new asset.
    public var newAsset: String? {
        get { rare.values?.newAsset }
        set { rare.set(isNil: newValue == nil) { $0.newAsset = newValue } }
    }
    /// A spin-off's fraction of the parent's cost basis (0.2 for 20 %).
    public var costFraction: ExactDecimal? {
        get { rare.values?.costFraction }
        set { rare.set(isNil: newValue == nil) { $0.costFraction = newValue } }
    }
    /// A swap's asset received and its units.
    public var toAsset: String? {
        get { rare.values?.toAsset }
        set { rare.set(isNil: newValue == nil) { $0.toAsset = newValue } }
    }
    public var toQuantity: ExactDecimal? {
        get { rare.values?.toQuantity }
        set { rare.set(isNil: newValue == nil) { $0.toQuantity = newValue } }
    }
    public var note: String = ""
    /// false: a trade that moves no cash of the account (a crypto-to-crypto conversion's
    /// two halves, a Ghostfolio file without cash).
    public var settlesInCash = true
    /// The fields above that only a conversion, a swap or a corporate action gives, kept
    /// apart (`RareFields`): an operation of the usual kinds takes 272 bytes instead of 488.
    private var rare = RareFields()

    public init(kind: Kind, date: CalendarDate, cashCurrency: String) {
        self.kind = kind
        self.date = date
        self.cashCurrency = cashCurrency
    }

    /// The security's currency.
    public var assetCurrency: String { currency ?? cashCurrency }

    /// Cash in (+) or out (−) of the account's cash in `cashCurrency` this operation makes
    /// (a conversion's target leg is counted by `cashInflow(of:)`).
    public var cashChange: ExactDecimal {
        switch kind {
        case .deposit, .interest: amount ?? 0
        case .sell: amount ?? (quantity ?? 0) * (price ?? 0) - fees
        case .dividend: net ?? (gross.map { $0 - (tax ?? 0) } ?? amount ?? 0)
        case .withdrawal, .fee, .tax, .conversion: -(amount ?? 0)
        case .buy: -(amount ?? (quantity ?? 0) * (price ?? 0) + fees)
        default: 0
        }
    }
}

extension ProfileOperation {
    /// The fields of `ProfileOperation` that only some kinds use, in a box shared until
    /// changed, made only when one of them is given (a property's setter changes nothing
    /// for a nil while there is no box); equal when their values are, with or without one.
    struct RareFields: Equatable, @unchecked Sendable {
        struct Values: Equatable, Sendable {
            var toCurrency: String?
            var toAmount: ExactDecimal?
            var ratio: SplitRatio?
            var costBasis: ExactDecimal?
            var acquired: CalendarDate?
            var newName: String?
            var newAsset: String?
            var costFraction: ExactDecimal?
            var toAsset: String?
            var toQuantity: ExactDecimal?
        }

        /// Never changed while shared (`edit` copies it first).
        fileprivate final class Box {
            var values: Values
            init(_ values: Values) { self.values = values }
        }

        fileprivate private(set) var box: Box?

        var values: Values? { box?.values }

        /// A field's new value: a nil while there is no box changes nothing (no box is made
        /// for it); anything else goes through `edit`.
        mutating func set(isNil: Bool, _ change: (inout Values) -> Void) {
            if !isNil || box != nil { edit(change) }
        }

        /// Changes the values, in a box of their own (made, or copied when shared).
        mutating func edit(_ change: (inout Values) -> Void) {
            if box == nil {
                box = Box(Values())
            } else if !isKnownUniquelyReferenced(&box!) {
                box = Box(box!.values)
            }
            change(&box!.values)
        }

        static func == (a: RareFields, b: RareFields) -> Bool { (a.values ?? Values()) == (b.values ?? Values()) }
    }
}
