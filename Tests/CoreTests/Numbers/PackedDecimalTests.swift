import Testing
@testable import Core

/// Packed decimals (`PackedDecimal`): a value reads back as exactly the one written — the
/// same units, scale and sign, so every figure computed from it prints the same digits — and
/// bytes that are not a value are refused, never read as another number.
@Suite("Packed decimals")
struct PackedDecimalTests {
    func x(_ s: String) -> ExactDecimal { try! ExactDecimal.parse(s) }

    func packed(_ value: ExactDecimal) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try PackedDecimal.append(value, to: &bytes)
        return bytes
    }

    func read(_ bytes: [UInt8]) -> (value: ExactDecimal, end: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            return PackedDecimal.read(buffer, at: &i).map { ($0, i) }
        }
    }

    @Test("the layout: a sign-and-scale byte, then the units seven bits a byte, lowest first")
    func layout() throws {
        #expect(try packed(x("12.5")) == [0x01, 0x7D])
        #expect(try packed(x("1234.56")) == [0x02, 0xC0, 0xC4, 0x07])
        #expect(try packed(x("-0.001")) == [0x83, 0x01])
        #expect(try packed(0) == [0x00, 0x00])
        #expect(try packed(x("127")) == [0x00, 0x7F])
        #expect(try packed(x("128")) == [0x00, 0x80, 0x01])
        #expect(try packed(ExactDecimal(units: .max, scale: 38, negative: true)).count == 20)
    }

    @Test("every value reads back with its units, scale and sign: small, 64-bit edges, 128-bit, every scale")
    func roundTrip() throws {
        var values: [ExactDecimal] = ["0", "1", "-1", "49.55", "0.000000000000000000000000000000000001",
                                      "123456789012345678901234567890.12345678", "-42.000001"].map(x)
        for bits in [6, 7, 8, 13, 14, 56, 62, 63, 64, 70, 120, 121, 126, 127, 128] {
            let top: UInt128 = bits == 128 ? .max : (1 << UInt128(bits)) - 1
            for units in [top, top / 2 + 1, top - 1] {
                for scale in [0, 2, 17, 38] { values.append(ExactDecimal(units: units, scale: scale, negative: scale % 4 == 2)) }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let units = UInt128(generator.next() as UInt64) << UInt128(Int.random(in: 0...64, using: &generator)) | UInt128(generator.next() as UInt64)
            values.append(ExactDecimal(units: units, scale: Int.random(in: 0...38, using: &generator), negative: Bool.random(using: &generator)))
        }
        var all: [UInt8] = []
        for value in values { try PackedDecimal.append(value, to: &all) }
        try all.withUnsafeBufferPointer { buffer in
            var i = 0
            for value in values {
                let back = try #require(PackedDecimal.read(buffer, at: &i))
                #expect(back.units == value.units && back.scale == value.scale && back.isNegative == value.isNegative, "\(value)")
                #expect(back.plainText == value.plainText)
            }
            #expect(i == buffer.count)
        }
    }

    @Test("bytes that are not a value are refused: cut short, a scale above 38, more than 128 bits, a needless last byte")
    func refused() throws {
        #expect(read([]) == nil)
        #expect(read([0x01]) == nil)
        #expect(read([0x01, 0x80]) == nil)
        #expect(read([0x27, 0x01]) == nil)  // scale 39
        #expect(read([0x00, 0x80, 0x00]) == nil)  // 0 written in two bytes
        let max = try packed(ExactDecimal(units: .max, scale: 0, negative: false))
        #expect(read(max)?.value.units == .max)
        var over = max
        over[over.count - 1] = 0x04  // bit 128
        #expect(read(over) == nil)
        #expect(read(Array(max.dropLast()) + [0x83, 0x01]) == nil)
    }

    @Test("a value out of range is an error, as when it is stored as text")
    func outOfRange() {
        #expect(throws: DecimalRangeError.self) { try packed(ExactDecimal.outOfRange(DecimalRangeError(.overflow, "test"))) }
    }
}
