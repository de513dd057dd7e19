import Foundation

/// Every figure of the overview's cards in one currency, by the one conversion rule
/// (Documentation/Currencies.md): the value at today's rate; cost basis at the rates of the
/// days it was paid; realized gain = proceeds at each sale's rate − cost at the purchase
/// rates; income at each payment's rate. Taken from the performance ledger over the whole
/// history, so `af.gains()`, `af.performance{…}` and the overview agree to the cent.
public struct Gains: Equatable, Sendable {
    public var currency: String
    public var value: ExactDecimal
    public var costBasis: ExactDecimal
    public var realizedGain: ExactDecimal
    public var income: ExactDecimal
    public var unrealizedGain: ExactDecimal { value - costBasis }

    public init(currency: String, value: ExactDecimal, costBasis: ExactDecimal, realizedGain: ExactDecimal, income: ExactDecimal) {
        self.currency = currency
        self.value = value
        self.costBasis = costBasis
        self.realizedGain = realizedGain
        self.income = income
    }

    /// From a performance report that starts before anything was held (start value and
    /// cost basis 0): its end value, and its unrealized change as the unrealized gain.
    public init(wholeHistory report: PerformanceReport, currency: String) {
        self.init(currency: currency, value: report.endValue, costBasis: report.endValue - report.unrealizedChange,
                  realizedGain: report.realizedGain, income: report.income)
    }
}

/// How a main-currency gain splits for assets in other currencies (issue 22):
///
///     price effect + currency effect + income = realized gain + unrealized change + income
///
/// The price effect is each asset's gain in its own currency (realized + change in
/// unrealized) at the rate of the period's end; assets in the reporting currency count
/// whole. The currency effect is the rest of the gain: what the rates' moves added to it
/// (on cost, proceeds and value). Income stays income, each payment at its day's rate.
public struct CurrencyEffect: Equatable, Sendable {
    public var priceEffect: ExactDecimal
    public var currencyEffect: ExactDecimal
    public var income: ExactDecimal

    public init(priceEffect: ExactDecimal, currencyEffect: ExactDecimal, income: ExactDecimal) {
        self.priceEffect = priceEffect
        self.currencyEffect = currencyEffect
        self.income = income
    }

    /// `total` is the scope's report in the reporting currency; `foreign` each asset in
    /// another currency: its report in the reporting currency, its report in its own, and
    /// the rate that converts its own currency at the period's end.
    public static func split(total: PerformanceReport,
                             foreign: [(converted: PerformanceReport, local: PerformanceReport, endRate: AppliedRate)]) -> CurrencyEffect {
        var currencyEffect = ExactDecimal.zero
        for f in foreign {
            let localGain = f.endRate.convert(f.local.realizedGain + f.local.unrealizedChange)
            currencyEffect += f.converted.realizedGain + f.converted.unrealizedChange - localGain
        }
        let gain = total.realizedGain + total.unrealizedChange
        return CurrencyEffect(priceEffect: gain - currencyEffect, currencyEffect: currencyEffect, income: total.income)
    }
}
