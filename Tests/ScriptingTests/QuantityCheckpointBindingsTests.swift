import Foundation
import GRDB
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Changes made by a script remove the quantity checkpoints they make stale, like any
/// other door, and the end of the run extends them again: the timeline after them equals one
/// computed without checkpoints.
@Suite("Quantity checkpoints through Lua")
struct QuantityCheckpointBindingsTests {
    @Test("a buy, an edit and a delete from Lua remove the rows from their month on; the timeline stays exact")
    func lua() throws {
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { _ in }
            func months() throws -> [String] { try String.fetchAll(s.db, sql: "SELECT month FROM quantity_checkpoint ORDER BY month") }
            /// Runs Lua as `assetflow run` does, in a write transaction: only there does a
            /// timeline write the checkpoints it rebuilt (a read never writes). Returns the
            /// months the run left before its end extended them.
            @discardableResult
            func run(_ code: String) throws -> [String] {
                try s.begin()
                try env.lua.execute(code, name: "=test")
                let left = try months()
                try s.commit()
                return left
            }
            /// The monthly timeline, then the same with the checkpoints removed first.
            func timelines() throws -> ([ExactDecimal], [ExactDecimal]) {
                let dates = try StoreSession.timelineDates(from: CalendarDate("2024-01-02")!, to: CalendarDate("2024-06-01")!, monthly: true)
                let read = try s.timeline(of: s.assets(), dates: dates).map(\.value)
                try s.db.execute(sql: "DELETE FROM quantity_checkpoint")
                return (read, try s.timeline(of: s.assets(), dates: dates).map(\.value))
            }
            try run("""
                a = af.create_asset{ name = "A", type = "stock", quantity = 10, cost_basis = 100, date = "2024-01-02" }
                a:buy{ quantity = 5, price = 11, date = "2024-02-10" }
                a:sell{ quantity = 3, price = 12, date = "2024-04-10" }
                for _, day in ipairs{ "2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01" } do
                    a:record_price{ price = 10, date = day }
                end
                assert(#af.timeline{ from = "2024-01-02", every = "month" } == 6)
                """)
            #expect(try months() == ["2024-01", "2024-02", "2024-04", "complete"])

            #expect(try run(#"a:buy{ quantity = 1, price = 11, date = "2024-03-15" }"#) == ["2024-01", "2024-02"])
            #expect(try months() == ["2024-01", "2024-02", "2024-03", "2024-04", "complete"])
            var (read, replayed) = try timelines()
            #expect(read == replayed && read.last == 130)

            #expect(try run(#"af.timeline{ from = "2024-01-02", every = "month" } a:transactions()[2]:edit{ quantity = 6 }"#) == ["2024-01"])
            #expect(try months().last == "complete")
            (read, replayed) = try timelines()
            #expect(read == replayed && read.last == 140)

            #expect(try run(#"af.timeline{ from = "2024-01-02", every = "month" } a:transactions()[1]:delete()"#) == [])
            #expect(try months().last == "complete")
            (read, replayed) = try timelines()
            #expect(read == replayed && read.last == 40)
        }
    }
}
