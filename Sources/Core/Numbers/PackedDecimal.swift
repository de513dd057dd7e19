/// Exact decimals packed as bytes, for derived series stored as blobs (the monthly price
/// series of `price_month`; any other per-month packing may use it): no text to parse on
/// read, no allocation, and a value reads back as exactly the one written (same units, same
/// scale, so a product or a sum over it prints the same digits).
///
/// One value: a header byte, the sign in its top bit and the scale (0...38) in the others,
/// then the units (|value| × 10^scale) as an unsigned LEB128 integer, seven bits a byte,
/// lowest first, the top bit of every byte but the last set. 12.5 is [0x01, 0x7D]; 1234.56
/// is [0x02, 0xC0, 0xC4, 0x07]; a 128-bit units value takes at most 19 bytes.
public enum PackedDecimal {
    /// Appends `value`; one out of range is an error, as when it is stored as text.
    public static func append(_ value: ExactDecimal, to bytes: inout [UInt8]) throws {
        try value.checkInRange()
        bytes.append((value.isNegative ? 0x80 : 0) | value.scale)
        var low = UInt64(truncatingIfNeeded: value.units), high = UInt64(truncatingIfNeeded: value.units >> 64)
        while high != 0 || low >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: low) | 0x80)
            low = low >> 7 | high << 57
            high >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: low))
    }

    /// The value at `index`, which moves past it; nil when the bytes there are not one
    /// (cut short, a scale above 38, units beyond 128 bits, or a needless trailing byte).
    @inline(__always)
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> ExactDecimal? {
        guard index < bytes.count else { return nil }
        let header = bytes[index]
        let scale = Int(header & 0x7F)
        guard scale <= ExactDecimal.maxScale else { return nil }
        var i = index + 1
        // Up to nine bytes (63 bits) in one 64-bit register: every price and quantity.
        var low: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard i < bytes.count else { return nil }
            let byte = bytes[i]
            i += 1
            low |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                guard byte != 0 || shift == 0 else { return nil }
                index = i
                return ExactDecimal(units: UInt128(low), scale: scale, negative: header >= 0x80)
            }
            shift += 7
            if shift == 63 { break }
        }
        return readWide(bytes, header: header, low: low, at: &index, from: i)
    }

    /// The rest of a value whose units take more than 63 bits.
    private static func readWide(_ bytes: UnsafeBufferPointer<UInt8>, header: UInt8, low: UInt64, at index: inout Int, from start: Int) -> ExactDecimal? {
        var units = UInt128(low), shift = 63, i = start
        while true {
            guard i < bytes.count else { return nil }
            let byte = bytes[i]
            i += 1
            let part = UInt128(byte & 0x7F)
            guard shift < 128, part >> (128 - shift) == 0 || shift <= 121 else { return nil }
            units |= part << shift
            if byte < 0x80 {
                guard byte != 0 else { return nil }
                index = i
                return ExactDecimal(units: units, scale: Int(header & 0x7F), negative: header >= 0x80)
            }
            shift += 7
        }
    }
}
