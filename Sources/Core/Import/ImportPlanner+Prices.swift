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
            fileDays = Dictionary(priceKeys.map { (AssetDay(asset: slots[Int($0.slot)].ref, day: Int($0.day)), ($0.price, Int($0.line))) },
                                  uniquingKeysWith: { first, _ in first })
            priceKeys = []
        }
        if fileDays != nil {
            if let earlier = fileDays![day] {
                if earlier.price == point.price { plan.duplicates += 1 } else {
                    fail(row, .date, "A different price for this asset and date is on line \(earlier.line).")
                }
                return
            }
            fileDays![day] = (point.price, row.line)
        } else {
            priceKeys.append(PriceKey(price: point.price, day: Int32(day.day), line: Int32(row.line), slot: Int32(slot)))
        }
        plan.prices.append(ImportPlan.NewPrice(line: row.line, asset: ref, date: row.date, price: point.price,
                                               priceText: point.price == raw ? row.priceText : nil))
        let price = point.price
        summarize(slot: slot) {
            $0.hasPrices = true
            $0.highestRecordedPrice = max($0.highestRecordedPrice, price.magnitude)
        }
    }

    /// A planned price as the index of every planned day needs it, should the file go back
    /// in time (32 bytes; the plan's row, which it may hand over, takes 72).
    struct PriceKey {
        var price: ExactDecimal
        var day: Int32
        var line: Int32
        var slot: Int32
    }

    /// One asset on one day: a price record's key.
    struct AssetDay: Hashable {
        var asset: ImportPlan.AssetRef
        var day: Int
    }
}
