import Foundation
import LuaBridge
import LuaDecimals

// The cost of crossing from Lua into the host: a trivial Swift binding (through the C
// trampoline that raises errors for Swift) next to a trivial C function of Lua's own
// library, and a decimal addition for scale. It prints figures; it asserts nothing.

let iterations = 5_000_000

/// Runs `body` in a loop of `iterations` and returns the CPU time per iteration.
func nanosecondsPerCall(_ lua: LuaState, _ body: String) throws -> Double {
    let base = lua.top
    try lua.execute("local t0 = os.clock() for i = 1, \(iterations) do \(body) end return os.clock() - t0", name: "=bench", results: 1)
    let seconds = Double(lua.describe(at: -1)) ?? .nan
    lua.setTop(base)
    return seconds * 1e9 / Double(iterations)
}

let lua = try LuaState()
lua.installDecimals()
lua.pushFunction { _ in 0 }
lua.setGlobal("swift_noop")
lua.pushFunction { call in
    call.pushInteger((call.integer(at: 1) ?? 0) + 1)
    return 1
}
lua.setGlobal("swift_inc")
lua.pushFunction { call in
    call.pushDecimal(try call.decimal(at: 1) ?? 0)
    return 1
}
lua.setGlobal("D")
try lua.execute("a, b = D'12.34', D'0.01'", name: "=setup")

print("Lua → host call costs (\(iterations) calls each, ns per call)")
let rows: [(String, String)] = [
    ("empty loop iteration", ""),
    ("Lua → C: rawequal(i, i)", "rawequal(i, i)"),
    ("Lua → Swift binding: swift_noop()", "swift_noop()"),
    ("Lua → C: math.abs(i)", "math.abs(i)"),
    ("Lua → Swift binding: swift_inc(i)", "swift_inc(i)"),
    ("decimal a + b (for scale)", "local c = a + b"),
]
for (label, body) in rows {
    let cost = try nanosecondsPerCall(lua, body)
    print(label.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%8.1f", cost))
}
