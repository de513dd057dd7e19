import Foundation

/// The trail behind a performance report, as lines a user can check by hand.
public enum PerformanceExplanation {
    /// Lines: the period, each flow, each TWR sub-period, the measures, the reconciliation.
    ///
    ///     2024-01-01 … 2024-12-31
    ///     flow   2024-03-01  ACME  buy      +1000 (external)
    ///     period 2024-01-01 … 2024-03-01: (11500 − 10000 − 1000) ÷ 10000 = 0.05, cumulative 0.05
    ///     reconciliation: 10000 + 1000 + 0 + 0 + 500 = 11500 (difference 0)
    public static func lines(_ r: PerformanceReport, assetNames: [Int64: String] = [:]) -> [String] {
        var out = ["\(r.from) … \(r.to) (values at the end of each day; flows at the end of their day)"]
        for f in r.flows {
            let name = assetNames[f.assetID] ?? "#\(f.assetID)"
            var parts: [String] = []
            if !f.flow.isZero || f.kind == .external { parts.append("flow \(signed(f.flow))") }
            if !f.income.isZero { parts.append("income \(f.income.plainText)") }
            if !f.realizedGain.isZero { parts.append("realized \(signed(f.realizedGain))") }
            out.append("  \(f.date)  \(name)  \(f.type.rawValue)  \(parts.joined(separator: ", ")) [\(f.kind.rawValue)]")
        }
        for line in r.subPeriods {
            let p = line.period
            let head = "  period \(p.from) … \(p.to): "
            if let value = line.periodReturn.value {
                out.append(head + "(\(p.endValue.plainText) − \(p.startValue.plainText) − \(signedParen(p.flow))) ÷ \(p.startValue.plainText) = \(value.rounded(places: 10).plainText), cumulative \(line.cumulative.rounded(places: 10).plainText)")
            } else {
                out.append(head + "skipped: \(line.periodReturn.reason ?? "") (end \(p.endValue.plainText), flow \(signed(p.flow)))")
            }
        }
        for (name, figure) in [("twr", r.twr), ("twr_annualized", r.twrAnnualized), ("mwr", r.mwr), ("modified_dietz", r.modifiedDietz), ("cagr", r.cagr), ("growth", r.growth)] {
            out.append("\(name): " + (figure.value.map { $0.rounded(places: 10).plainText } ?? "n/a (\(figure.reason ?? ""))"))
        }
        out.append("reconciliation: start \(r.startValue.plainText) + net flows \(signed(r.netFlows)) + income \(r.income.plainText) + realized \(signed(r.realizedGain)) + unrealized change \(signed(r.unrealizedChange)) = end \(r.endValue.plainText) (difference \(r.reconciliationDifference.plainText))")
        return out
    }

    static func signed(_ value: ExactDecimal) -> String { value < 0 ? value.plainText : "+" + value.plainText }
    static func signedParen(_ value: ExactDecimal) -> String { value < 0 ? "(\(value.plainText))" : value.plainText }
}
