import Foundation

extension ImportPlanner {
    /// Same asset, date, type, quantity and price: a duplicate. The set holds one key for
    /// every row of the file, so a key is small: the asset's slot, the day, and each decimal
    /// in its shortest form (trailing zeros dropped, so that equal values have equal keys)
    /// as 64-bit units and a scale: 32 bytes, where the asset's reference and two
    /// `ExactDecimal`s took 80. Nil for a decimal that does not fit (`WideDuplicateKey`).
    struct DuplicateKey: Hashable {
        var quantity: UInt64
        var price: UInt64
        var day: Int32
        var slot: Int32
        var quantityScale: UInt8
        var priceScale: UInt8
        var signs: UInt8
        var type: TransactionType

        init?(slot: Int, day: Int, type: TransactionType, quantity: ExactDecimal, price: ExactDecimal) {
            guard let q = Self.shortest(quantity), let p = Self.shortest(price) else { return nil }
            (self.quantity, quantityScale, self.price, priceScale) = (q.units, q.scale, p.units, p.scale)
            signs = (quantity.isNegative ? 1 : 0) | (price.isNegative ? 2 : 0)
            (self.slot, self.day, self.type) = (Int32(slot), Int32(truncatingIfNeeded: day), type)
        }

        /// The value's units and scale without trailing zeros, when its units fit in 64 bits.
        static func shortest(_ value: ExactDecimal) -> (units: UInt64, scale: UInt8)? {
            guard !value.isOutOfRange else { return nil }
            let value = value.units > UInt128(UInt64.max) ? value.normalized : value
            guard value.units <= UInt128(UInt64.max) else { return nil }
            var units = UInt64(value.units), scale = value.scale
            while scale > 0, units % 10 == 0 { units /= 10; scale -= 1 }
            return (units, scale)
        }
    }

    /// The key of a row whose quantity or price does not fit `DuplicateKey` (rare): the
    /// decimals compared as values. Hashed by asset, day and type only (decimals hash
    /// through their normalized form, which costs divisions).
    struct WideDuplicateKey: Hashable {
        var slot: Int
        var day: Int
        var type: TransactionType
        var quantity: ExactDecimal
        var price: ExactDecimal

        func hash(into hasher: inout Hasher) {
            hasher.combine(slot)
            hasher.combine(day)
            hasher.combine(type)
        }
    }

    /// Adds the key of a row (planned or stored); false when it was there already.
    mutating func see(slot: Int, day: Int, type: TransactionType, quantity: ExactDecimal, price: ExactDecimal) -> Bool {
        if let key = DuplicateKey(slot: slot, day: day, type: type, quantity: quantity, price: price) { return seen.insert(key).inserted }
        return seenWide.insert(WideDuplicateKey(slot: slot, day: day, type: type, quantity: quantity, price: price)).inserted
    }

    /// One planned transaction as the holdings check over all rows needs it (`finish`):
    /// its slot, day, line, type and quantity, in 32 bytes (the plan's row takes 288).
    struct HoldingStep {
        var quantity: ExactDecimal
        var type: TransactionType
        var day: Int32
        var line: Int32
        var slot: Int32

        var date: CalendarDate { CalendarDate(dayNumber: Int(day)) }

        /// The row as a transaction, for the holdings rules' message: they read its type,
        /// date and quantity only.
        func transaction(of asset: Asset) -> Transaction {
            Transaction(assetID: 0, type: type, date: date, quantity: quantity, pricePerUnit: 0, fees: 0, currency: asset.currency,
                        note: "", totalAmount: 0)
        }
    }

    /// Plans one transaction row (the holdings are checked over all rows in `finish`).
    mutating func planTransaction(_ row: ImportRow) {
        guard let slot = resolveSlot(row) else { return }
        let (ref, asset) = slots[slot]
        guard var transaction = transaction(for: row, asset: asset) else { return }
        var source: ImportPlan.AssetRef?
        if let name = row.source {
            guard let payer = resolveSource(name, row: row), checkIncome(row, asset: asset, ref: ref, source: payer.ref) else { return }
            source = payer.ref
        }
        transaction = TransactionRules.normalized(transaction, for: asset)
        if case .existing(let id) = ref, loaded.insert(id).inserted {
            for t in context.transactions[id] ?? [] {
                _ = see(slot: slot, day: t.date.dayNumber, type: t.type, quantity: t.quantity, price: t.pricePerUnit)
            }
        }
        if !see(slot: slot, day: row.date.dayNumber, type: transaction.type, quantity: transaction.quantity, price: transaction.pricePerUnit) {
            plan.duplicates += 1
            return
        }
        var new = ImportPlan.NewTransaction(line: row.line, asset: ref, source: source, transaction: transaction,
                                            quantityText: row.quantityText,
                                            priceText: transaction.pricePerUnit == row.price ? row.priceText : nil)
        if let q = new.quantityText, let p = new.priceText { new.totalText = ImportText.product(q, p) }
        if new.totalText == nil {
            let total = transaction.quantity * transaction.pricePerUnit
            new.transaction.totalAmount = total
            // A total made from the texts fits in 64 bits: far below the limit.
            if total.isOutOfRange || total >= ConversionRange.valueLimit { plan.largeValues.append(new) }
        }
        plan.transactions.append(new)
        steps.append(HoldingStep(quantity: transaction.quantity, type: transaction.type, day: Int32(transaction.date.dayNumber),
                                 line: Int32(row.line), slot: Int32(slot)))
        if asset.isCash, case .new(let index) = ref { firstCashDay[index] = min(firstCashDay[index] ?? transaction.date, transaction.date) }
        let price = transaction.pricePerUnit, trade = MarketPrices.isTradePrice(transaction.type, price)
        summarize(slot: slot) {
            $0.highestPrice = max($0.highestPrice, price)
            if trade { $0.highestTradePrice = max($0.highestTradePrice ?? .zero, price.magnitude) }
        }
    }

    /// Cash counts at 1 per unit from a price record of 1, as when an asset is created with
    /// an amount: a cash asset the file creates gets one on its first transaction's date.
    mutating func priceNewCash() {
        for (index, date) in firstCashDay.sorted(by: { $0.key < $1.key }) {
            plan.prices.append(ImportPlan.NewPrice(line: 0, asset: .new(index), date: date, price: 1))
            summarize(slot: slotByRef[.new(index)]!) {
                $0.hasPrices = true
                $0.highestRecordedPrice = max($0.highestRecordedPrice, ExactDecimal(1).magnitude)
            }
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
