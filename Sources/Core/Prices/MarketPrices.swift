import Foundation

/// An asset's market price on a day (issue 22): the price recorded for that day, else the
/// price of that day's last buy or sell, as beancount's implicit prices and hledger's
/// `--infer-market-prices` do. So a traded asset is never worth 0 on the day it was bought,
/// whichever door the trade came through (Lua, an import, an edit), and deleting the trade
/// takes its price away with it: nothing is written, the rule is applied where prices are
/// read. The `prices_from_trades` setting ("false") turns it off.
public enum MarketPrices {
    /// The setting's key in the store; unset means on.
    public static let settingKey = "prices_from_trades"

    /// Whether the stored setting's text leaves the rule on (unset, or anything but "false").
    public static func isOn(setting: String?) -> Bool { setting != "false" }

    /// Said of an asset held without any price, in every total that counts it as 0.
    public static func unpricedNotice(_ name: String) -> String { "valued at 0: no price for \(name)" }

    /// Whether a transaction's price is a market price: a buy or a sell at a price above 0
    /// (a gift at 0 says nothing about the market).
    public static func isTradePrice(_ type: TransactionType, _ price: ExactDecimal) -> Bool {
        (type == .buy || type == .sell) && price > 0
    }

    /// The SQL condition on `asset_transaction` rows matching `isTradePrice` (prices are
    /// stored as plain decimal text: any non-zero digit means above 0, as none is negative).
    public static let tradeCondition = "type IN ('buy', 'sell') AND price GLOB '*[1-9]*'"

    /// Recorded prices plus trade prices on days without a recorded one, in date order.
    /// `recorded` is in date order; `trades` in (date, id) order (the last one of a day wins).
    public static func merge(recorded: [PricePoint], trades: [PricePoint]) -> [PricePoint] {
        guard !trades.isEmpty else { return recorded }
        var result: [PricePoint] = []
        result.reserveCapacity(recorded.count + trades.count)
        var r = 0, t = 0
        while r < recorded.count || t < trades.count {
            if t < trades.count, t + 1 < trades.count, trades[t + 1].date == trades[t].date { t += 1; continue }  // not the day's last
            if t >= trades.count || (r < recorded.count && recorded[r].date <= trades[t].date) {
                if t < trades.count, recorded[r].date == trades[t].date { t += 1 }  // the recorded price wins its day
                result.append(recorded[r])
                r += 1
            } else {
                result.append(trades[t])
                t += 1
            }
        }
        return result
    }
}
