/// Trailing zeros after the point, removed without dividing.
extension ExactDecimal {
    /// The same value without trailing fractional zeros (100.000…0 → 100), as `normalized`
    /// (a test compares them). Arithmetic depends only on values, never on their trailing
    /// zeros, so every figure computed from the trimmed value is the same; only faster, since
    /// 100 with 34 places needs 128-bit and wider arithmetic where 100 needs none.
    ///
    /// How (issue 27: two of every transaction's amounts in a performance ledger, where
    /// dividing by powers of ten took 140 instructions a value): k trailing decimal zeros need
    /// k trailing zero bits and a factor 5^k. The bits bound k at once (an odd value has
    /// none: one test); whether 5^k divides the units is one wrapping multiplication by the
    /// inverse of 5^k modulo 2^128 and a comparison (the exact-division test for an odd
    /// divisor), and that product shifted right by k is then the units ÷ 10^k. The largest
    /// such k is found by trying powers of two from the bound's highest one down.
    var trimmed: ExactDecimal {
        if scale == 0 || isOutOfRange { return self }
        let units = self.units
        if units == 0 { return .zero }
        let bound = min(units.trailingZeroBitCount, Int(scale))
        if bound == 0 { return self }
        var k = 0, step = 1 << (Int.bitWidth - 1 - bound.leadingZeroBitCount)  // the largest power of two up to the bound
        while step > 0 {
            if k + step <= bound, PowersOfFive.divides(units, k + step) { k += step }
            step >>= 1
        }
        if k == 0 { return self }
        return ExactDecimal(units: (units &* PowersOfFive.inverse(k)) >> UInt128(k), scale: Int(scale) - k, negative: isNegative)
    }
}

/// 5^k's inverse modulo 2^128 and ⌊(2^128 − 1) ÷ 5^k⌋ for k in 0...38: x is a multiple of
/// 5^k exactly when x × inverse (wrapping) is at most that limit, and the product is then
/// x ÷ 5^k. Literal halves, as `Pow10`'s, so the compiler lays them out in the binary.
enum PowersOfFive {
    @inline(__always) static func inverse(_ k: Int) -> UInt128 { UInt128(inverseHighs[k]) << 64 | UInt128(inverseLows[k]) }
    @inline(__always) static func limit(_ k: Int) -> UInt128 { UInt128(limitHighs[k]) << 64 | UInt128(limitLows[k]) }
    @inline(__always) static func divides(_ x: UInt128, _ k: Int) -> Bool { x &* inverse(k) <= limit(k) }

    static let inverseLows: [UInt64] = [
        0x0000000000000001, 0xCCCCCCCCCCCCCCCD, 0x8F5C28F5C28F5C29,
        0x1CAC083126E978D5, 0xD288CE703AFB7E91, 0x5D4E8FB00BCBE61D,
        0x790FB65668C26139, 0xE5032477AE8D46A5, 0xC767074B22E90E21,
        0x8E47CE423A2E9C6D, 0x4FA7F60D3ED61F49, 0x0FEE64690C913975,
        0x3662E0E1CF503EB1, 0xA47A2CF9F6433FBD, 0x54186F653140A659,
        0x7738164770402145, 0xE4A4D1417CD9A041, 0xC75429D9E5C5200D,
        0xC1773B91FAC10669, 0x26B172506559CE15, 0xD489E3A9ADDEC2D1,
        0x90E860BB892C8D5D, 0x502E79BF1B6F4F79, 0xDCD618596BE30FE5,
        0x2C2AD1AB7BFA3661, 0x08D55D224BFED7AD, 0x01C445D3A8CC9189,
        0xCD27412A54F5B6B5, 0x8F6E403BAA978AF1, 0xE97C733F221E4EFD,
        0x2EB27D7306D2DC99, 0x6FBD4C4A34909285, 0x16590F420A835081,
        0x9E11CFDA021A434D, 0xB936C32B9A0540A9, 0x583E2708B8677355,
        0x44D93B01BE7B1711, 0x742B72338C7F049D, 0xB0D57D3D827FCDB9,
    ]
    static let inverseHighs: [UInt64] = [
        0x0000000000000000, 0xCCCCCCCCCCCCCCCC, 0x28F5C28F5C28F5C2,
        0x6E978D4FDF3B645A, 0x495182A9930BE0DE, 0xDB76B3BB83CF2CF9,
        0xC57E23F24D8FD5CB, 0xC1193A63A91CC45B, 0xF36B7213EE9F5A78,
        0x97157D372FB9787E, 0x516AB2A4A3251819, 0x76AEF08753D43805,
        0xB156301B10C40B34, 0x2377A3389CF4023D, 0x0717ED71B8FD9A0C,
        0xCE37FC49F1CC5202, 0xF60B3275305C1066, 0x6468A3B109AC0347,
        0xE0E1BA569B88CD74, 0x93605877B8B4F5E4, 0x83E011B18B576460,
        0x4D9336BD1BDE4746, 0xDC50A48C38C60E41, 0x9276874F3E8E02D9,
        0xEA17B4A972E933C5, 0xFB9E575516FB70C1, 0x658611776AFF168D,
        0xE11AD04B156637B5, 0xF9D229A89DE13E57, 0x31F6D521B92D0C77,
        0xA397C439F1D5CF4B, 0xED84C0D863912975, 0x62B42691AD836EB1,
        0x46F0D483891A4956, 0xA7C9C41A4E9EDB77, 0x87F52738761FC57E,
        0xE7FDD4A4E46CC119, 0xC7FF90EDC748F36B, 0x8E66502F8E41CA48,
    ]
    static let limitLows: [UInt64] = [
        0xFFFFFFFFFFFFFFFF, 0x3333333333333333, 0xA3D70A3D70A3D70A,
        0xED916872B020C49B, 0x95E9E1B089A02752, 0x8461F9F01B866E43,
        0x4DAD31FCD24E160D, 0x42BC3D3290760469, 0x73BF3F70834ACDAE,
        0x4A59731680A88F89, 0xDBAB7D6AE6881CB5, 0x92557F7BC7B4D28A,
        0xEA11197F27F0F6E8, 0x2ED0384CA19697C8, 0x095CD80F538484C1,
        0xCEAC2B3643E74DC0, 0xF6226F0ADA6175F3, 0x646D496892137DFD,
        0x47490EAE839D7F99, 0xA7DB69561A52B31E, 0x219248446BAA23D2,
        0xA05074DA7BEED3F6, 0x2010175EE5962A64, 0x6CD004AC94513BAD,
        0x7C299A88EA76A589, 0xE5A1EBB4FBB1544E, 0x612062576589DDA9,
        0x79D346DE4781F921, 0x7EC3DAF941806506, 0x195A5EFEA6B34767,
        0x051212FFBAF0A7E1, 0x01039D66589687F9, 0x0033EC47AB514E65,
        0x000A6274BBDD0FAD, 0x000213B0F25F6989, 0x00006A5696DFE1E8,
        0x0000154484932D2E, 0x00000440E750A2A2, 0x000000D9C7DCED53,
    ]
    static let limitHighs: [UInt64] = [
        0xFFFFFFFFFFFFFFFF, 0x3333333333333333, 0x0A3D70A3D70A3D70,
        0x020C49BA5E353F7C, 0x0068DB8BAC710CB2, 0x0014F8B588E368F0,
        0x000431BDE82D7B63, 0x0000D6BF94D5E57A, 0x00002AF31DC46118,
        0x0000089705F4136B, 0x000001B7CDFD9D7B, 0x00000057F5FF85E5,
        0x000000119799812D, 0x0000000384B84D09, 0x00000000B424DC35,
        0x0000000024075F3D, 0x000000000734ACA5, 0x000000000170EF54,
        0x000000000049C977, 0x00000000000EC1E4, 0x000000000002F394,
        0x000000000000971D, 0x0000000000001E39, 0x000000000000060B,
        0x0000000000000135, 0x000000000000003D, 0x000000000000000C,
        0x0000000000000002, 0x0000000000000000, 0x0000000000000000,
        0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
        0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
        0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    ]
}
