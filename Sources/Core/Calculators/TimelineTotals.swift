/// The values of a timeline, Σ quantity × price of each asset on each date, summed exactly as
/// scaled integers instead of one `ExactDecimal` addition per asset and date (issue 27: the
/// additions and the products were about a seventh of a daily timeline).
///
/// Every product is exact (the units of quantity and price multiplied, their scales added),
/// and so is every sum; `ExactDecimal`'s sum of exact terms has the largest scale among them
/// (a zero product is never added). So each date's sum is kept as one signed 128-bit integer
/// at a scale common to all dates (raised, with the sums, when a product needs more places),
/// beside the largest scale of the products added on that date: the total is that integer
/// brought down to that scale, which divides exactly. The figures are those of adding the
/// products one by one, digit for digit and scale for scale, whenever nothing leaves 128 bits;
/// when something would (a product, a sum, a product of more than 38 places, a value out of
/// range), `isExact` turns false and the caller adds them as `ExactDecimal`s instead.
public struct TimelineTotals {
    /// A signed 128-bit sum in two halves (arrays of `Int128` are avoided: see the note on
    /// `ExactDecimal`'s storage).
    struct Sum {
        var low: UInt64 = 0, high: UInt64 = 0
        @inline(__always) var value: Int128 {
            get { Int128(bitPattern: UInt128(high) << 64 | UInt128(low)) }
            set { let bits = UInt128(bitPattern: newValue); low = UInt64(truncatingIfNeeded: bits); high = UInt64(truncatingIfNeeded: bits >> 64) }
        }
    }

    private var sums: [Sum]
    /// The largest scale among the products added on each date (0 when none was).
    private var scales: [UInt8]
    /// The scale of every sum.
    private var scale = 0
    /// False once a product or a sum did not fit: the sums are then unusable.
    public private(set) var isExact = true

    public init(count: Int) {
        sums = [Sum](repeating: Sum(), count: count)
        scales = [UInt8](repeating: 0, count: count)
    }

    /// Adds one asset's value on each of `days` (ascending day numbers, one per total): its
    /// latest quantity level on or before the day × its market price then, the later of its
    /// latest recorded price and its latest trade, the recorded one when both fall on the same
    /// day (0 before the first of each). Levels and prices are each in day order, at most one
    /// per day. The product is taken again only when the quantity or the price changed.
    public mutating func addAsset(days: [Int32], quantityDays: [Int32], quantities: [ExactDecimal],
                                  recordedDays: [Int32], recorded: [ExactDecimal], tradeDays: [Int32], trades: [ExactDecimal]) {
        guard isExact, days.count == sums.count else { isExact = false; return }
        let mCount = quantityDays.count, rCount = recordedDays.count, tCount = tradeDays.count
        var m = 0, r = 0, t = 0
        var quantity = ExactDecimal.zero
        var changed = false
        var term: Int128 = 0, termScale: UInt8 = 0
        sums.withUnsafeMutableBufferPointer { sums in scales.withUnsafeMutableBufferPointer { scales in
            for i in 0..<days.count {
                let day = days[i]
                while m < mCount, quantityDays[m] <= day { quantity = quantities[m]; m += 1; changed = true }
                while r < rCount, recordedDays[r] <= day { r += 1; changed = true }
                while t < tCount, tradeDays[t] <= day { t += 1; changed = true }
                if changed {
                    changed = false
                    let useTrade = t > 0 && (r == 0 || tradeDays[t - 1] > recordedDays[r - 1])
                    let price = useTrade ? trades[t - 1] : r > 0 ? recorded[r - 1] : ExactDecimal.zero
                    guard let (units, places) = Self.product(quantity, price) else { isExact = false; return }
                    if units == 0 { term = 0; continue }
                    if places > scale {
                        guard Self.raise(sums, by: places - scale) else { isExact = false; return }
                        scale = places
                    }
                    guard let aligned = Self.aligned(units, by: scale - places) else { isExact = false; return }
                    term = aligned
                    termScale = UInt8(places)
                }
                if term == 0 { continue }
                let (sum, overflow) = sums[i].value.addingReportingOverflow(term)
                if overflow { isExact = false; return }
                sums[i].value = sum
                if scales[i] < termScale { scales[i] = termScale }
            }
        } }
    }

    /// The totals, one per day given to `addAsset`; only meaningful while `isExact`.
    public func totals() -> [ExactDecimal] {
        (0..<sums.count).map { i in
            let sum = sums[i].value, places = Int(scales[i])
            var units = sum.magnitude
            if scale > places { units /= Pow10.of(scale - places) }  // exact: no product added here had more places
            return ExactDecimal(units: units, scale: places, negative: sum < 0)
        }
    }

    /// quantity × price as (signed units, scale), exact; nil when it would need more than 127
    /// bits or 38 places (or either is out of range).
    @inline(__always)
    static func product(_ a: ExactDecimal, _ b: ExactDecimal) -> (Int128, Int)? {
        if a.isOutOfRange || b.isOutOfRange { return nil }
        let places = Int(a.scale) + Int(b.scale)
        guard places <= ExactDecimal.maxScale else { return nil }
        let magnitude: UInt128
        if a.units >> 64 == 0, b.units >> 64 == 0 {
            magnitude = UInt128(UInt64(truncatingIfNeeded: a.units)) * UInt128(UInt64(truncatingIfNeeded: b.units))
        } else {
            let (p, overflow) = a.units.multipliedReportingOverflow(by: b.units)
            guard !overflow else { return nil }
            magnitude = p
        }
        guard magnitude <= UInt128(Int128.max) else { return nil }
        let units = Int128(magnitude)
        return (a.isNegative != b.isNegative ? -units : units, places)
    }

    /// units × 10^places, nil when it does not fit.
    @inline(__always)
    static func aligned(_ units: Int128, by places: Int) -> Int128? {
        if places == 0 { return units }
        guard places <= ExactDecimal.maxScale else { return nil }
        let (p, overflow) = units.multipliedReportingOverflow(by: Int128(Pow10.of(places)))
        return overflow ? nil : p
    }

    /// Every sum × 10^places; false when one does not fit.
    static func raise(_ sums: UnsafeMutableBufferPointer<Sum>, by places: Int) -> Bool {
        for i in sums.indices where sums[i].low != 0 || sums[i].high != 0 {
            guard let up = aligned(sums[i].value, by: places) else { return false }
            sums[i].value = up
        }
        return true
    }
}
