/// `PackedRows` into (date, id) order (`PerformanceRecords.finish`).
extension PackedRows {
    /// Into (date, id) order, a row without id after those with one on its day, equal keys in
    /// the order they were added; unless it is already (the same sort, by the same key, as
    /// the rows had unpacked).
    mutating func sortByDateAndID() {
        let key = { (r: Packed) in (r.day, r.flags & Self.hasID != 0 ? r.id : .max) }
        guard zip(packed, packed.dropFirst()).contains(where: { key($1) < key($0) }) else { return }
        if let order = Self.orderByIDThenDay(packed) {
            packed = Self.gathered(packed, order)
        } else if let order = Self.orderByDayThenID(packed) {
            packed = Self.gathered(packed, order)
        } else {
            packed.sort { key($0) < key($1) }
        }
    }

    /// `rows` in the order of `order` (a permutation of their places).
    private static func gathered<Place: BinaryInteger>(_ rows: [Packed], _ order: [Place]) -> [Packed] {
        [Packed](unsafeUninitializedCapacity: order.count) { buffer, count in
            rows.withUnsafeBufferPointer { rows in
                for (k, i) in order.enumerated() { (buffer.baseAddress! + k).initialize(to: rows[Int(i)]) }
            }
            count = order.count
        }
    }

    /// The rows' places in (day, id) order, equal keys in the order they were added, by two
    /// stable counting sorts when the ids are distinct and dense and the days not spread far
    /// (a store's rows: their ids are rowids): first by id, each row put in its id's slot
    /// (rows without an id after them, in the order they came), then by day. The monthly
    /// transaction series come month by month, each month's assets one after another (issue
    /// 27): the radix sort of (day, id) keys below took two passes of 16 bits there, 138
    /// instructions a row; this 59. Nil when two rows share an id, or the ids or the days
    /// span more than four slots a row (at least 65,536): then the radix sort.
    static func orderByIDThenDay(_ rows: [Packed]) -> [Int32]? {
        let n = rows.count
        guard n > 0, n < Int(Int32.max) else { return n == 0 ? [] : nil }
        let room = Swift.max(4 * n, 1 << 16)
        var lowDay = Int.max, highDay = Int.min, lowID = Int64.max, highID = Int64.min, withID = 0
        for r in rows {
            lowDay = Swift.min(lowDay, r.day)
            highDay = Swift.max(highDay, r.day)
            if r.flags & Self.hasID != 0 {
                lowID = Swift.min(lowID, r.id)
                highID = Swift.max(highID, r.id)
                withID += 1
            }
        }
        let (days, dayOverflow) = highDay.subtractingReportingOverflow(lowDay)
        guard !dayOverflow, days < room else { return nil }
        var ids = 0
        if withID > 0 {
            let (span, idOverflow) = highID.subtractingReportingOverflow(lowID)
            guard !idOverflow, span < room else { return nil }
            ids = Int(span) + 1
        }
        // By id: slot k holds the row whose id is lowID + k (−1: none); then the rows without.
        var slots = [Int32](repeating: -1, count: ids + n - withID)
        var counts = [Int32](repeating: 0, count: days + 2)
        let placed: Bool = slots.withUnsafeMutableBufferPointer { slots in
            counts.withUnsafeMutableBufferPointer { counts in
                rows.withUnsafeBufferPointer { rows in
                    var nextWithout = ids
                    for i in 0..<n {
                        let r = rows[i]
                        counts[r.day &- lowDay &+ 1] &+= 1
                        if r.flags & Self.hasID != 0 {
                            let k = Int(r.id &- lowID)
                            if slots[k] >= 0 { return false }  // a shared id: the radix sort keeps their order
                            slots[k] = Int32(truncatingIfNeeded: i)
                        } else {
                            slots[nextWithout] = Int32(truncatingIfNeeded: i)
                            nextWithout += 1
                        }
                    }
                    return true
                }
            }
        }
        guard placed else { return nil }
        // Then by day, stably: each day's rows go to its place in id order.
        var order = [Int32](repeating: 0, count: n)
        slots.withUnsafeBufferPointer { slots in
            counts.withUnsafeMutableBufferPointer { counts in
                order.withUnsafeMutableBufferPointer { order in
                    rows.withUnsafeBufferPointer { rows in
                        for d in 0...days { counts[d + 1] &+= counts[d] }
                        for i in slots where i >= 0 {
                            let d = rows[Int(i)].day &- lowDay
                            order[Int(counts[d])] = i
                            counts[d] &+= 1
                        }
                    }
                }
            }
        }
        return order
    }

    /// The rows' places in (day, id) order, equal keys in the order they were added: each
    /// row's key is one 64-bit integer (days from the first, then the id, or one past the
    /// largest id for a row without one), put in order by a radix sort of 16 bits a pass,
    /// which is stable; the keys are as wide as the ids and days need (two passes for the
    /// benchmark store). The monthly transaction series come month by month, each month's
    /// assets one after another (issue 27): a comparison sort spent 300 to 500 instructions a
    /// row there. Nil when a key would not fit in 64 bits or an id is negative (then the
    /// rows are compared).
    static func orderByDayThenID(_ rows: [Packed]) -> [Int]? {
        guard let first = rows.first else { return [] }
        var low = first.day, high = first.day, largestID: Int64 = 0
        for r in rows {
            low = Swift.min(low, r.day)
            high = Swift.max(high, r.day)
            if r.flags & Self.hasID != 0 {
                if r.id < 0 { return nil }
                largestID = Swift.max(largestID, r.id)
            }
        }
        guard largestID < Int64.max, high - low < 1 << 30 else { return nil }
        let noID = UInt64(largestID) + 1
        let idBits = UInt64(64 - noID.leadingZeroBitCount)
        let dayBits = UInt64(64 - UInt64(high - low).leadingZeroBitCount)
        guard idBits + dayBits <= 64 else { return nil }
        let keys = rows.map { r in UInt64(r.day - low) << idBits | (r.flags & Self.hasID != 0 ? UInt64(r.id) : noID) }
        var order = Array(rows.indices), spare = order
        var counts = [Int](repeating: 0, count: 1 << 16)
        var shift: UInt64 = 0
        keys.withUnsafeBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                while shift < idBits + dayBits {
                    order.withUnsafeMutableBufferPointer { order in
                        spare.withUnsafeMutableBufferPointer { spare in
                            for k in counts.indices { counts[k] = 0 }
                            for i in order { counts[Int(keys[i] >> shift & 0xFFFF)] += 1 }
                            var total = 0
                            for k in counts.indices { (counts[k], total) = (total, total + counts[k]) }
                            for i in order {
                                let digit = Int(keys[i] >> shift & 0xFFFF)
                                spare[counts[digit]] = i
                                counts[digit] += 1
                            }
                        }
                    }
                    swap(&order, &spare)
                    shift += 16
                }
            }
        }
        return order
    }
}
