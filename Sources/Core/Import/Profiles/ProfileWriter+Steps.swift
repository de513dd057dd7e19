import Foundation

extension ProfileWriter {
    /// Writes one step with the command that owns its rules; returns what it recorded.
    mutating func write(_ step: ProfileImportPlan.Step, index: Int) throws -> [Transaction] {
        let op = plan.operation(of: step)
        switch step.leg {
        case .cashIn: return try cashIn(op, row: step.row)
        case .cashOut: return try cashOut(op, row: step.row)
        case .main: return try main(op)
        }
    }

    private mutating func main(_ op: ProfileOperation) throws -> [Transaction] {
        let day = op.date
        switch op.kind {
        case .buy, .sell, .transferOut:
            let a = try asset(of: op)
            let type: TransactionType = op.kind == .buy ? .buy : op.kind == .sell ? .sell : .transferOut
            guard let q = op.quantity else { throw RuleViolation("A \(op.kind.rawValue) needs a quantity.", rule: .required) }
            let (price, fees) = try Self.priceAndFees(op, quantity: q)
            return [try Trade(Trade.Direction(type)!, asset: a.id!, quantity: q, price: price, date: day, fees: fees, note: op.note).run(in: store)]
        case .transferIn:
            let a = try asset(of: op)
            guard let q = op.quantity else { throw RuleViolation("A transfer in needs a quantity.", rule: .required) }
            if let cost = op.costBasis {
                return [try TransferInWithCost(asset: a.id!, quantity: q, costBasis: cost, acquired: op.acquired, date: day, note: op.note).run(in: store)]
            }
            return [try Trade(.transferIn, asset: a.id!, quantity: q, price: op.price ?? 0, date: day, fees: op.fees, note: op.note).run(in: store)]
        case .dividend:
            let a = try asset(of: op), c = try cash(op.cashCurrency, date: day)
            let gross = op.gross, tax = op.tax ?? (gross == nil ? 0 : nil), net = op.net ?? (gross == nil ? op.amount : nil)
            let pair = try DividendWithTax(asset: c.id!, source: a.id!, gross: gross, tax: tax, net: net, date: day, note: op.note).run(in: store)
            return [pair.dividend] + (pair.tax.map { [$0] } ?? [])
        case .interest:
            let c = try cash(op.cashCurrency, date: day)
            let source = op.asset == nil ? c : try asset(of: op)
            guard let amount = op.amount else { throw RuleViolation("Interest needs an amount.", rule: .required) }
            if source.id == c.id { return [try Interest(asset: c.id!, source: c.id!, quantity: amount, price: 1, date: day, note: op.note).run(in: store)] }
            return [try Interest(asset: c.id!, source: source.id!, amount: amount, date: day, note: op.note).run(in: store)]
        case .fee, .tax:
            let c = try cash(op.cashCurrency, date: day)
            let about = op.asset == nil ? nil : try asset(of: op)
            guard let amount = op.amount else { throw RuleViolation(Self.needsAmountMessage(op), rule: .required) }
            if op.kind == .fee { return [try Fee(asset: c.id!, amount: amount, source: about?.id, date: day, note: op.note).run(in: store)] }
            return [try Tax(asset: c.id!, amount: amount, source: about?.id, date: day, note: op.note).run(in: store)]
        case .deposit, .withdrawal:
            let c = try cash(op.cashCurrency, date: day)
            guard let amount = op.amount else { throw RuleViolation(Self.needsAmountMessage(op), rule: .required) }
            if op.kind == .deposit { return [try Deposit(asset: c.id!, amount: amount, date: day, note: op.note).run(in: store)] }
            return [try Withdrawal(asset: c.id!, amount: amount, date: day, note: op.note).run(in: store)]
        case .split:
            let a = try asset(of: op)
            return [try Split(asset: a.id!, ratio: op.ratio, units: op.ratio == nil ? op.quantity : nil, date: day, note: op.note).run(in: store)]
        case .stockDividend:
            let a = try asset(of: op)
            guard let q = op.quantity else { throw RuleViolation("A stock dividend needs a quantity.", rule: .required) }
            return [try StockDividend(asset: a.id!, units: q, date: day, note: op.note).run(in: store)]
        case .reward:
            let a = try asset(of: op)
            guard let q = op.quantity else { throw RuleViolation("A reward needs a quantity.", rule: .required) }
            return [try Reward(asset: a.id!, quantity: q, price: op.price ?? 0, date: day, note: op.note).run(in: store)]
        case .rename:
            let a = try asset(of: op)
            guard let name = op.newName else { throw RuleViolation("A rename needs the new name.", rule: .required) }
            let renamed = try RenameAsset(asset: a.id!, name: name).run(in: store)
            assets[name.lowercased()] = renamed
            return []
        case .spinOff:
            let (parent, child) = try assetAndNew(op)
            guard let q = op.quantity, let fraction = op.costFraction else {
                throw RuleViolation("A spin_off needs the new asset's quantity and the cost_fraction moved to it.", rule: .required)
            }
            let pair = try SpinOff(parent: parent.id!, child: child.id!, units: q, costFraction: fraction, date: day, note: op.note).run(in: store)
            return [pair.parent, pair.child]
        case .merger:
            let (old, new) = try assetAndNew(op)
            let pair = try Merger(from: old.id!, to: new.id!, ratio: op.ratio, toQuantity: op.ratio == nil ? op.quantity : nil, date: day,
                                  note: op.note).run(in: store)
            return [pair.out, pair.in]
        case .swap:
            return try writeSwap(op)
        case .conversion:
            return []
        }
    }

    /// A spin-off's or merger's asset and its new asset (created, like it, when missing).
    private mutating func assetAndNew(_ op: ProfileOperation) throws -> (Asset, Asset) {
        let a = try asset(of: op)
        guard let name = op.newAsset, !name.isEmpty else { throw RuleViolation("A \(op.kind.rawValue) needs its new_asset.", rule: .required) }
        return (a, try security(name, type: a.type, currency: a.currency, date: op.date))
    }

    /// Cash arriving: a sale's proceeds, a conversion's target leg.
    private mutating func cashIn(_ op: ProfileOperation, row: Int) throws -> [Transaction] {
        if op.kind == .conversion {
            guard let to = op.toCurrency, let amount = op.toAmount, op.amount != nil else {
                throw RuleViolation("A conversion needs both currencies and both amounts.", rule: .required)
            }
            let c = try cash(to, date: op.date)
            let leg = try Trade(.buy, asset: c.id!, quantity: amount, price: 1, date: op.date, note: conversionNote(op)).run(in: store)
            pendingLegs[row] = leg
            return [leg]
        }
        let c = try cash(op.cashCurrency, date: op.date)
        let amount = try cashAmount(op)
        guard amount > 0 else { return [] }
        return [try Trade(.buy, asset: c.id!, quantity: amount, price: 1, date: op.date, note: tradeNote(op, amount: amount)).run(in: store)]
    }

    /// Cash leaving: a purchase's payment, a conversion's source leg.
    private mutating func cashOut(_ op: ProfileOperation, row: Int) throws -> [Transaction] {
        let c = try cash(op.cashCurrency, date: op.date)
        if op.kind == .conversion {
            var leg = try Trade(.sell, asset: c.id!, quantity: op.amount!, price: 1, date: op.date, note: conversionNote(op)).run(in: store)
            if var other = pendingLegs.removeValue(forKey: row) { try store.link(&leg, &other) }
            return [leg]
        }
        let amount = try cashAmount(op)
        guard amount > 0 else { return [] }
        return [try Trade(.sell, asset: c.id!, quantity: amount, price: 1, date: op.date, note: tradeNote(op, amount: amount)).run(in: store)]
    }

    /// A trade's price and fees. A row that gives only the cash (eToro, Portfolio
    /// Performance) has its price derived, to 8 places, and the rounding's remainder kept
    /// in the fees, so that the cost (or the proceeds) is the row's amount exactly.
    static func priceAndFees(_ op: ProfileOperation, quantity q: ExactDecimal) throws -> (ExactDecimal, ExactDecimal) {
        if let price = op.price { return (price, op.fees) }
        guard op.kind == .buy || op.kind == .sell, let amount = op.amount, op.assetCurrency == op.cashCurrency, q > 0 else {
            throw RuleViolation("A \(op.kind.rawValue) needs a price.", rule: .required)
        }
        if op.kind == .buy {
            let exact: ExactDecimal = (amount - op.fees) / q
            let price = exact.rounded(places: 8, mode: .down)
            return (price, amount - q * price)
        }
        let exact: ExactDecimal = (amount + op.fees) / q
        let price = exact.rounded(places: 8, mode: .up)
        return (price, q * price - amount)
    }

    /// The cash a trade moves: the row's amount, else (same currency) quantity × price ± fees.
    private func cashAmount(_ op: ProfileOperation) throws -> ExactDecimal {
        if let amount = op.amount { return amount }
        guard op.assetCurrency == op.cashCurrency else {
            throw RuleViolation("A \(op.kind.rawValue) in \(op.assetCurrency) from a \(op.cashCurrency) account needs the amount in \(op.cashCurrency) (the broker's rate).", rule: .required)
        }
        return abs(op.cashChange)
    }

    private func tradeNote(_ op: ProfileOperation, amount: ExactDecimal) -> String {
        let what = "\(op.kind == .buy ? "Buy" : "Sell") \((op.quantity ?? 0).plainText) \(op.asset ?? "")"
        guard op.assetCurrency != op.cashCurrency, let q = op.quantity, let p = op.price, amount > 0 else { return what }
        let rate: ExactDecimal = (q * p) / amount
        return what + " @ \(p.plainText) \(op.assetCurrency); 1 \(op.cashCurrency) = \(rate.rounded(places: 6).plainText) \(op.assetCurrency)"
    }

    private func conversionNote(_ op: ProfileOperation) -> String {
        guard let amount = op.amount, let to = op.toAmount, amount > 0 else { return "Currency conversion" }
        let rate: ExactDecimal = to / amount
        return "\(op.cashCurrency) → \(op.toCurrency ?? "") at \(rate.rounded(places: 6).plainText)"
    }
}

extension ProfileWriter {
    /// "A deposit needs an amount."
    static func needsAmountMessage(_ op: ProfileOperation) -> String { "A \(op.kind.rawValue) needs an amount." }
}
