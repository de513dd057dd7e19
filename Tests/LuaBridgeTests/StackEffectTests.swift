import Foundation
import Testing
@testable import LuaBridge

/// Every wrapper states its stack effect in the Lua manual's `[-o, +p, x]` form, and does
/// what it states: these tests measure the stack height around each one.
@Suite("Stack effects")
struct StackEffectTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LuaBridge")

    @Test("every public method and property of LuaCall, LuaState and LuaReference has a [-o, +p, x] tag in its doc comment",
          arguments: ["LuaCall.swift", "LuaState.swift", "LuaReference.swift"])
    func tagged(file: String) throws {
        let lines = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
        let untaggedAllowed = ["interruptCheck", "memoryInUse", "init("]
        for (i, line) in lines.enumerated() where line.contains("public func ") || line.contains("public var ") {
            if untaggedAllowed.contains(where: line.contains) { continue }
            var j = i - 1
            var doc: [String] = []
            while j >= 0, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("///") || lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") {
                doc.append(lines[j])
                j -= 1
            }
            let tag = doc.joined().range(of: #"\[-[^,\]]+, \+[^,\]]+, [-mx]\]"#, options: .regularExpression)
            #expect(tag != nil, "\(file):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
    }

    /// Runs `body` on a state with three values already on the stack and returns how the
    /// height changed.
    func delta(_ body: (LuaState, LuaCall) throws -> Void) throws -> Int32 {
        let lua = try LuaState()
        let call = LuaCall(lua.L)
        call.pushInteger(1)
        call.newTable()
        call.pushString("x")
        let before = lua.top
        try body(lua, call)
        return lua.top - before
    }

    @Test("reading wrappers leave the stack as it was [-0, +0, -]")
    func readers() throws {
        #expect(try delta { _, c in _ = c.type(at: 1); _ = c.isNil(at: 2); _ = c.typeName(at: 3); _ = c.string(at: 3) } == 0)
        #expect(try delta { _, c in _ = c.integer(at: 1); _ = c.boolean(at: 1); _ = c.number(at: 1); _ = c.rawLength(at: 2) } == 0)
        #expect(try delta { _, c in _ = c.field("k", of: 2) { c.string(at: $0) }; _ = c.absoluteIndex(-1); _ = c.argumentCount } == 0)
        #expect(try delta { _, c in c.forEachStringKey(of: 2) { _ in } } == 0)
        #expect(try delta { l, _ in _ = l.describe(at: 2); _ = l.className(at: 1); _ = l.objectID(at: 2, className: "none") } == 0)
        #expect(try delta { l, _ in _ = l.methodNames(ofClass: "none"); l.setLimits(timeoutSeconds: 0, memoryBytes: 0) } == 0)
    }

    @Test("pushing wrappers push one value [-0, +1, ?]")
    func pushers() throws {
        for push in [{ (c: LuaCall) in c.pushNil() }, { $0.pushBoolean(true) }, { $0.pushInteger(2) }, { $0.pushNumber(2.5) },
                     { $0.pushString("s") }, { $0.pushOptionalString(nil) }, { $0.newTable() }, { $0.pushValue(at: 1) },
                     { $0.pushElement(1, of: 2) }, { _ = $0.rawField("k", of: 2) }, { $0.pushFunction { _ in 0 } }] as [(LuaCall) -> Void] {
            #expect(try delta { _, c in push(c) } == 1)
        }
        #expect(try delta { l, _ in _ = l.pushGlobal("print"); l.pushFunction { _ in 0 } } == 2)
    }

    @Test("popping and storing wrappers [-1, +0, m], [-2, +0, m], [-n, +0, -], [-1, +1, -]")
    func poppers() throws {
        #expect(try delta { _, c in c.pushInteger(5); c.setField("k", of: 2) } == 0)
        #expect(try delta { _, c in c.pushInteger(5); c.setElement(1, of: 2) } == 0)
        #expect(try delta { _, c in c.pushString("k"); c.pushInteger(5); c.rawSet(of: 2) } == 0)
        #expect(try delta { _, c in c.pushString("k"); c.rawGet(of: 2) } == 1)
        #expect(try delta { _, c in c.pop(2) } == -2)
        #expect(try delta { _, c in c.remove(at: 1) } == -1)
        #expect(try delta { _, c in c.pushInteger(9); c.insert(at: 1) } == 1)
        #expect(try delta { l, c in c.pushInteger(5); l.setGlobal("g") } == 0)
        #expect(try delta { _, c in c.setTop(1) } == -2)
    }

    @Test("references: make pops one, push pushes one, release none")
    func references() throws {
        #expect(try delta { l, c in
            c.newTable()
            let r = l.makeReference()
            l.push(r)
            l.release(r)
        } == 1)
    }

    @Test("classes: pushObject and pushValue push one; pushMethod pushes one when found and nothing when missing")
    func classes() throws {
        #expect(try delta { l, _ in
            l.defineClass("Thing", metamethods: ["__index": { _ in 0 }], methods: ["hello": { _ in 0 }])
            l.addMethods(["bye": { _ in 0 }], toClass: "Thing")
        } == 0)
        let lua = try LuaState()
        lua.defineClass("Thing", metamethods: ["__index": { _ in 0 }], methods: ["hello": { _ in 0 }])
        lua.pushObject(7, className: "Thing")
        #expect(lua.top == 1)
        #expect(lua.objectID(at: 1, className: "Thing") == 7)
        #expect(lua.pushMethod("hello", of: 1))
        #expect(lua.top == 2)
        #expect(!lua.pushMethod("missing", of: 1))
        #expect(lua.top == 2, "a missing method leaves nothing behind")
        LuaCall(lua.L).pushInteger(3)
        #expect(!lua.pushMethod("hello", of: -1), "a value without a metatable")
        #expect(lua.top == 3)
        lua.pushValue(Int64(42), ofClass: "Thing")
        #expect(lua.top == 4)
        #expect(lua.value(at: 4, ofClass: "Thing", as: Int64.self) == 42)
        #expect(lua.top == 4)
    }

    @Test("load pushes the chunk, call replaces function and arguments by the results, execute leaves its results")
    func running() throws {
        #expect(try delta { l, _ in try l.load("return 1", name: "=t") } == 1)
        #expect(try delta { l, _ in try? l.load("return +", name: "=t") } == 0)
        #expect(try delta { l, c in try l.load("return ...", name: "=t"); c.pushInteger(1); c.pushInteger(2); try l.call(arguments: 2, results: 1) } == 1)
        #expect(try delta { l, _ in try l.load("error('x')", name: "=t"); try? l.call(arguments: 0, results: 1) } == 0)
        #expect(try delta { l, _ in try l.execute("return 1, 2", name: "=t", results: 2) } == 2)
        #expect(try delta { l, c in
            try l.load("return function(a) return a * 2 end", name: "=t")
            try l.call(arguments: 0, results: 1)
            try c.callFunction(at: -1, results: 1) { c.pushInteger(21); return 1 }
        } == 2)
        #expect(try delta { l, c in
            try l.load("return function() error('no') end", name: "=t")
            try l.call(arguments: 0, results: 1)
            #expect(throws: LuaRaisedValue.self) { try c.callFunction(at: -1, results: 1) { 0 } }
        } == 1)
    }
}
