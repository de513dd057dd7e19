import Core

/// An amount of money in Lua: an exact decimal and the currency it is in. `tostring`
/// rounds it to the currency's minor units for reading (`31,702.76 EUR`); the amount stays
/// exact (`m.amount`, `m:exact()`).
public struct MoneyValue: Equatable, Sendable {
    public var amount: ExactDecimal
    /// Upper-case code: "EUR", "BTC".
    public var currency: String

    public init(_ amount: ExactDecimal, _ currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// For reading: grouped, in the currency's minor units, then the code: "-1,234.50 EUR".
    public var displayText: String {
        if amount.isOutOfRange { return amount.plainText + " " + currency }
        return ReportFormatter.grouped(DisplayFormat.money(amount, currency: currency)) + " " + currency
    }
}

/// A money value as a userdata holds it: trivial (no references), so no `__gc` is needed.
/// The code is kept inline, up to `capacity` bytes (currency codes are 3 to 6 letters).
struct StoredMoney {
    static let capacity = 16
    var amount: ExactDecimal
    var codeLow: UInt64
    var codeHigh: UInt64

    init?(_ money: MoneyValue) {
        let bytes = Array(money.currency.utf8)
        guard bytes.count <= Self.capacity else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        for (i, byte) in bytes.enumerated() {
            if i < 8 { low |= UInt64(byte) << (8 * UInt64(i)) } else { high |= UInt64(byte) << (8 * UInt64(i - 8)) }
        }
        amount = money.amount
        codeLow = low
        codeHigh = high
    }

    var money: MoneyValue {
        var bytes: [UInt8] = []
        for i in 0..<Self.capacity {
            let word = i < 8 ? codeLow : codeHigh
            let byte = UInt8(truncatingIfNeeded: word >> UInt64(8 * (i % 8)))
            if byte == 0 { break }
            bytes.append(byte)
        }
        return MoneyValue(amount, String(decoding: bytes, as: UTF8.self))
    }
}
