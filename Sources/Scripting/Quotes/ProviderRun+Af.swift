import Core
import Foundation
import LuaBridge
import Store

/// The `af` a provider sees: `af.http.get`, `af.csv`, `af.json` (and the global `D` for decimals), nothing of the store.
extension ProviderRun {
    func installAf() throws {
        let lua = environment.lua
        let call = LuaCall(lua.L)
        try lua.execute("""
            local get, csv, json = ...
            af = { http = { get = get }, csv = csv, json = json }
            """, name: "=provider-af") {
            call.pushFunction { [unowned self] c in try self.httpGet(c) }
            call.pushFunction { c in try Self.csv(c) }
            call.pushFunction { c in try Self.json(c) }
            return 3
        }
    }

    /// `af.http.get(url, { headers = { Name = "value" } })` → `{ status, body, url }`.
    private func httpGet(_ call: LuaCall) throws -> Int32 {
        guard let url = call.string(at: 1), call.type(at: 1) == LuaTypeCode.string else {
            throw LuaArgumentError("af.http.get: an address (string) expected, got \(call.typeName(at: 1))")
        }
        var headers: [String: String] = [:]
        if call.isTable(at: 2) {
            call.rawField("headers", of: 2)
            defer { call.pop() }
            let table = call.absoluteIndex(-1)
            try call.forEachStringKey(of: table) { name in
                guard let value = call.field(name, of: table, { call.string(at: $0) }) else {
                    throw LuaArgumentError("af.http.get: header '\(name)' must be a string")
                }
                headers[name] = value
            }
        } else if !call.isNil(at: 2) {
            throw LuaArgumentError("af.http.get: options { headers = … } expected, got \(call.typeName(at: 2))")
        }
        let response: QuoteHTTP.Response
        do { response = try http.get(url, headers: headers) } catch { throw LuaArgumentError("\(error)") }
        call.newTable()
        call.pushInteger(Int64(response.status))
        call.setField("status", of: -2)
        call.pushString(String(decoding: response.body, as: UTF8.self))
        call.setField("body", of: -2)
        call.pushString(response.url)
        call.setField("url", of: -2)
        return 1
    }

    /// `af.csv(text)` → a list of rows, each a table from the header's titles to the row's
    /// text (the project's CSV reading: quotes, CRLF, a byte-order mark; `,` `;` or tab).
    static func csv(_ call: LuaCall) throws -> Int32 {
        guard call.type(at: 1) == LuaTypeCode.string, let text = call.string(at: 1) else {
            throw LuaArgumentError("af.csv: the CSV text expected, got \(call.typeName(at: 1))")
        }
        let table: CSVTable
        do { table = try CSVTable.parse(text: text, allowNoRows: true) } catch { throw LuaArgumentError("af.csv: \(error)") }
        call.newTable(arrayCount: table.rows.count)
        for (i, row) in table.rows.enumerated() {
            call.newTable(fieldCount: table.headers.count)
            for (title, value) in zip(table.headers, row.fields) where !title.isEmpty {
                call.pushString(value)
                call.setField(title, of: -2)
            }
            call.setElement(i + 1, of: -2)
        }
        return 1
    }

    /// `af.json(text)` → the document as Lua values: objects and arrays as tables, numbers as
    /// exact decimals (JSONDecoder reads them from their digits), null as nil.
    static func json(_ call: LuaCall) throws -> Int32 {
        guard call.type(at: 1) == LuaTypeCode.string, let text = call.string(at: 1) else {
            throw LuaArgumentError("af.json: the JSON text expected, got \(call.typeName(at: 1))")
        }
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) } catch {
            throw LuaArgumentError("af.json: not JSON (\(error.localizedDescription))")
        }
        do { try value.push(call) } catch { throw LuaArgumentError("af.json: \(error)") }
        return 1
    }
}
