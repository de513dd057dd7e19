/// How a person sees a decimal: values stay exact inside and are rounded only here, by kind.
///
/// - money: to its currency's minor units (JPY 0, USD 2, BTC 8), always that many places;
/// - prices, average costs, quantities and plain decimals: at most `maxPlaces` (8) places,
///   trailing zeros trimmed (a table pads its column to one width instead);
/// - rates and returns: percentages with 2 places.
///
/// Only the display rounds; `plainText` is the exact value (`d:exact()` in Lua).
public enum DisplayFormat {
    /// The most decimal places a price, quantity or plain decimal shows.
    public static let maxPlaces = 8

    /// Minor units of a currency code for display, from the currency list (Currency): JPY 0,
    /// USD 2, BTC 8; at most 8 (ETH's 18 would be unreadable); 2 when unknown.
    public static func minorUnits(of currency: String) -> Int {
        guard let known = try? Currency.lookup(currency) else { return 2 }
        return min(known.minorUnits, maxPlaces)
    }

    /// The currencies whose minor units for display are not 2, for code that needs them as
    /// a table (the REPL's display, which runs in Lua).
    public static var minorUnitsOtherThanTwo: [String: Int] {
        Dictionary(Currency.all.map { ($0.code, min($0.minorUnits, maxPlaces)) }.filter { $0.1 != 2 }, uniquingKeysWith: { first, _ in first })
    }

    /// Money in its currency's minor units: `money(1234.5, "USD")` is "1234.50", JPY "1235".
    public static func money(_ value: ExactDecimal, currency: String) -> String {
        value.fixedText(places: minorUnits(of: currency))
    }

    /// A price, average cost, quantity or any decimal: at most 8 places, trailing zeros trimmed
    /// (`323.333333333333…` → "323.33333333", `165.00` → "165").
    public static func plain(_ value: ExactDecimal) -> String {
        if value.isOutOfRange { return value.plainText }
        return value.rounded(places: maxPlaces).plainText
    }

    /// The same with exactly `places` decimals (0...8), for a column of one width.
    public static func fixed(_ value: ExactDecimal, places: Int) -> String {
        value.fixedText(places: min(max(places, 0), maxPlaces))
    }

    /// The places `plain` shows for this value (0...8): a column uses the largest of its values.
    public static func placesShown(_ value: ExactDecimal) -> Int {
        let text = plain(value)
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }

    /// A rate or return already in percent (12.345 → "12.35%").
    public static func percent(_ value: ExactDecimal) -> String {
        value.fixedText(places: 2) + "%"
    }
}
