/// Exact percentiles of a column of Doubles by radix selection, without sorting or
/// reordering it: `percentiles(of:levels)` equals `MonteCarlo.percentile(column.sorted(), level)`
/// for every level.
///
/// A level needs the values of two neighbouring ranks. Each Double is mapped to an unsigned
/// key in the same order (its bit pattern, sign flipped; all bits flipped for negatives), so
/// the search is on integers: one pass writes the keys and takes the smallest and largest
/// (`keysAndRange`, four values at a time in vector registers), one counts the
/// keys per bucket of their range's top `bucketBits` bits, and the counts say which bucket
/// holds each wanted rank; one more pass gathers the few keys of those buckets, and the search
/// goes on inside them (a bucket of equal keys, or of at most 16, is done). Each level of
/// the search narrows the range by 2^11, so it ends after at most six. Unlike a partition,
/// the passes have no data-dependent branch to mispredict, and all levels share them.
/// Made once per run and reused for every month.
final class PercentileSelector {
    static let bucketBits = 11
    private static let buckets = 1 << bucketBits

    private let capacity: Int
    private let keys: UnsafeMutablePointer<UInt64>
    private let counts: UnsafeMutablePointer<UInt32>
    /// For each bucket, 0, or 1 + the index of its group while gathering.
    private let marks: UnsafeMutablePointer<UInt32>

    init(capacity: Int) {
        self.capacity = capacity
        keys = .allocate(capacity: max(1, capacity))
        counts = .allocate(capacity: Self.buckets)
        marks = .allocate(capacity: Self.buckets)
        marks.initialize(repeating: 0, count: Self.buckets)
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
        marks.deallocate()
    }

    /// An order-preserving map of Doubles to unsigned integers (−0 as +0, so equal values get
    /// equal keys).
    @inline(__always)
    static func key(_ x: Double) -> UInt64 {
        let bits = (x + 0).bitPattern
        return bits ^ (UInt64(bitPattern: Int64(bitPattern: bits) >> 63) | 0x8000_0000_0000_0000)
    }

    @inline(__always)
    static func value(_ key: UInt64) -> Double {
        Double(bitPattern: key & 0x8000_0000_0000_0000 != 0 ? key ^ 0x8000_0000_0000_0000 : ~key)
    }

    /// Writes every value's key to `keys` and returns the smallest and largest key, or nil when
    /// the column holds a NaN (then `keys` is to be written again). The range is taken on the
    /// Doubles, four at a time in explicit vectors: the key is monotonic in the value (−0 and +0
    /// alike), so the extreme values give the extreme keys, and a Double comparison is one SSE2
    /// instruction where an unsigned 64-bit one takes about eight.
    @inline(__always)
    static func keysAndRange(_ column: UnsafeBufferPointer<Double>, into keys: UnsafeMutablePointer<UInt64>) -> (UInt64, UInt64)? {
        typealias Values = SIMD4<Double>
        typealias Bits = SIMD4<UInt64>
        let n = column.count
        let source = UnsafeRawPointer(column.baseAddress!), target = UnsafeMutableRawPointer(keys)
        var low = Values(repeating: .infinity), high = Values(repeating: -.infinity)
        var unordered = SIMDMask<SIMD4<Int64>>(repeating: false)
        let sign = Bits(repeating: 0x8000_0000_0000_0000)
        var i = 0
        while i + 4 <= n {
            let x = source.loadUnaligned(fromByteOffset: i &* 8, as: Values.self) + Values(repeating: 0)   // −0 as +0
            low.replace(with: x, where: x .< low)
            high.replace(with: x, where: x .> high)
            unordered .|= x .!= x
            let bits = unsafeBitCast(x, to: Bits.self)
            let negative = unsafeBitCast(unsafeBitCast(bits, to: SIMD4<Int64>.self) &>> 63, to: Bits.self)
            target.storeBytes(of: bits ^ (negative | sign), toByteOffset: i &* 8, as: Bits.self)
            i &+= 4
        }
        var lowest = low.min(), highest = high.max()
        var nan = any(unordered)
        while i < n {
            let x = column[i] + 0
            keys[i] = key(x)
            lowest = x < lowest ? x : lowest
            highest = x > highest ? x : highest
            nan = nan || x != x
            i &+= 1
        }
        return nan ? nil : (key(lowest), key(highest))
    }

    /// The linear interpolation between the closest ranks for each level, as `MonteCarlo.percentile`.
    func percentiles(of column: UnsafeBufferPointer<Double>, _ levels: [Double]) -> [Double] {
        let n = column.count
        precondition(n <= capacity)
        guard n > 1 else { return levels.map { _ in column.first ?? 0 } }
        let positions = levels.map { $0 / 100 * Double(n - 1) }
        var ranks: [Int] = []
        for position in positions {
            let lower = Int(position.rounded(.down))
            ranks.append(lower)
            ranks.append(min(lower + 1, n - 1))
        }
        var low = UInt64.max, high = UInt64.min
        if let range = Self.keysAndRange(column, into: keys) {
            (low, high) = range
        } else {
            // A NaN: it has a key too (above +∞, or below −∞ with its sign set), so its own loop.
            for i in 0..<n {
                let k = Self.key(column[i])
                keys[i] = k
                low = min(low, k)
                high = max(high, k)
            }
        }
        var found = [UInt64](repeating: 0, count: ranks.count)
        select(UnsafeMutableBufferPointer(start: keys, count: n), low: low, high: high, ranks: ranks, into: &found)
        return positions.indices.map { j in
            let fraction = positions[j] - positions[j].rounded(.down)
            let lower = Self.value(found[2 * j]), upper = Self.value(found[2 * j + 1])
            return lower + (upper - lower) * fraction
        }
    }

    /// Sets `found[j]` to the key of rank `ranks[j]` among `keys` (all within low...high), for
    /// every j with a rank (−1: none).
    private func select(_ keys: UnsafeMutableBufferPointer<UInt64>, low: UInt64, high: UInt64, ranks: [Int], into found: inout [UInt64]) {
        let n = keys.count
        if low == high {
            for j in ranks.indices where ranks[j] >= 0 { found[j] = low }
            return
        }
        if n <= 16 {
            let sorted = keys.sorted()
            for j in ranks.indices where ranks[j] >= 0 { found[j] = sorted[ranks[j]] }
            return
        }
        let shift = UInt64(max(0, (64 - (high - low).leadingZeroBitCount) - Self.bucketBits))
        let used = Int((high - low) >> shift) + 1
        counts.update(repeating: 0, count: used)
        // Every key lies in low...high, so each index is below `used`.
        let base = keys.baseAddress!, counts = counts
        for i in 0..<n { counts[Int(truncatingIfNeeded: (base[i] &- low) &>> shift)] &+= 1 }

        // The bucket of each rank and its rank inside; the distinct buckets are the groups.
        var groupBucket: [Int] = [], groupSize: [Int] = []
        var groupOf = [Int](repeating: -1, count: ranks.count), rankInside = [Int](repeating: -1, count: ranks.count)
        var below = 0, bucket = 0
        for j in ranks.indices.filter({ ranks[$0] >= 0 }).sorted(by: { ranks[$0] < ranks[$1] }) {
            while below + Int(counts[bucket]) <= ranks[j] {
                below += Int(counts[bucket])
                bucket += 1
            }
            if groupBucket.last != bucket {
                groupBucket.append(bucket)
                groupSize.append(Int(counts[bucket]))
            }
            groupOf[j] = groupBucket.count - 1
            rankInside[j] = ranks[j] - below
        }

        // One pass gathers every group's keys, each group to its own part of `region`.
        var start = [0]
        for size in groupSize { start.append(start.last! + size) }
        for (g, b) in groupBucket.enumerated() { marks[b] = UInt32(g + 1) }
        var region = [UInt64](repeating: 0, count: start.last!)
        region.withUnsafeMutableBufferPointer { region in
            var next = start
            let marks = marks
            for i in 0..<n {
                let k = base[i]
                let g = Int(marks[Int(truncatingIfNeeded: (k &- low) &>> shift)])
                if g != 0 {
                    region[next[g - 1]] = k
                    next[g - 1] += 1
                }
            }
            // Before going on: the search inside reuses `counts` and `marks`.
            for b in groupBucket { marks[b] = 0 }
            for g in groupBucket.indices {
                let part = UnsafeMutableBufferPointer(rebasing: region[start[g]..<start[g + 1]])
                var partLow = UInt64.max, partHigh = UInt64.min
                for k in part {
                    partLow = min(partLow, k)
                    partHigh = max(partHigh, k)
                }
                let inside = ranks.indices.map { groupOf[$0] == g ? rankInside[$0] : -1 }
                select(part, low: partLow, high: partHigh, ranks: inside, into: &found)
            }
        }
    }
}
