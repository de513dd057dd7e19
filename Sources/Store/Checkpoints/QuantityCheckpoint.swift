import Core

/// One row of `quantity_checkpoint`: an asset's quantity after each day of one month on
/// which it changed, as text "D:Q D:Q …" (day of month, quantity held at the end of that
/// day), e.g. "2:10 15:22.5". Months without a change have no row; the quantity carries
/// over. The row whose month is `complete` marks the rows before it as covering every
/// transaction of the asset (see the migration "Create quantity checkpoints").
enum QuantityCheckpoint {
    static let complete = "complete"

    /// Quantity levels (day, quantity at the end of that day) from units moved by day
    /// (ascending), one level per day that has moves.
    static func levels(from moves: DatedSeries) -> DatedSeries {
        var levels = DatedSeries()
        var quantity = ExactDecimal.zero
        for i in 0..<moves.count {
            quantity += moves.values[i]
            if i + 1 == moves.count || moves.days[i + 1] != moves.days[i] { levels.append(moves.days[i], quantity) }
        }
        return levels
    }

    /// The rows of `levels`: (month "YYYY-MM", text), in month order.
    static func rows(of levels: DatedSeries) throws -> [(month: String, text: String)] {
        var rows: [(month: String, text: String)] = []
        var month = "", text = ""
        for i in 0..<levels.count {
            let (y, m, d) = CalendarDate(dayNumber: Int(levels.days[i])).components
            let key = monthKey(year: y, month: m)
            if key != month {
                if !month.isEmpty { rows.append((month, text)) }
                month = key
                text = ""
            } else {
                text += " "
            }
            text += "\(d):" + (try levels.values[i].storedText())
        }
        if !month.isEmpty { rows.append((month, text)) }
        return rows
    }

    static func monthKey(year: Int, month: Int) -> String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + (month < 10 ? "-0" : "-") + String(month)
    }

    /// Appends a row's levels to `series`; nil when the row does not read back (damage).
    static func append(month: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, to series: inout DatedSeries) -> Bool {
        guard month.count == 7, month[4] == UInt8(ascii: "-"),
              let year = number(UnsafeBufferPointer(rebasing: month[0..<4])),
              let monthNumber = number(UnsafeBufferPointer(rebasing: month[5..<7])) else { return false }
        var i = 0
        while i < text.count {
            var colon = i
            while colon < text.count, text[colon] != UInt8(ascii: ":") { colon += 1 }
            var end = colon
            while end < text.count, text[end] != UInt8(ascii: " ") { end += 1 }
            guard colon < text.count, let day = number(UnsafeBufferPointer(rebasing: text[i..<colon])),
                  let date = CalendarDate(year: year, month: monthNumber, day: day),
                  let quantity = ExactDecimal.parse(bytes: UnsafeBufferPointer(rebasing: text[(colon + 1)..<end])) else { return false }
            series.append(Int32(truncatingIfNeeded: date.dayNumber), quantity)
            i = end + 1
        }
        return true
    }

    private static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 4 else { return nil }
        var value = 0
        for b in digits {
            guard b >= 0x30, b <= 0x39 else { return nil }
            value = value * 10 + Int(b - 0x30)
        }
        return value
    }
}
