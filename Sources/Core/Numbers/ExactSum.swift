/// A running sum of `ExactDecimal`s (or of whole multiples of them) kept as one signed
/// 128-bit integer at the largest scale met so far: the value and the scale that adding the
/// terms one by one as `ExactDecimal`s gives, since an exact `ExactDecimal` sum or product
/// by a whole number has the larger scale of its operands (zero results included), and the
/// decimal operators round only past 128 bits. Whenever a term, a product, an alignment or
/// a partial sum would leave 127 bits, `value` is nil and the caller adds `ExactDecimal`s
/// instead (issue 27: Modified Dietz over a report's 100,000 flows, where each `+` and `*`
/// went through the general operators).
struct ExactSum {
    private var units: Int128 = 0
    /// The scale of the sum so far.
    private(set) var scale = 0
    /// False once a step did not fit: `value` is then nil.
    private(set) var isExact = true

    init() {}

    /// The sum, with the scale the `ExactDecimal` additions would give; nil unless exact.
    var value: ExactDecimal? {
        isExact ? ExactDecimal(units: units.magnitude, scale: scale, negative: units < 0) : nil
    }

    /// Adds `term`.
    @inline(__always)
    mutating func add(_ term: ExactDecimal) { add(term, times: 1) }

    /// Adds `count` × `term` (`ExactDecimal(count) * term`, whose scale is the term's).
    @inline(__always)
    mutating func add(_ term: ExactDecimal, times count: Int) {
        guard isExact, !term.isOutOfRange, term.units <= UInt128(Int128.max) else { isExact = false; return }
        let signed = term.isNegative ? -Int128(term.units) : Int128(term.units)
        var (product, overflow) = signed.multipliedReportingOverflow(by: Int128(count))
        let places = Int(term.scale)
        if places > scale {
            let (raised, o) = units.multipliedReportingOverflow(by: Int128(Pow10.of(places - scale)))
            units = raised
            overflow = overflow || o
            scale = places
        } else if places < scale {
            let (aligned, o) = product.multipliedReportingOverflow(by: Int128(Pow10.of(scale - places)))
            product = aligned
            overflow = overflow || o
        }
        let (sum, o) = units.addingReportingOverflow(product)
        guard !overflow, !o else { isExact = false; return }
        units = sum
    }
}
