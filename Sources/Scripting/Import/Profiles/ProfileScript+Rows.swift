import Core
import LuaBridge
import LuaDecimals

extension ProfileScript {
    /// A row's problem, with its line.
    struct Problem: Sendable {
        var line: Int
        var message: String
    }

    /// Runs the row function over rows `rows` of `file` (cells by `headers`), in order. A
    /// row whose function raises, or returns something that is not understood, is a problem
    /// at its line; every row is tried, so every problem is listed at once.
    func run(_ file: CSVCells, rows: [Int], headers: [String], accountCurrency: String?,
             timeLimitSeconds: Double = timeoutSeconds) -> (results: [ProfileRowResult], problems: [Problem]) {
        var results: [ProfileRowResult] = [], problems: [Problem] = []
        results.reserveCapacity(rows.count)
        let format = descriptor.dateFormat.flatMap { try? ImportDate(format: $0) }
        let idColumn = descriptor.idColumn.flatMap { id in headers.firstIndex { $0.lowercased() == id.lowercased() } }
        let keys = headers.map { $0.trimmingCharacters(in: .whitespaces) }
        let call = LuaCall(lua.L)
        dateMemo.removeAll()
        // The header names as Lua strings, made once: a row's named cells take their keys
        // from this table instead of a new Lua string per cell and row.
        call.newTable(arrayCount: keys.count)
        for (i, key) in keys.enumerated() {
            call.pushString(key)
            call.setElement(i + 1, of: -2)
        }
        let names = lua.makeReference()
        call.newTable()
        dateMemoTable = lua.makeReference()
        dateMemoCount = 0
        defer {
            lua.release(names)
            if let memo = dateMemoTable { lua.release(memo) }
            dateMemoTable = nil
        }
        // Each call of the row function has the profile's time limit; the rows together have
        // it too, so a profile that is slow on every row cannot make an import run for ever:
        // once the file's time is spent, no further row is started.
        let clock = ContinuousClock(), started = clock.now
        let fileLimit = Duration.seconds(timeLimitSeconds)
        for row in rows {
            let line = file.line(of: row)
            if clock.now - started > fileLimit {
                problems.append(Problem(line: line, message: Self.fileTimeoutMessage(timeLimitSeconds)))
                break
            }
            var profiled = ProfileRow(file, row: row)
            if let idColumn, idColumn < file.cellCount(of: row) {
                let id = file.field(idColumn, of: row)
                if !id.isEmpty { profiled.brokerID = id }
            }
            do {
                var result = try runRow(file, row, named: keys.count, names: names, call: call, into: &profiled, format: format,
                                        accountCurrency: accountCurrency)
                result.row = result.row.keyed  // the file's cells go with the run
                results.append(result)
            } catch {
                problems.append(Problem(line: line, message: String(describing: error)))
            }
            lua.setTop(0)
        }
        if let finish = finishFunction {
            let last = rows.last.map(file.line(of:)) ?? 0
            lua.push(finish)
            do { try lua.call(arguments: 0, results: 0) } catch let error as LuaError {
                problems.append(Problem(line: last, message: Self.shortMessage(error)))
            } catch {
                problems.append(Problem(line: last, message: String(describing: error)))
            }
            lua.setTop(0)
        }
        return (results, problems)
    }

    /// Stack while a row is built: 1 the names, 2 the function, 3 the row table (its cells
    /// straight from the file's bytes; each named cell the same Lua string as its element).
    private func runRow(_ file: CSVCells, _ row: Int, named: Int, names: LuaReference, call: LuaCall, into profiled: inout ProfileRow,
                        format: ImportDate?, accountCurrency: String?) throws -> ProfileRowResult {
        guard let function = rowFunctionReference else { throw ProfileError("no row function") }
        lua.push(names)
        lua.push(function)
        file.withRow(row) { bytes, spans in call.pushRow(bytes: bytes, spans: spans, names: descriptor.raw ? nil : 1, named: named) }
        call.pushInteger(Int64(profiled.line))
        do { try lua.call(arguments: 2, results: 2) } catch let error as LuaError { throw ProfileError(Self.shortMessage(error)) }
        // Results: 2 the operations (or nil), 3 the reason.
        if call.isNil(at: 2) {
            let reason = call.string(at: 3) ?? "skipped by the profile"
            return ProfileRowResult(row: profiled, operations: [], skipReason: reason)
        }
        guard call.isTable(at: 2) else { throw ProfileError("the profile returned a \(call.typeName(at: 2)), not a list of operations") }
        var operations: [ProfileOperation] = []
        for i in 0..<call.rawLength(at: 2) {
            call.pushElement(i + 1, of: 2)
            defer { call.pop() }
            let (op, id) = try operation(at: call.absoluteIndex(-1), call: call, format: format, accountCurrency: accountCurrency)
            if profiled.brokerID == nil, let id { profiled.brokerID = id }
            operations.append(op)
        }
        if operations.isEmpty { return ProfileRowResult(row: profiled, operations: [], skipReason: call.string(at: 3) ?? "no operation") }
        return ProfileRowResult(row: profiled, operations: operations)
    }

    /// Why the rows after the file's time limit were not read.
    static func fileTimeoutMessage(_ seconds: Double) -> String {
        "timeout: the profile's rows took longer than \(Int(seconds)) s in all; this row and the ones after it were not read"
    }

    /// "profile x:12: message" without the traceback.
    static func shortMessage(_ error: LuaError) -> String {
        let text = error.description
        return text.components(separatedBy: "\nstack traceback:").first ?? text
    }
}
