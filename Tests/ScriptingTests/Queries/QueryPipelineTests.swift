import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// A small history whose sums are worked out by hand in the tests below: USD and EUR
/// assets on three platforms, deposits, buys with fees, a sale, dividends and interest.
let queryFixture = """
local cash = af.create_asset{ name = "Cash", type = "cash", currency = "USD" }:update{ platform = "Bank" }
local eurcash = af.create_asset{ name = "EURCASH", type = "cash", currency = "EUR" }:update{ platform = "Bank" }
local acme = af.create_asset{ name = "ACME", type = "stock", currency = "USD" }:update{ platform = "Broker A" }
local beta = af.create_asset{ name = "BETA", type = "stock", currency = "USD" }:update{ platform = "Broker B" }
local euco = af.create_asset{ name = "EUCO", type = "stock", currency = "EUR" }:update{ platform = "Broker A" }
cash:buy{ quantity = 1000, price = 1, date = "2024-01-05" }
acme:buy{ quantity = 10, price = "12.50", fees = "1.25", date = "2024-01-10" }
beta:buy{ quantity = 2, price = "100.10", fees = "0.50", date = "2024-02-15" }
euco:buy{ quantity = 4, price = "20.05", fees = 2, date = "2024-02-20" }
af.dividend{ asset = cash, source = acme, amount = "3.30", date = "2024-03-28" }
acme:buy{ quantity = 5, price = "13.10", fees = "0.99", date = "2024-04-02" }
af.dividend{ asset = eurcash, source = euco, amount = "1.10", date = "2024-05-10" }
acme:sell{ quantity = 3, price = 14, fees = 1, date = "2024-05-15" }
af.dividend{ asset = cash, source = acme, amount = "3.45", date = "2024-06-27" }
af.dividend{ asset = cash, source = beta, amount = "1.20", date = "2024-06-30" }
cash:sell{ quantity = 200, price = 1, date = "2024-07-01" }
af.interest{ asset = cash, source = beta, amount = "0.85", date = "2024-07-31" }
af.set_rate{ base = "EUR", quote = "USD", date = "2024-01-01", rate = "1.10" }
local q = af.query
"""

/// Runs `source` after the fixture; returns what it printed.
func query(_ source: String) throws -> String {
    try runLua(queryFixture + "\n" + source, today: "2024-12-31")
}

/// The error `source` raises after the fixture (nil when it runs).
func queryError(_ source: String) -> String? {
    do { _ = try query(source); return nil } catch { return "\(error)" }
}

@Suite("Query pipeline")
struct QueryPipelineTests {
    @Test("Sources: transactions, income, flows, fees, prices, assets, holdings")
    func sources() throws {
        #expect(try query("print(#q.transactions(), #q.income(), #q.flows(), #q.fees(), #q.assets())") == "12\t5\t7\t5\t5\n")
        #expect(try query(#"print(#q.transactions{ from = "2024-03-01", to = "2024-06-30" }, #q.transactions{ asset = "ACME" }, #q.transactions{ types = { "sell" } })"#) == "6\t3\t2\n")
        #expect(try query(#"local t = q.income()[1] print(t.date, t.type, t.asset, t.payer, t.amount, t.currency, t.platform)"#)
                == "2024-03-28\tdividend\tCash\tACME\t3.3\tUSD\tBank\n")
        // Held at the end of 2024-06-30: 1000 + 3.30 + 3.45 + 1.20 in cash; 10 + 5 − 3 ACME.
        #expect(try query(#"for h in q.holdings{ date = "2024-06-30" }:where{ asset = { "Cash", "ACME" } }:order_by("asset"):each() do print(h.asset, h.quantity) end"#)
                == "ACME\t12\nCash\t1007.95\n")
    }

    @Test("sum, count, min, max, avg over exact decimals, against hand sums")
    func aggregates() throws {
        // USD buys: 1000 + 125.00 + 200.20 + 65.50 = 1390.70; avg 347.675.
        let buys = #"local b = q.transactions{ types = { "buy" } }:where{ currency = "USD" } "#
        #expect(try query(buys + #"print(b:sum("total"), b:count(), b:min("total"), b:max("total"), b:avg("total"))"#)
                == "1390.7\t4\t65.5\t1000\t347.675\n")
        // 0.1 + 0.2 is exact: no float on the way.
        #expect(try query(#"print(q.rows{ { v = D"0.1" }, { v = D"0.2" } }:sum("v") == D"0.3")"#) == "true\n")
    }

    @Test("group_by a period and a field: income per month, fees per platform per year, net deposits per quarter")
    func grouping() throws {
        #expect(try query(#"for r in q.income():group_by("month"):sum("amount"):each() do print(r.month, r.amount, r.currency) end"#)
                == "2024-03\t3.3\tUSD\n2024-05\t1.1\tEUR\n2024-06\t4.65\tUSD\n2024-07\t0.85\tUSD\n")
        // Broker A: 1.25 + 0.99 + 1 USD and 2 EUR; Broker B: 0.50.
        #expect(try query(#"for r in q.fees():group_by("platform", "year", "currency"):sum("amount"):each() do print(r.platform, r.year, r.currency, r.amount) end"#)
                == "Broker A\t2024\tEUR\t2\nBroker A\t2024\tUSD\t3.24\nBroker B\t2024\tUSD\t0.5\n")
        // Deposits 1000 in Q1, a withdrawal of 200 in Q3.
        #expect(try query(#"for r in q.flows():where{ asset_type = "cash" }:group_by("quarter"):sum("amount", "net"):each() do print(r.quarter, r.net) end"#)
                == "2024-Q1\t1000\n2024-Q3\t-200\n")
        #expect(try query(#"for r in q.transactions():group_by("type"):aggregate{ n = "count", biggest = { "max", "quantity" } }:each() do print(r.type, r.n, r.biggest) end"#)
                == "buy\t5\t1000\ndividend\t4\t3.45\ninterest\t1\t0.85\nsell\t2\t200\n")
        #expect(try query(#"for r in q.transactions():group_by("asset_type", "day"):count():where{ day = "2024-07-01" }:each() do print(r.asset_type, r.day, r.count) end"#)
                == "cash\t2024-07-01\t1\n")
    }

    @Test("pivot: dividends per month and payer, 0 where none")
    func pivot() throws {
        let source = #"local p = q.income():where{ type = "dividend", currency = "USD" }:pivot("month", "payer", "amount") "#
        #expect(try query(source + #"print(table.concat(p:columns(), ",")) for r in p:each() do print(r.month, r.ACME, r.BETA) end"#)
                == "ACME,BETA\n2024-03\t3.3\t0\n2024-06\t3.45\t1.2\n")
    }

    @Test("select, order_by, limit, where with a function, join to assets")
    func shaping() throws {
        #expect(try query(#"for r in q.transactions():where(function(t) return t.total > 100 end):select("date", { amount = "total" }):order_by("amount desc"):limit(2):each() do print(r.date, r.amount, r.currency, r.total) end"#)
                == "2024-01-05\t1000\tUSD\tnil\n2024-02-15\t200.2\tUSD\tnil\n")
        #expect(try query(#"for r in q.rows{ { asset_id = 3, x = 1 }, { asset_id = 99, x = 2 } }:join(q.assets(), "asset_id"):each() do print(r.x, r.asset, r.platform) end"#)
                == "1\tACME\tBroker A\n2\tnil\tnil\n")
        #expect(try query(#"for r in q.rows{ { k = "b", v = 1 }, { k = "a", v = 2 }, { k = "b", v = 0 } }:order_by("k", "v"):each() do print(r.k, r.v) end"#)
                == "a\t2\nb\t0\nb\t1\n")
    }

    @Test("Empty sets: sum 0, count 0, min/max/avg nil, no groups, no pivot rows, an empty table")
    func empty() throws {
        let e = #"local e = q.income{ from = "2024-12-01" } "#
        #expect(try query(e + #"print(e:sum("amount"), e:count(), e:min("amount"), e:max("amount"), e:avg("amount"), #e:group_by("month"):sum("amount"), #e:pivot("month", "payer", "amount"))"#)
                == "0\t0\tnil\tnil\tnil\t0\t0\n")
        #expect(try query(e + #"print(af.report.new{}:table(e:group_by("month"):sum("amount")):render("markdown"))"#).contains("_No rows._"))
    }

    @Test("Money in two currencies is refused without a conversion; convert makes it one")
    func currencies() throws {
        let error = try #require(queryError(#"print(q.income():sum("amount"))"#))
        #expect(error.contains("af.query: sum of 'amount' mixes EUR and USD: group by currency, or convert first with :convert(\"EUR\")"), "\(error)")
        let grouped = try #require(queryError(#"print(#q.fees():group_by("platform"):sum("amount"))"#))
        #expect(grouped.contains("mixes EUR and USD"))
        #expect(queryError(#"print(q.fees():group_by("platform"):avg("amount"):rows())"#)?.contains("avg of 'amount' mixes EUR and USD") == true)
        // 8.80 USD + 1.10 EUR × 1.10 = 10.01 USD.
        #expect(try query(#"print(q.income():convert("USD"):sum("amount"))"#) == "10.01\n")
    }

    @Test("Lazy: nothing is read until rows are asked for, and each step is a new row set")
    func lazy() throws {
        // Defined before a sale, read after it: the row sets see the sale.
        #expect(try query(#"local all = q.transactions() local sells = all:where{ type = "sell" } af.asset("ACME"):sell{ quantity = 1, price = 15, date = "2024-08-01" } print(#sells, #all)"#)
                == "3\t13\n")
    }

    @Test("A row set goes straight into r:table and r:chart")
    func intoReports() throws {
        let text = try query(#"""
        local monthly = q.income():where{ currency = "USD" }:group_by("month"):sum("amount")
        local r = af.report.new{ title = "Income" }
        r:table(monthly, { columns = { "month", "amount" }, format = { amount = "money" } })
        r:chart{ kind = "bar", series = monthly, x = "month", y = "amount" }
        local p = q.income():where{ currency = "USD" }:pivot("month", "payer", "amount")
        r:chart{ kind = "bar", series = p, x = "month", y = p:columns() }
        r:chart{ kind = "line", series = { { name = "USD", rows = monthly } }, x = "month", y = "amount" }
        print(r:render("markdown"))
        """#)
        #expect(text.contains("| Month | Amount |\n| --- | ---: |\n| 2024-03 | 3.30 USD |\n| 2024-06 | 4.65 USD |\n| 2024-07 | 0.85 USD |\n"), "\(text)")
        // The pivot's chart: a series per payer, 0 where one paid nothing that month.
        #expect(text.contains("|  | ACME | BETA |\n| --- | ---: | ---: |\n| 2024-03 | 3.3 | 0 |\n| 2024-06 | 3.45 | 1.2 |\n| 2024-07 | 0 | 0.85 |\n"), "\(text)")
        #expect(text.contains("|  | USD |\n"), "\(text)")
    }

    @Test("Bad steps are refused with what to write")
    func refusals() throws {
        #expect(queryError(#"q.transactions():where(3)"#)?.contains("af.query: where takes a function(row) or a table of fields, got number") == true)
        #expect(queryError(#"q.transactions():order_by("total sideways")"#)?.contains("order_by takes \"field\" or \"field desc\"") == true)
        #expect(queryError(#"q.transactions():limit(-1)"#)?.contains("limit takes a whole number") == true)
        #expect(queryError(#"q.transactions():group_by()"#)?.contains("group_by needs at least one key") == true)
        #expect(queryError(#"q.transactions():group_by("type"):aggregate{ x = "median" }"#)?.contains("unknown aggregate 'median'") == true)
        #expect(queryError(#"print(#q.transactions{ form = "2024-01-01" })"#)?.contains("unknown field 'form'") == true)
    }

    /// Prints `expression(set)` for a set read one row at a time and for the same set whose
    /// rows were read at once first (`rows()` keeps them), on two lines.
    static func streamedAndRead(_ set: String, _ expression: String) -> String {
        "local function show(rs) local v = \(expression) if type(v) == 'table' then local out = {} "
            + "for _, r in ipairs(v.rows and v:rows() or v) do local f = {} for k, x in pairs(r) do f[#f + 1] = k .. '=' .. tostring(x) end "
            + "table.sort(f) out[#out + 1] = table.concat(f, ',') end return table.concat(out, ';') end return tostring(v) end\n"
            + "local a, b = \(set), \(set)\nb:rows()\nprint(show(a))\nprint(show(b))\n"
    }

    @Test("A set read one row at a time gives the figures, groups and pivots it gives when read at once")
    func streamedFigures() throws {
        let cases: [(String, String)] = [
            (#"q.flows():convert("USD")"#, #"rs:sum("amount")"#),
            (#"q.transactions():where(function(t) return t.total > 10 end)"#, "rs:count()"),
            (#"q.fees():where{ currency = "USD" }"#, #"rs:min("amount")"#),
            (#"q.fees():convert("EUR")"#, #"rs:max("amount")"#),
            (#"q.fees():convert("EUR")"#, #"rs:avg("amount")"#),
            (#"q.income():where{ currency = "EUR" }"#, #"rs:avg("amount")"#),
            (#"q.transactions():select("date", "asset", { amount = "total", month = function(r) return r.date:sub(1, 7) end })"#, #"rs:count("amount")"#),
            (#"q.transactions()"#, #"rs:group_by("platform", "year", "currency"):aggregate{ paid = { "sum", "fees" }, n = "count", top = { "max", "total" } }"#),
            (#"q.fees()"#, #"rs:group_by("currency", "quarter"):avg("amount")"#),
            (#"q.income():convert("USD")"#, #"rs:pivot("month", "payer", "amount")"#),
            (#"q.transactions()"#, #"rs:pivot("type", "platform", nil, "count")"#),
            (#"q.transactions():join(q.assets():select("asset_id", { venue = "platform" }), "asset_id")"#, #"rs:group_by("venue"):count()"#),
            (#"q.prices()"#, "rs:count()"),
        ]
        for (set, expression) in cases {
            let lines = try query(Self.streamedAndRead(set, expression)).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3 && lines[0] == lines[1] && !lines[0].isEmpty, "\(set) \(expression): \(lines)")
        }
        // The pivot's columns, streamed.
        #expect(try query(#"print(table.concat(q.fees():pivot("year", "platform", "amount", "count"):columns(), ","))"#) == "Broker A,Broker B\n")
    }

    @Test("A streamed pass that raises raises what reading at once raises")
    func streamedErrors() throws {
        let mixed = try #require(queryError(#"print(q.fees():group_by("year"):sum("amount"):rows())"#))
        #expect(mixed.contains("af.query: sum of 'amount' mixes EUR and USD"), "\(mixed)")
        let mine = try #require(queryError(#"print(q.transactions():where(function(t) if t.type == "sell" then error("no sells here") end return true end):count())"#))
        #expect(mine.contains("no sells here"), "\(mine)")
        #expect(queryError(#"print(q.fees():max())"#)?.contains("max needs a field name") == true)
        // A missing rate: the message of the rows read at once.
        let streamed = try #require(queryError(#"print(q.fees():convert("JPY"):sum("amount"))"#))
        let readAtOnce = try #require(queryError(#"print(q.fees():convert("JPY"):rows())"#))
        #expect(streamed.split(separator: "\n").first == readAtOnce.split(separator: "\n").first, "\(streamed) | \(readAtOnce)")
    }

    @Test("af.rows.each_transaction and each_price give the rows of af.rows.transactions and prices, in order")
    func iterators() throws {
        let compare = #"""
        local function line(r) local f = {} for k, v in pairs(r) do f[#f + 1] = k .. '=' .. tostring(v) end table.sort(f) return table.concat(f, ',') end
        local function same(list, iterator)
          local i = 0
          for r in iterator do i = i + 1 if line(r) ~= line(list[i]) then return "row " .. i .. ": " .. line(r) .. " ~= " .. line(list[i] or {}) end end
          return i == #list and ("same " .. i) or ("count " .. i .. " ~= " .. #list)
        end
        af.asset("ACME"):record_price{ price = 13, date = "2024-03-01" }
        af.asset("EUCO"):record_price{ price = 21, date = "2024-03-01" }
        af.asset("ACME"):record_price{ price = 14, date = "2024-06-01" }
        for _, filter in ipairs{ {}, { types = { "buy", "dividend" } }, { asset = "ACME" }, { from = "2024-03-01", to = "2024-06-30" } } do
          print(same(af.rows.transactions(filter), af.rows.each_transaction(filter)))
        end
        for _, filter in ipairs{ {}, { asset = "ACME" }, { from = "2024-04-01" } } do
          print(same(af.rows.prices(filter), af.rows.each_price(filter)))
        end
        """#
        #expect(try query(compare) == "same 12\nsame 9\nsame 3\nsame 6\nsame 3\nsame 2\nsame 1\n")
        // Which transactions is fixed when the iterator is made: one recorded during the loop
        // is not returned; one deleted after its chunk was read comes as it was read.
        let during = #"""
        local n, seen = 0, {}
        for t in af.rows.each_transaction{ asset = "ACME" } do
          n = n + 1
          if n == 1 then
            af.asset("ACME"):buy{ quantity = 1, price = 15, date = "2024-12-01" }
            for _, x in ipairs(af.asset("ACME"):transactions()) do if x.type == "sell" then x:delete() end end
          end
          seen[#seen + 1] = t.type
        end
        print(table.concat(seen, ","), #af.rows.transactions{ asset = "ACME" })
        """#
        #expect(try query(during) == "buy,buy,sell\t3\n")
    }
}
