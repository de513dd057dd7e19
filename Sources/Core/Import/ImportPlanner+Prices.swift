import Foundation

extension ImportPlanner {
    /// Price rows: at most one record per asset per day. The same price again is a
    /// duplicate (skipped); a different price for a day that has one is an error.
    ///
    /// While each asset's rows come in date order (as files list them, by asset or by day),
    /// a row later than every earlier row of its asset cannot repeat one, and nothing is
    /// looked up; the first row that goes back in time builds the index of every planned
    /// row's day, kept from then on.
    mutating func planPrice(_ row: ImportRow) {
        guard let slot = resolveSlot(row), let raw = row.price else { return }
        let ref = slots[slot].ref
        let point = PricePoint(assetID: 0, date: row.date, price: slots[slot].asset.isCash ? 1 : raw)
        do { try PriceRules.validate(point, today: context.today) } catch {
            fail(row, Self.field(ofMessage: "\(error)"), "\(error)")
            return
        }
        if case .existing(let id) = ref, !context.prices.isEmpty, let stored = context.storedPrice(of: id, on: row.date) {
            if stored == point.price { plan.duplicates += 1 } else {
                fail(row, .date, "\(PriceRules.duplicateDateMessage) (\(stored.plainText) on \(row.date))")
            }
            return
        }
        let day = AssetDay(asset: ref, day: row.date.dayNumber)
        while latest.count <= slot { latest.append(Int.min) }
        if day.day > latest[slot] {
            latest[slot] = day.day
        } else if fileDays == nil {
            fileDays = Dictionary(plan.prices.map { (AssetDay(asset: $0.asset, day: $0.date.dayNumber), ($0.price, $0.line)) },
                                  uniquingKeysWith: { first, _ in first })
        }
        if fileDays != nil {
            if let earlier = fileDays![day] {
                if earlier.price == point.price { plan.duplicates += 1 } else {
                    fail(row, .date, "A different price for this asset and date is on line \(earlier.line).")
                }
                return
            }
            fileDays![day] = (point.price, row.line)
        }
        plan.prices.append(ImportPlan.NewPrice(line: row.line, asset: ref, date: row.date, price: point.price,
                                               priceText: point.price == raw ? row.priceText : nil))
    }

    /// One asset on one day: a price record's key.
    struct AssetDay: Hashable {
        var asset: ImportPlan.AssetRef
        var day: Int
    }
}
