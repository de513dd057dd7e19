import Core
import LuaBridge
import LuaDecimals

extension ProfileScript {
    /// A row's problem, with its line.
    struct Problem: Sendable {
        var line: Int
        var message: String
    }

    /// Runs the row function over `rows` (cells by `headers`), in order. A row whose
    /// function raises, or returns something that is not understood, is a problem at its
    /// line; every row is tried, so every problem is listed at once.
    func run(rows: [ProfileRow], headers: [String], accountCurrency: String?) -> (results: [ProfileRowResult], problems: [Problem]) {
        var results: [ProfileRowResult] = [], problems: [Problem] = []
        results.reserveCapacity(rows.count)
        let format = descriptor.dateFormat.flatMap { try? ImportDate(format: $0) }
        let idColumn = descriptor.idColumn.flatMap { id in headers.firstIndex { $0.lowercased() == id.lowercased() } }
        let keys = headers.map { $0.trimmingCharacters(in: .whitespaces) }
        let call = LuaCall(lua.L)
        for row in rows {
            var profiled = ProfileRow(line: row.line, fields: row.fields)
            if let idColumn, idColumn < row.fields.count, !row.fields[idColumn].isEmpty { profiled.brokerID = row.fields[idColumn] }
            do {
                let result = try runRow(row, keys: keys, call: call, into: &profiled, format: format, accountCurrency: accountCurrency)
                results.append(result)
            } catch {
                problems.append(Problem(line: row.line, message: String(describing: error)))
            }
            lua.setTop(0)
        }
        if let finish = finishFunction {
            lua.push(finish)
            do { try lua.call(arguments: 0, results: 0) } catch let error as LuaError {
                problems.append(Problem(line: rows.last?.line ?? 0, message: Self.shortMessage(error)))
            } catch {
                problems.append(Problem(line: rows.last?.line ?? 0, message: String(describing: error)))
            }
            lua.setTop(0)
        }
        return (results, problems)
    }

    private func runRow(_ row: ProfileRow, keys: [String], call: LuaCall, into profiled: inout ProfileRow, format: ImportDate?,
                        accountCurrency: String?) throws -> ProfileRowResult {
        guard let function = rowFunctionReference else { throw ProfileError("no row function") }
        lua.push(function)
        call.newTable(arrayCount: row.fields.count, fieldCount: descriptor.raw ? 0 : keys.count)
        for (i, cell) in row.fields.enumerated() {
            call.pushString(cell)
            call.setElement(i + 1, of: -2)
            if !descriptor.raw, i < keys.count, !keys[i].isEmpty {
                call.pushString(cell)
                call.setField(keys[i], of: -2)
            }
        }
        call.pushInteger(Int64(row.line))
        do { try lua.call(arguments: 2, results: 2) } catch let error as LuaError { throw ProfileError(Self.shortMessage(error)) }
        if call.isNil(at: 1) {
            let reason = call.string(at: 2) ?? "skipped by the profile"
            return ProfileRowResult(row: profiled, operations: [], skipReason: reason)
        }
        guard call.isTable(at: 1) else { throw ProfileError("the profile returned a \(call.typeName(at: 1)), not a list of operations") }
        var operations: [ProfileOperation] = []
        for i in 0..<call.rawLength(at: 1) {
            call.pushElement(i + 1, of: 1)
            defer { call.pop() }
            let (op, id) = try operation(at: call.absoluteIndex(-1), call: call, format: format, accountCurrency: accountCurrency)
            if profiled.brokerID == nil, let id { profiled.brokerID = id }
            operations.append(op)
        }
        if operations.isEmpty { return ProfileRowResult(row: profiled, operations: [], skipReason: call.string(at: 2) ?? "no operation") }
        return ProfileRowResult(row: profiled, operations: operations)
    }

    /// "profile x:12: message" without the traceback.
    static func shortMessage(_ error: LuaError) -> String {
        let text = error.description
        return text.components(separatedBy: "\nstack traceback:").first ?? text
    }
}
