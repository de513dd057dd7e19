import Core

/// One row of `quantity_checkpoint`: an asset's quantity after each day of one month on
/// which it changed, packed in binary as the monthly price series are (`PackedMonth`: a day
/// byte and a `PackedDecimal` per day, the quantity held at the end of that day; migration
/// "Pack the quantity checkpoints in binary", which replaced the "D:Q D:Q …" text of
/// "Create quantity checkpoints"). A value reads back with its scale, so a level read from a
/// row is the one a replay of the transactions gives, digit for digit. Months without a
/// change have no row; the quantity carries over. The row whose month is `complete` marks the
/// rows before it as covering every transaction of the asset.
enum QuantityCheckpoint {
    static let complete = "complete"

    /// Quantity levels (day, quantity at the end of that day) from units moved by day
    /// (ascending), one level per day that has moves, from `start` units held before them
    /// (the level at the end of the last stored month, when the rows are extended).
    static func levels(from moves: DatedSeries, startingAt start: ExactDecimal = .zero) -> DatedSeries {
        var levels = DatedSeries()
        var quantity = start
        for i in 0..<moves.count {
            quantity += moves.values[i]
            if i + 1 == moves.count || moves.days[i + 1] != moves.days[i] { levels.append(moves.days[i], quantity) }
        }
        return levels
    }

    /// The rows of `levels`: (month "YYYY-MM", bytes), in month order.
    static func rows(of levels: DatedSeries) throws -> [(month: String, bytes: [UInt8])] { try PackedMonth.rows(of: levels) }

    static func monthKey(year: Int, month: Int) -> String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + (month < 10 ? "-0" : "-") + String(month)
    }

    /// Appends a row's levels to `series`; false when the row does not read back (damage).
    static func append(month: UnsafeBufferPointer<UInt8>, bytes: UnsafeBufferPointer<UInt8>, to series: inout DatedSeries) -> Bool {
        PackedMonth.append(month: month, bytes: bytes, to: &series)
    }

    /// The levels as text "D:Q D:Q …" (day of month, exact quantity), as `check` shows a row;
    /// nil when the bytes do not read back.
    static func text(month: String, bytes: [UInt8]) -> String? { PackedMonth.text(month: month, bytes: bytes) }
}
