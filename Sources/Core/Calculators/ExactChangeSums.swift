/// Running totals of exact changes, each a difference of two products (new quantity × new
/// price − quantity × price), with the value and scale that adding them one by one as
/// `ExactDecimal`s into one total per slot, then summing the slots in order, gives (issue 27:
/// the performance ledger's values at its boundary dates, about a tenth of a report).
///
/// As in `TimelineTotals` (whose products, alignment and raising it shares): every product
/// and sum is exact, and an exact `ExactDecimal` sum or difference has the larger scale of its
/// two operands, zero results included. So each slot is one signed 128-bit integer at a scale
/// common to all slots (raised with the sums when a product needs more places), beside the
/// largest scale of the differences added to it; a running total's scale is the largest of
/// its slots', and its units are the integer brought down to that scale, which divides
/// exactly. When something would leave 127 bits or 38 places, `isExact` turns false and the
/// caller adds `ExactDecimal`s instead.
struct ExactChangeSums {
    private var sums: [TimelineTotals.Sum]
    /// The largest scale of the differences added to each slot (0 when none was).
    private var scales: [UInt8]
    /// The scale of every sum.
    private var scale = 0
    /// False once a product or a sum did not fit: the sums are then unusable.
    private(set) var isExact = true

    init(count: Int) {
        sums = [TimelineTotals.Sum](repeating: TimelineTotals.Sum(), count: count)
        scales = [UInt8](repeating: 0, count: count)
    }

    /// Runs `body` with an `Adder` over the sums' storage: additions then write in place, with
    /// no copy-on-write check each (issue 27: a first `af.performance{}` adds 350,000 changes).
    mutating func addingChanges(_ body: (inout Adder) -> Void) {
        guard isExact else { return }
        let start = scale
        let (scale, exact) = sums.withUnsafeMutableBufferPointer { sums in
            scales.withUnsafeMutableBufferPointer { scales in
                var adder = Adder(sums: sums, scales: scales, scale: start)
                body(&adder)
                return (adder.scale, adder.isExact)
            }
        }
        self.scale = scale
        isExact = exact
    }

    /// Adds changes to the sums in place (`addingChanges`).
    struct Adder {
        fileprivate let sums: UnsafeMutableBufferPointer<TimelineTotals.Sum>
        fileprivate let scales: UnsafeMutableBufferPointer<UInt8>
        fileprivate(set) var scale: Int
        private(set) var isExact = true
        /// The last change's new product (units, places): the old one of a change `chained` to it.
        private var last = TimelineTotals.Sum(), lastPlaces = 0

        fileprivate init(sums: UnsafeMutableBufferPointer<TimelineTotals.Sum>, scales: UnsafeMutableBufferPointer<UInt8>, scale: Int) {
            self.sums = sums
            self.scales = scales
            self.scale = scale
        }

        /// Adds newQuantity × newPrice − quantity × price to slot `i`. `chained`: quantity and
        /// price are the previous change's new ones, so their product is that change's, not
        /// taken again (an asset's walk: each change starts where the one before ended).
        @inline(__always)
        mutating func add(at i: Int, _ newQuantity: ExactDecimal, _ newPrice: ExactDecimal, minus quantity: ExactDecimal, _ price: ExactDecimal,
                          chained: Bool) {
            guard isExact, let (new, newPlaces) = TimelineTotals.product(newQuantity, newPrice) else { isExact = false; return }
            var old = last.value, oldPlaces = lastPlaces
            if !chained {
                guard let (units, places) = TimelineTotals.product(quantity, price) else { isExact = false; return }
                (old, oldPlaces) = (units, places)
            }
            last.value = new
            lastPlaces = newPlaces
            let places = max(newPlaces, oldPlaces)
            if places > scale {
                guard TimelineTotals.raise(sums, by: places - scale) else { isExact = false; return }
                scale = places
            }
            guard let newAligned = TimelineTotals.aligned(new, by: scale - newPlaces),
                  let oldAligned = TimelineTotals.aligned(old, by: scale - oldPlaces) else { isExact = false; return }
            let (difference, o1) = newAligned.subtractingReportingOverflow(oldAligned)
            let (sum, o2) = sums[i].value.addingReportingOverflow(difference)
            guard !o1, !o2 else { isExact = false; return }
            sums[i].value = sum
            if scales[i] < places { scales[i] = UInt8(places) }
        }
    }

    /// Total k = the sum of slots 0...k, at the largest scale among them; nil unless `isExact`
    /// (or when a running total leaves 127 bits).
    func runningTotals() -> [ExactDecimal]? {
        guard isExact else { return nil }
        var totals: [ExactDecimal] = []
        totals.reserveCapacity(sums.count)
        var total: Int128 = 0, places = 0
        for i in sums.indices {
            let (next, overflow) = total.addingReportingOverflow(sums[i].value)
            guard !overflow else { return nil }
            total = next
            places = max(places, Int(scales[i]))
            var units = total.magnitude
            if scale > places { units /= Pow10.of(scale - places) }  // exact: no difference added had more places
            totals.append(ExactDecimal(units: units, scale: places, negative: total < 0))
        }
        return totals
    }
}
