/// A compact byte form of a decimal, for long lists kept in memory (a report's rows, the
/// realized gains of a whole store): the scale as stored (the out-of-range state's included),
/// then the units in 7-bit groups (LEB128), the sign kept by the caller. 100.25 takes 3 bytes
/// where the value takes 24; unpacking gives back the same units, scale and sign.
/// Unlike `PackedDecimal` (stored blobs: validated on read, the out-of-range state refused),
/// this is for bytes that never leave the process: the out-of-range state is kept, so that it
/// still raises its error where the value is used (a report cell, a Lua value), as before.
extension ExactDecimal {
    /// Appends the scale and the units (not the sign: see `unpacked`).
    public func pack(into bytes: inout [UInt8]) {
        bytes.append(scale)
        Self.packVarint(units, into: &bytes)
    }

    /// The value `pack` wrote at `offset` (moved past it), with the sign given.
    public static func unpacked(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int, negative: Bool) -> ExactDecimal {
        let scale = bytes[offset]
        offset += 1
        var n = ExactDecimal(units: unpackVarint(bytes, at: &offset), scale: 0, negative: negative)
        n.scale = scale
        return n
    }

    public static func packVarint(_ value: UInt128, into bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    public static func unpackVarint(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> UInt128 {
        var value: UInt128 = 0, shift: UInt128 = 0
        while true {
            let b = bytes[offset]
            offset += 1
            value |= UInt128(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }
}
