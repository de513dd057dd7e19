import Testing
@testable import LuaBridge

/// Proves the bridge's safety: errors from Swift never unwind Swift frames, nested errors
/// survive, limits stop runaway code.
@Suite("LuaState")
struct LuaStateTests {
    final class Tracker {
        nonisolated(unsafe) static var deinits = 0
        deinit { Tracker.deinits += 1 }
    }

    @Test("a Swift function that throws: its defer runs and Lua's pcall sees the message")
    func deferRuns() throws {
        let lua = try LuaState()
        var deferRan = 0
        lua.pushFunction { call in
            let tracker = Tracker()
            defer { deferRan += 1; _ = tracker }
            throw LuaArgumentError("boom from Swift (arg=\(call.integer(at: 1) ?? 0))")
        }
        lua.setGlobal("boom")
        let before = Tracker.deinits
        try lua.execute("ok, msg = pcall(boom, 7); assert(not ok); assert(msg:find('boom from Swift %(arg=7%)'), msg)", name: "=t")
        #expect(deferRan == 1)
        #expect(Tracker.deinits == before + 1)
    }

    @Test("an error three calls deep across Lua → Swift → Lua leaves the host alive")
    func nestedError() throws {
        let lua = try LuaState()
        // callback(f) calls the Lua function f from Swift
        lua.pushFunction { call in
            try call.callFunction(at: 1, results: 0) { 0 }
            return 0
        }
        lua.setGlobal("callback")
        try lua.execute("""
            local function deepest() error({code = 42}) end
            local ok, e = pcall(callback, function() deepest() end)
            assert(not ok and type(e) == 'table' and e.code == 42, 'error object must pass through untouched')
            ok, e = pcall(callback, function() error('three deep') end)
            assert(not ok and e:find('three deep'))
            """, name: "=nested")
        // and an uncaught one comes back as a Swift error with a traceback
        #expect(throws: LuaError.self) { try lua.execute("callback(function() error('uncaught') end)", name: "=u") }
        do { try lua.execute("callback(function() error('uncaught') end)", name: "=u") } catch let error as LuaError {
            #expect(error.description.contains("uncaught"))
            #expect(error.description.contains("stack traceback"))
        }
        #expect(try lua.execute("return 1 + 1", name: "=alive", results: 1) == 1)
    }

    @Test("syntax errors name the chunk and line")
    func syntax() throws {
        let lua = try LuaState()
        #expect(throws: LuaError.syntax("script.lua:2: unexpected symbol near <eof>")) { try lua.execute("x = 1\n+", name: "@script.lua") }
    }

    @Test("a timeout stops an endless loop, and the script's own pcall cannot swallow it")
    func timeout() throws {
        let lua = try LuaState()
        lua.setLimits(timeoutSeconds: 0.2, memoryBytes: 0)
        do {
            try lua.execute("while true do pcall(function() while true do end end) end", name: "=loop")
            Issue.record("the loop should have been stopped")
        } catch let error as LuaError {
            guard case .aborted(let message) = error else { Issue.record("expected an abort, got \(error)"); return }
            #expect(message.contains("timeout"))
        }
        // The state is usable again afterwards.
        lua.setLimits(timeoutSeconds: 0, memoryBytes: 0)
        #expect(try lua.execute("return 2", name: "=after", results: 1) == 1)
    }

    @Test("a memory cap stops a memory bomb with a clear error")
    func memory() throws {
        let lua = try LuaState()
        lua.setLimits(timeoutSeconds: 0, memoryBytes: 8 * 1024 * 1024)
        do {
            try lua.execute("local t = {} for i = 1, 1e8 do t[i] = string.rep('x', 1000) .. i end", name: "=bomb")
            Issue.record("the bomb should have been stopped")
        } catch let error as LuaError {
            #expect(error.description.contains("memory"))
        }
    }

    @Test("the sandbox has no io, no os.execute, no dofile, no string.dump; load is text-only")
    func sandbox() throws {
        let lua = try LuaState()
        try lua.execute("""
            assert(not pcall(io.open, "x") and not pcall(os.execute) and not pcall(os.getenv, "HOME") and not pcall(os.remove, "x"))
            assert(dofile == nil and loadfile == nil and string.dump == nil and package == nil)
            assert(getmetatable('') == 'locked')
            assert(load('return 1')() == 1)
            """, name: "=sandbox")
        let trusted = try LuaState(trusted: true)
        try trusted.execute("assert(io ~= nil and os.execute ~= nil)", name: "=trusted")
    }
}
