import Foundation

extension ImportPlanner {
    /// Same asset, date, type, quantity and price: a duplicate. Hashed by asset, day and
    /// type only (decimals hash through their normalized form, which costs divisions), so
    /// equal values still hash alike.
    struct DuplicateKey: Hashable {
        var asset: ImportPlan.AssetRef
        var day: Int
        var type: TransactionType
        var quantity: ExactDecimal
        var price: ExactDecimal

        func hash(into hasher: inout Hasher) {
            hasher.combine(asset)
            hasher.combine(day)
            hasher.combine(type)
        }
    }

    /// Plans one transaction row (the holdings are checked over all rows in `finish`).
    mutating func planTransaction(_ row: ImportRow) {
        guard let (ref, asset) = resolveAsset(row), var transaction = transaction(for: row, asset: asset) else { return }
        var source: ImportPlan.AssetRef?
        if let name = row.source {
            guard let payer = resolveSource(name, row: row), checkIncome(row, asset: asset, ref: ref, source: payer.ref) else { return }
            source = payer.ref
        }
        transaction = TransactionRules.normalized(transaction, for: asset)
        if case .existing(let id) = ref, loaded.insert(id).inserted {
            for t in context.transactions[id] ?? [] {
                seen.insert(DuplicateKey(asset: ref, day: t.date.dayNumber, type: t.type, quantity: t.quantity, price: t.pricePerUnit))
            }
        }
        let key = DuplicateKey(asset: ref, day: row.date.dayNumber, type: transaction.type,
                               quantity: transaction.quantity, price: transaction.pricePerUnit)
        if !seen.insert(key).inserted {
            plan.duplicates += 1
            return
        }
        var new = ImportPlan.NewTransaction(line: row.line, asset: ref, source: source, transaction: transaction,
                                            quantityText: row.quantityText,
                                            priceText: transaction.pricePerUnit == row.price ? row.priceText : nil)
        if let q = new.quantityText, let p = new.priceText { new.totalText = ImportText.product(q, p) }
        if new.totalText == nil { new.transaction.totalAmount = transaction.quantity * transaction.pricePerUnit }
        plan.transactions.append(new)
    }

    /// Cash counts at 1 per unit from a price record of 1, as when an asset is created with
    /// an amount: a cash asset the file creates gets one on its first transaction's date.
    mutating func priceNewCash() {
        guard plan.newAssets.contains(where: \.isCash) else { return }
        var first: [Int: CalendarDate] = [:]
        for i in plan.transactions.indices {
            guard case .new(let index) = plan.transactions[i].asset, plan.newAssets[index].isCash else { continue }
            let date = plan.transactions[i].transaction.date
            first[index] = min(first[index] ?? date, date)
        }
        for (index, date) in first.sorted(by: { $0.key < $1.key }) {
            plan.prices.append(ImportPlan.NewPrice(line: 0, asset: .new(index), date: date, price: 1))
        }
    }

    /// The row as a transaction of `asset`, checked by the transaction form's rules.
    mutating func transaction(for row: ImportRow, asset: Asset) -> Transaction? {
        guard let price = row.price ?? (asset.isCash ? 1 : nil) else {
            fail(row, .price, "Price is empty.")
            return nil
        }
        // The total is set when the plan is made (from the texts when they allow it).
        let transaction = Transaction(assetID: 0, type: row.type, date: row.date, quantity: row.quantity, pricePerUnit: price,
                                      fees: row.fees, currency: asset.currency, note: row.note, totalAmount: 0)
        do {
            try TransactionRules.validateFields(transaction, asset: asset, today: context.today)
        } catch {
            fail(row, Self.field(ofMessage: "\(error)"), "\(error)")
            return nil
        }
        return transaction
    }

    /// Income's rules (af.record_income): paid into a cash asset, or in kind as interest.
    mutating func checkIncome(_ row: ImportRow, asset: Asset, ref: ImportPlan.AssetRef, source: ImportPlan.AssetRef) -> Bool {
        let label = row.type == .dividend ? "Dividend" : "Interest"
        if row.type != .dividend && row.type != .interest {
            fail(row, .source, "Only a dividend or interest has a source asset; this row is a \(row.type.rawValue).")
        } else if source == ref {
            if row.type == .dividend { fail(row, .source, "A dividend is paid into a cash asset, not into the asset paying it.") } else { return true }
        } else if !asset.isCash {
            fail(row, .asset, "\(label) is paid into a cash asset; '\(asset.name)' is not cash.")
        } else {
            return true
        }
        return false
    }
}
