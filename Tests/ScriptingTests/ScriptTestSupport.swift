import Foundation
@testable import Core
@testable import Scripting
@testable import Store

/// Runs Lua against an in-memory store and captures what it prints.
func runLua(_ source: String, store: AssetFlowStore? = nil, today: String = "2024-06-01") throws -> String {
    let store = try store ?? AssetFlowStore(path: nil)
    var printed = ""
    try store.withSession(today: CalendarDate(today)!) { session in
        let env = try ScriptEnvironment(session: session)
        env.output = { printed += $0 }
        try env.lua.execute(source, name: "=test")
    }
    return printed
}

/// A temporary file with `contents`; removed by the caller. Its name is short: Lua cuts a
/// chunk name longer than 60 bytes in messages, and tests compare `path:line:` prefixes.
func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let path = NSTemporaryDirectory() + "af-\(UUID().uuidString.prefix(8))-\(name)"
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The package's root folder, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
