import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// `af.each_realized_gain{…}` and `r:table(function)` (issue 27: the gains report of a long
/// history without a Lua list or a Swift list of its rows).
@Suite("Realized gains as a stream")
struct RealizedGainStreamTests {
    /// Three assets sold on the same days (the order: sale day, then asset name), one moved
    /// into another by a linked transfer (one group of lots), in two currencies.
    static let history = """
        af.set_main_currency("EUR")
        af.set_rate{ base = "USD", quote = "EUR", date = "2023-01-02", rate = "0.9" }
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-03-01", rate = "0.85" }
        local z = af.create_asset{ name = "Zeta", type = "stock", currency = "USD" }
        local a = af.create_asset{ name = "Alpha", type = "stock", currency = "EUR" }
        local m = af.create_asset{ name = "Mid", type = "mutual_fund", currency = "USD" }
        for i, x in ipairs({ z, a, m }) do
          x:buy{ quantity = 10, price = 10 * i, fees = 1, date = "2023-01-02" }
          x:buy{ quantity = 5, price = 11 * i, date = "2023-02-01" }
        end
        z:move{ to = m, quantity = 4, date = "2023-06-01" }
        for _, day in ipairs({ "2024-03-01", "2024-03-04" }) do
          for _, x in ipairs({ z, m, a }) do x:sell{ quantity = 3, price = 13, fees = "0.5", date = day } end
        end

        """

    static let fields = ["asset", "acquired", "sold", "quantity", "proceeds", "fees", "cost", "gain", "term", "holding_days", "currency",
                         "local_currency", "local_proceeds", "local_cost", "local_gain"]

    @Test("The iterator gives af.realized_gains' rows, field for field, in the same order, for every method and a period")
    func sameRows() throws {
        let fieldList = Self.fields.map { "\"\($0)\"" }.joined(separator: ", ")
        let out = try runLua(Self.history + """
            local fields = { \(fieldList) }
            local function line(g) local t = {} for i, f in ipairs(fields) do t[i] = tostring(g[f]) end return table.concat(t, " ") end
            for _, args in ipairs({ { method = "fifo" }, { method = "lifo" }, { method = "hifo" }, { method = "average" }, { method = "fifo", from = "2024-03-02" } }) do
              local list, n = af.realized_gains(args), 0
              for g in af.each_realized_gain(args) do
                n = n + 1
                assert(line(g) == line(list[n]), args.method .. " row " .. n .. ": " .. line(g) .. " vs " .. line(list[n]))
              end
              print(args.method, n, #list)
            end
            local list = af.realized_gains{}
            local order = {}
            for _, g in ipairs(list) do order[#order + 1] = g.sold .. " " .. g.asset end
            print(table.concat(order, ", "))
            """, today: "2024-06-10")
        // By sale day, then asset name; on the second day Mid's sale closes its last own lot
        // and part of the one moved in from Zeta (two pieces).
        #expect(out == """
            fifo\t7\t7
            lifo\t9\t9
            hifo\t9\t9
            average\t7\t7
            fifo\t4\t4
            2024-03-01 Alpha, 2024-03-01 Mid, 2024-03-01 Zeta, 2024-03-04 Alpha, 2024-03-04 Mid, 2024-03-04 Mid, 2024-03-04 Zeta

            """)
    }

    @Test("The store's stream and list agree with the rows sorted by (sale day, asset name, sale)")
    func storeOrder() throws {
        let store = try AssetFlowStore(path: nil)
        _ = try runLua(Self.history, store: store, today: "2024-06-10")
        try store.withSession(today: CalendarDate("2024-06-10")!) { s in
            let rows = try s.realizedGains(method: .fifo)
            #expect(rows.count == 7)
            let keys = rows.map { ($0.piece.sold, $0.asset.name, $0.piece.reference ?? 0) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
            let stream = try s.realizedGainStream(method: .fifo)
            var streamed: [GainRow] = []
            while let row = stream.next() { streamed.append(row) }
            #expect(streamed.map(\.piece) == rows.map(\.piece))
            #expect(streamed.map(\.asset.name) == rows.map(\.asset.name))
            #expect(streamed.map(\.term) == rows.map(\.term))
            #expect(stream.next() == nil)
        }
    }

    @Test("r:table(function) makes the table r:table(list) makes, in every format; columns from the first row when not given")
    func tableFromFunction() throws {
        let out = try runLua(Self.history + """
            local function rows()
              local t = {}
              for g in af.each_realized_gain{} do t[#t + 1] = { name = g.asset, sold = g.sold, gain = g.gain, note = g.term == "long" and "held" or nil } end
              return t
            end
            local listed, pulled = af.report.new{ title = "G" }, af.report.new{ title = "G" }
            local options = { columns = { "name", "sold", "gain", "note" }, format = { gain = "money" } }
            listed:table(rows(), options):table(rows()):table({}, options)
            local list, i = rows(), 0
            pulled:table(function() i = i + 1 return list[i] end, options)
            local again, j = rows(), 0
            pulled:table(function() j = j + 1 return again[j] end)
            pulled:table(function() return nil end, options)
            for _, f in ipairs({ "terminal", "markdown", "csv", "json", "html" }) do print(f, listed:render(f) == pulled:render(f)) end
            print(pcall(function() af.report.new{}:table(function() return 5 end) end))
            """, today: "2024-06-10")
        #expect(out.hasPrefix("terminal\ttrue\nmarkdown\ttrue\ncsv\ttrue\njson\ttrue\nhtml\ttrue\n"), "\(out)")
        #expect(out.contains("Report:table: row 1 is a number, expected a table of fields"), "\(out)")
    }
}
