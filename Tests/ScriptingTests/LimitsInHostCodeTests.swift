import Foundation
import GRDB
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// Limits where Lua's hook cannot see: inside a Swift binding, inside a SQLite query.
@Suite("Limits inside host code")
struct LimitsInHostCodeTests {
    @Test("a Swift binding allocating past --max-memory is not cut off mid-way: its defer runs, the error comes after it returns")
    func memoryInsideABinding() throws {
        let lua = try LuaState()
        var deferRan = false
        lua.pushFunction { call in
            defer { deferRan = true }
            call.pushString(String(repeating: "x", count: 16 * 1024 * 1024))  // 16 MiB under an 8 MiB cap
            return 1
        }
        lua.setGlobal("big")
        lua.setLimits(timeoutSeconds: 0, memoryBytes: 8 * 1024 * 1024)
        do {
            try lua.execute("local s = big() return #s", name: "=grace")
            Issue.record("the cap should have stopped the script")
        } catch let error as LuaError {
            #expect(error.description.contains("memory limit exceeded"))
        }
        #expect(deferRan)
        lua.setLimits(timeoutSeconds: 0, memoryBytes: 0)
        #expect(try lua.execute("return 1", name: "=after", results: 1) == 1)
    }

    @Test("a long SQLite query inside a binding is interrupted at the timeout (the hook never fires in C)")
    func longQueryHonoursTimeout() throws {
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { session in
            let env = try ScriptEnvironment(session: session)
            env.lua.pushFunction { call in
                // Counts to a billion inside SQLite: minutes without the progress handler.
                let n = try Int.fetchOne(session.db, sql: """
                    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) FROM c
                    """)
                call.pushInteger(Int64(n ?? 0))
                return 1
            }
            env.lua.setGlobal("slow_query")
            env.lua.setLimits(timeoutSeconds: 0.3, memoryBytes: 0)
            let start = Date()
            do {
                try env.lua.execute("return slow_query()", name: "=slow")
                Issue.record("the query should have been interrupted")
            } catch let error as LuaError {
                #expect(error.description.contains("timeout"), "\(error)")
            }
            #expect(Date().timeIntervalSince(start) < 2)
        }
    }
}
