import Core

/// One asset's values by day (units moved, or prices) in two flat arrays: no per-row
/// allocation and no padded tuples. A history walk appends rows in whatever order the table
/// scan gives them and puts them in day order once, only when they were not already.
struct DatedSeries: Equatable {
    /// Days since 1970-01-01 (`CalendarDate.dayNumber`), ascending after `sortByDay`.
    private(set) var days: [Int32] = []
    private(set) var values: [ExactDecimal] = []

    var count: Int { days.count }

    mutating func append(_ day: Int32, _ value: ExactDecimal) {
        days.append(day)
        values.append(value)
    }

    /// Appends entries whose days all come after this series' (taken as they are when the
    /// series is empty: no copy).
    mutating func append(days later: [Int32], values laterValues: [ExactDecimal]) {
        if days.isEmpty {
            days = later
            values = laterValues
        } else {
            days.append(contentsOf: later)
            values.append(contentsOf: laterValues)
        }
    }

    /// Day order; entries of the same day keep the order they were read in (a stable sort,
    /// so a scan in rowid order gives (date, id) order).
    mutating func sortByDay() {
        var inOrder = true
        for i in days.indices.dropFirst() where days[i] < days[i - 1] { inOrder = false; break }
        if inOrder { return }
        let order = days.indices.sorted { (days[$0], $0) < (days[$1], $1) }
        days = order.map { days[$0] }
        values = order.map { values[$0] }
    }
}

/// The position of each asset id in a walk's flat arrays (its "slot"). Ids are usually small
/// and dense, so a lookup is an array index; very large ids fall back to a dictionary.
struct AssetSlots {
    let ids: [Int64]
    private var dense: [Int32] = []
    private var sparse: [Int64: Int] = [:]

    /// Slots in the order of `ids` (a repeated id keeps its first slot).
    init(_ ids: [Int64]) {
        var unique: [Int64] = []
        var seen = Set<Int64>()
        for id in ids where seen.insert(id).inserted { unique.append(id) }
        self.ids = unique
        let largest = unique.max() ?? 0
        if let smallest = unique.min(), smallest >= 0, largest < 1 << 22 {
            dense = [Int32](repeating: -1, count: Int(largest) + 1)
            for (slot, id) in unique.enumerated() { dense[Int(id)] = Int32(slot) }
        } else {
            for (slot, id) in unique.enumerated() { sparse[id] = slot }
        }
    }

    var count: Int { ids.count }

    /// The id's slot, nil for an asset outside the walk.
    @inline(__always)
    func slot(of id: Int64) -> Int? {
        if !dense.isEmpty {
            guard id >= 0, id < dense.count else { return nil }
            let slot = dense[Int(id)]
            return slot < 0 ? nil : Int(slot)
        }
        return sparse[id]
    }
}
