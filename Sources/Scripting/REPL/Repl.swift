import CLua
import Foundation
import LuaBridge
import Store

/// The interactive session, step by step as lua.c does it: read a line, try it as an
/// expression (`return <line>;`), else as statements; keep reading while the chunk is
/// incomplete (its syntax error ends at `<eof>`); run it protected; print the results.
/// Each statement is its own store transaction, so an error changes nothing.
public final class Repl {
    let env: ScriptEnvironment
    let reader: LineReader
    /// Errors go here (stderr by default).
    public var errorOutput: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    public init(env: ScriptEnvironment, reader: LineReader) {
        self.env = env
        self.reader = reader
    }

    /// Reads and evaluates until end of input.
    public func run() {
        while let chunk = readChunk() {
            evaluate(chunk)
        }
    }

    /// One complete chunk: more lines are read while it is incomplete.
    func readChunk() -> String? {
        guard var buffer = reader.readLine(prompt: "> ") else { return nil }
        if buffer.hasPrefix("=") { buffer = "return " + buffer.dropFirst() }  // Lua 5.2 habit
        while isIncomplete(buffer) {
            guard let more = reader.readLine(prompt: ">> ") else { break }
            buffer += "\n" + more
        }
        if !buffer.trimmingCharacters(in: .whitespaces).isEmpty { reader.addHistory(buffer) }
        return buffer
    }

    /// True when neither the expression form nor the statement form compiles and the
    /// statement form fails at the end of the input.
    func isIncomplete(_ chunk: String) -> Bool {
        if (try? compiles("return " + chunk + ";")) == true { return false }
        do {
            _ = try compiles(chunk)
            return false
        } catch let LuaError.syntax(message) {
            return message.hasSuffix("<eof>")
        } catch {
            return false
        }
    }

    private func compiles(_ source: String) throws -> Bool {
        try env.lua.load(source, name: "=stdin")
        env.lua.setTop(env.lua.top - 1)
        return true
    }

    /// Runs one chunk in its own store transaction and prints what it returns.
    public func evaluate(_ chunk: String) {
        let lua = env.lua
        let base = lua.top
        defer { lua.setTop(base) }
        do {
            do {
                try lua.load("return " + chunk + ";", name: "=stdin")
            } catch {
                try lua.load(chunk, name: "=stdin")
            }
            try env.session.begin()
            try lua.withInterruptHandler { try lua.call() }
            try env.session.commit()
            let results = lua.top - base
            if results > 0 { try printResults(count: results) }
        } catch let error as LuaError {
            try? env.session.rollback()
            errorOutput(error.headline)
        } catch {
            try? env.session.rollback()
            errorOutput(String(describing: error))
        }
    }

    /// Calls the global `print` with the results on the stack, as lua.c's l_print does.
    private func printResults(count: Int32) throws {
        let lua = env.lua
        lua.pushGlobal("print")
        LuaCall(lua.L).insert(at: lua.top - count)  // print goes below the results
        try lua.call(arguments: count, results: 0)
    }
}
