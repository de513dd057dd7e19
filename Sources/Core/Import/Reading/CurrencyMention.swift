import Foundation

/// A currency written in a cell: a symbol (`£`, `$`, `€`, `¥`, `US$` …) or a code (`GBP`,
/// `eur`), next to a number or in a Currency column.
///
/// A symbol may stand for several currencies (`$` for USD, CAD, AUD …; `¥` for JPY and CNY):
/// it then agrees with any of them, and an asset the file creates takes the first (or the
/// default currency when that is one of them). `GBX` and `GBp` are pence: the amount is in
/// hundredths of a pound, and is divided by 100 (exactly) to be stored in GBP.
public struct CurrencyMention: Equatable, Sendable, CustomStringConvertible {
    /// The currencies the text may mean, most likely first.
    public var codes: [String]
    /// As written: "£", "GBX".
    public var text: String
    /// GBX / GBp: the amount is in pence of `codes[0]`.
    public var pence: Bool

    public var description: String { text }

    /// The one currency this mention names, when it names only one.
    public var code: String? { codes.count == 1 ? codes[0] : nil }

    /// True when `code` is one the mention may mean.
    public func allows(_ code: String) -> Bool { codes.contains(code) }

    static let symbols: [String: [String]] = [
        "$": ["USD", "CAD", "AUD", "NZD", "HKD", "SGD", "MXN"],
        "US$": ["USD"], "U$S": ["USD"], "C$": ["CAD"], "CA$": ["CAD"], "A$": ["AUD"], "AU$": ["AUD"],
        "NZ$": ["NZD"], "HK$": ["HKD"], "S$": ["SGD"], "MX$": ["MXN"],
        "€": ["EUR"], "£": ["GBP"], "¥": ["JPY", "CNY"], "￥": ["JPY", "CNY"], "₩": ["KRW"], "₹": ["INR"],
        "₣": ["CHF"], "₽": ["RUB"], "₺": ["TRY"], "₪": ["ILS"], "₿": ["BTC"],
    ]

    /// The mention `text` makes, or nil when it is neither a symbol nor a known code.
    /// Case matters only for pence: `GBp` is pence, `GBP` (and `gbp`) pounds.
    public static func parse(_ text: String) -> CurrencyMention? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        if text == "GBp" || text.uppercased() == "GBX" { return CurrencyMention(codes: ["GBP"], text: text, pence: true) }
        if let codes = symbols[text.uppercased()] ?? symbols[text] { return CurrencyMention(codes: codes, text: text, pence: false) }
        // ISO codes and the crypto-currencies the store knows (BTC, USDT, DOGE).
        guard (2...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isLetter }), Currency.isKnown(text) else { return nil }
        return CurrencyMention(codes: [text.uppercased()], text: text, pence: false)
    }

    /// This mention narrowed to the currencies `other` names as well, or nil when they
    /// contradict (`£` and `USD`). Pence and pounds agree: both are GBP.
    public func agreeing(with other: CurrencyMention) -> CurrencyMention? {
        let common = codes.filter(other.codes.contains)
        if common.isEmpty { return nil }
        var result = self
        result.codes = common
        return result
    }

    /// The currency of an asset a row with this mention creates: `preferred` when the mention
    /// allows it, else its first.
    public func codeForNewAsset(preferring preferred: String) -> String { allows(preferred) ? preferred : codes[0] }
}
