import Foundation

/// Stores exchange rates, all or nothing (`af.set_rate`, `assetflow rates import`, the
/// rates a fetch brings back). Each rate's codes must be known and different, the rate
/// above zero and within the conversion range (`ExchangeRate.validated`, `ConversionRange`),
/// its date not in the future, each currency's rates within a factor 10^12 of each other; a rate replaces the
/// one already stored for the same pair and day. Returns the rates as stored (codes
/// normalized).
public struct SetRates: Command {
    public var rates: [ExchangeRate]

    public init(_ rates: [ExchangeRate]) { self.rates = rates }

    public func run(in store: CommandStore) throws -> [ExchangeRate] {
        let stored = try rates.map { rate in
            let rate = try rate.validated()
            try DateRules.validateNotFuture(rate.date, today: store.today)
            try store.store(rate)
            return rate
        }
        // Once per currency the rates touch, after they are all stored (one aggregate read
        // each): a cross rate through it must stay in range (`ConversionRange`). The caller's
        // transaction undoes every write when this throws.
        for code in Set(stored.flatMap { [$0.base, $0.quote] }).sorted() {
            try ConversionRange.checkSpread(code, store.rateExtremes(of: code))
        }
        return stored
    }
}

/// Stores one exchange rate (the rules of `SetRates`).
public struct SetRate: Command {
    public var rate: ExchangeRate

    public init(_ rate: ExchangeRate) { self.rate = rate }

    public func run(in store: CommandStore) throws -> ExchangeRate {
        try SetRates([rate]).run(in: store)[0]
    }
}
