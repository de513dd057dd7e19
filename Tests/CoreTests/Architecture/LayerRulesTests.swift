import Foundation
import Testing

/// The layer rules (Architecture.md), read from the sources' own imports: Core is pure; the
/// command line speaks to Scripting and ArgumentParser only; only LuaBridge touches Lua's C
/// API and its shim; code above the bridge names Lua's type codes by constant.
@Suite("Layer rules hold in the sources")
struct LayerRulesTests {
    /// Each target and the modules its files may import.
    static let allowed: [String: Set<String>] = [
        "Core": ["Foundation", "Dispatch", "CSV"],
        "Store": ["Foundation", "Glibc", "Core", "GRDB", "GRDBSQLite", "ZIPFoundation", "CCurlShim", "CStoreChecksums"],
        "LuaBridge": ["Foundation", "CLua", "CLuaShim"],
        "LuaDecimals": ["Foundation", "Core", "LuaBridge"],
        "Scripting": ["Foundation", "Core", "Store", "LuaBridge", "LuaDecimals", "CEditShim"],
        "assetflow": ["Foundation", "Scripting", "ArgumentParser"],
    ]

    @Test("each target imports only what its layer may", arguments: allowed.keys.sorted())
    func imports(_ target: String) throws {
        let sources = try SwiftSource.packageSources(target)
        #expect(!sources.isEmpty)
        var wrong: [String] = []
        for source in sources {
            for module in source.imports where !Self.allowed[target]!.contains(module) {
                wrong.append("\(URL(fileURLWithPath: source.path).lastPathComponent) imports \(module)")
            }
        }
        #expect(wrong == [])
    }

    @Test("above LuaBridge, no Lua C name and no Lua type code as a bare number")
    func luaNamesStayInTheBridge() throws {
        var wrong: [String] = []
        let bare = try NSRegularExpression(pattern: #"type\(at: [^)]*\)\s*[!=]=\s*-?[0-9]"#)
        let cNames = try NSRegularExpression(pattern: #"\b(lua_|luaL_|clua_|LUA_T)[A-Za-z_]*"#)
        for target in ["Core", "Store", "LuaDecimals", "Scripting", "assetflow"] {
            for source in try SwiftSource.packageSources(target) {
                let code = source.codeText
                let range = NSRange(location: 0, length: (code as NSString).length)
                let name = URL(fileURLWithPath: source.path).lastPathComponent
                for m in bare.matches(in: code, range: range) { wrong.append("\(name): \((code as NSString).substring(with: m.range))") }
                for m in cNames.matches(in: code, range: range) { wrong.append("\(name): \((code as NSString).substring(with: m.range))") }
            }
        }
        #expect(wrong == [])
    }

    @Test("the scan sees imports, and comments and strings do not count")
    func scanner() {
        let source = SwiftSource(path: "X.swift", text: """
            import Foundation
            @testable import Core
            import struct GRDB.Row
            // import LuaBridge
            let s = "import CLua"
            """)
        #expect(source.imports == ["Foundation", "Core", "GRDB"])
    }
}
