import Foundation

/// Before anything is written: does the file take away more than was held? A file that
/// starts after the account was opened sells what it never bought; rather than refusing the
/// whole file at its first sell, every such asset is listed with what is missing and from
/// when, and the fix is named (`--opening`).
public enum ProfileShortfall {
    public struct Missing: Equatable, Sendable {
        public var asset: String
        public var quantity: ExactDecimal
        public var firstDate: CalendarDate
    }

    /// Walks `plan`'s steps in order from `held` (what the store holds now, by lower-cased
    /// name) plus the opening positions, and returns each asset that goes below zero with
    /// its largest shortfall and the first date it happens.
    public static func missing(_ plan: ProfileImportPlan, held: [String: ExactDecimal], openings: [OpeningPosition],
                               cashName: (String) -> String) -> [Missing] {
        var quantity = held
        var names: [String: String] = [:]
        var result: [String: Missing] = [:]
        var order: [String] = []
        // A merger's change depends on what is held when it happens: worked out from its
        // operation (its step, `index` − the openings) when its turn comes.
        var events: [(date: CalendarDate, phase: Int, index: Int, name: String, change: ExactDecimal, merger: Bool)] = []
        for (i, o) in openings.enumerated() { events.append((o.date, -1, i, o.asset, o.quantity, false)) }
        for (i, step) in plan.steps.enumerated() {
            let op = plan.operation(of: step)
            if op.kind == .merger, let new = op.newAsset {
                events.append((op.date, step.phase, openings.count + i, new, 0, true))
                continue
            }
            for (name, change) in changes(op, leg: step.leg, cashName: cashName) {
                events.append((op.date, step.phase, openings.count + i, name, change, false))
            }
        }
        events.sort { ($0.date, $0.phase == -1 ? 0 : 1, $0.index) < ($1.date, $1.phase == -1 ? 0 : 1, $1.index) }
        for e in events {
            let key = e.name.lowercased()
            names[key] = names[key] ?? e.name
            let held = quantity[key, default: 0]  // read before a merger changes what is held
            let now = held + (e.merger ? merged(plan.operation(of: plan.steps[e.index - openings.count]), &quantity) : e.change)
            quantity[key] = now
            if now < 0 {
                if var m = result[key] {
                    if -now > m.quantity { m.quantity = -now }
                    result[key] = m
                } else {
                    result[key] = Missing(asset: names[key]!, quantity: -now, firstDate: e.date)
                    order.append(key)
                }
            }
        }
        return order.map { result[$0]! }
    }

    /// The units a merger brings in (at its ratio of what the old asset holds then, or as
    /// stated); everything held of the old asset leaves.
    static func merged(_ op: ProfileOperation, _ quantity: inout [String: ExactDecimal]) -> ExactDecimal {
        let old = (op.asset ?? "").lowercased()
        let had = max(quantity[old, default: 0], 0)
        if had > 0 { quantity[old] = 0 }
        return op.ratio.map { $0.applied(to: had) } ?? op.quantity ?? 0
    }

    /// The message listing `missing`.
    public static func message(_ missing: [Missing]) -> String {
        var lines = ["The file takes away more than it brought in (it starts after the account was opened?):"]
        for m in missing { lines.append("  \(m.asset): \(m.quantity.plainText) missing on \(m.firstDate)") }
        lines.append("Add what was held before the file starts with --opening FILE.csv (columns: asset, date, quantity, cost basis).")
        return lines.joined(separator: "\n")
    }

    /// The quantity changes one step (`leg` of `op`) makes, by asset name. Splits by ratio
    /// are left out (they scale what is there; they cannot make it negative).
    static func changes(_ op: ProfileOperation, leg: ProfileImportPlan.Leg, cashName: (String) -> String) -> [(String, ExactDecimal)] {
        let cash = cashName(op.cashCurrency)
        switch (op.kind, leg) {
        case (.buy, .main), (.transferIn, _), (.stockDividend, _), (.reward, _): return op.asset.map { [($0, op.quantity ?? 0)] } ?? []
        case (.sell, .main), (.transferOut, _): return op.asset.map { [($0, -(op.quantity ?? 0))] } ?? []
        case (.split, _): return op.ratio == nil ? op.asset.map { [($0, op.quantity ?? 0)] } ?? [] : []
        // A spin-off adds the new asset's units (a merger's are counted by `merged`).
        case (.spinOff, _): return op.newAsset.map { [($0, op.quantity ?? 0)] } ?? []
        case (.swap, _):
            return (op.asset.map { [($0, -(op.quantity ?? 0))] } ?? []) + (op.toAsset.map { [($0, op.toQuantity ?? 0)] } ?? [])
        case (.conversion, .cashIn): return [(cashName(op.toCurrency ?? op.cashCurrency), op.toAmount ?? 0)]
        case (.conversion, .cashOut): return [(cash, -(op.amount ?? 0))]
        case (.buy, .cashOut), (.sell, .cashIn), (.deposit, _), (.withdrawal, _), (.dividend, _), (.interest, _), (.fee, _), (.tax, _):
            return [(cash, op.cashChange)]
        default: return []
        }
    }
}
