import Foundation

extension ImportPlanner {
    /// Price rows: at most one record per asset per day. The same price again is a
    /// duplicate (skipped); a different price for a day that has one is an error.
    mutating func planPrices(_ rows: [ImportRow]) {
        var fileDays: [AssetDay: (price: ExactDecimal, line: Int)] = [:]
        fileDays.reserveCapacity(rows.count)
        plan.prices.reserveCapacity(rows.count)
        for row in rows {
            guard let (ref, asset) = resolveAsset(row), let raw = row.price else { continue }
            let point = PricePoint(assetID: 0, date: row.date, price: asset.isCash ? 1 : raw)
            do { try PriceRules.validate(point, today: context.today) } catch {
                fail(row, Self.field(ofMessage: "\(error)"), "\(error)")
                continue
            }
            if case .existing(let id) = ref, let stored = context.prices[id]?[row.date] {
                if stored == point.price { plan.duplicates += 1 } else {
                    fail(row, .date, "\(PriceRules.duplicateDateMessage) (\(stored.plainText) on \(row.date))")
                }
                continue
            }
            let day = AssetDay(asset: ref, day: row.date.dayNumber)
            if let earlier = fileDays[day] {
                if earlier.price == point.price { plan.duplicates += 1 } else {
                    fail(row, .date, "A different price for this asset and date is on line \(earlier.line).")
                }
                continue
            }
            fileDays[day] = (point.price, row.line)
            plan.prices.append(ImportPlan.NewPrice(line: row.line, asset: ref, date: row.date, price: point.price,
                                                   priceText: point.price == raw ? row.priceText : nil))
        }
    }

    /// One asset on one day: a price record's key.
    struct AssetDay: Hashable {
        var asset: ImportPlan.AssetRef
        var day: Int
    }
}
