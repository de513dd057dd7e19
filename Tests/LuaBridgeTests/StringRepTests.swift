import CLua
import CLuaShim
import Testing
@testable import LuaBridge

/// `string.rep` runs on the shim's copying loop for big results (limits.c): its output must
/// be Lua's, byte for byte, at every size, including where the 16 MiB copy step is not a
/// whole number of pieces (issue 23: `string.rep("abc", 2^24):sub(-3)` came back `cab`).
@Suite("string.rep at every size")
struct StringRepTests {
    /// Whether the string at the top of the stack is `piece` repeated `n` times with `sep`
    /// between: checked byte by byte against the definition, the reference.
    static func matches(_ L: OpaquePointer, piece: [UInt8], n: Int, sep: [UInt8]) -> Bool {
        var length = 0
        guard let pointer = clua_tolstring(L, -1, &length) else { return false }
        let unit = piece + sep
        guard length == n * unit.count - sep.count else { return false }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        for i in 0..<length where bytes[i] != unit[i % unit.count] { return false }
        return true
    }

    func repeated(_ piece: String, _ n: Int, _ sep: String) throws -> Bool {
        let lua = try LuaState()
        let call = LuaCall(lua.L)
        _ = try lua.execute("return string.rep(...)", name: "=t", results: 1) {
            call.pushString(piece)
            call.pushInteger(Int64(n))
            call.pushString(sep)
            return 3
        }
        defer { lua.setTop(0) }
        return Self.matches(lua.L, piece: Array(piece.utf8), n: n, sep: Array(sep.utf8))
    }

    @Test("the probe's case: string.rep('abc', 2^24):sub(-3) is 'abc'")
    func probe() throws {
        let lua = try LuaState()
        _ = try lua.execute("return string.rep('abc', 2^24):sub(-3)", name: "=t", results: 1)
        #expect(LuaCall(lua.L).string(at: -1) == "abc")
    }

    @Test("seeded sizes around 16 and 32 MiB, pieces of 1 to 7 bytes, with and without a separator")
    func aroundTheSteps() throws {
        var random = UInt64(0x5EED_23)
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        for target in [16 << 20, 32 << 20, (16 << 20) + 5, (32 << 20) - 3] {
            for _ in 0..<3 {
                let piece = String((0..<(1 + next(7))).map { _ in Character(UnicodeScalar(UInt8(97 + next(26)))) })
                let sep = next(2) == 0 ? "" : String(repeating: "-", count: 1 + next(3))
                let n = target / (piece.utf8.count + sep.utf8.count) + next(5) - 2
                #expect(try repeated(piece, n, sep), "string.rep('\(piece)', \(n), '\(sep)')")
            }
        }
    }
}
