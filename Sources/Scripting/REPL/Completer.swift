import LuaBridge

/// Tab completion: globals, members of tables (`af.cr` → `af.create_asset`), and the fields
/// and methods of the value before a dot or colon (`a:bu` → `a:buy`). It looks values up
/// with raw access only and reads model classes from the registry, so it never runs code.
public final class Completer {
    let lua: LuaState

    public init(lua: LuaState) { self.lua = lua }

    /// Every completion of `word` (a dotted or coloned name being typed).
    public func complete(_ word: String) -> [String] {
        let separators = word.indices.filter { word[$0] == "." || word[$0] == ":" }
        guard let last = separators.last else {
            return names(inGlobalsWithPrefix: word)
        }
        let basePath = String(word[..<last])
        let separator = word[last]
        let prefix = String(word[word.index(after: last)...])
        let base = lua.top
        defer { lua.setTop(base) }
        guard resolve(basePath) else { return [] }
        let members = memberNames(ofValueOnTop: separator == ":")
        return members.filter { $0.hasPrefix(prefix) }.sorted().map { basePath + String(separator) + $0 }
    }

    private func names(inGlobalsWithPrefix prefix: String) -> [String] {
        let base = lua.top
        defer { lua.setTop(base) }
        lua.pushGlobal("_G")
        var names = Set(tableKeys(at: -1))
        names.formUnion(["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                         "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"])
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Pushes the value named by `path` ("af", "af.returns", "a"), by raw lookups.
    private func resolve(_ path: String) -> Bool {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: { $0.isEmpty || !$0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return false }
        lua.pushGlobal(parts[0])
        for key in parts.dropFirst() {
            guard LuaCall(lua.L).type(at: -1) == LuaTypeCode.table else { return false }
            LuaCall(lua.L).rawField(key, of: -1)
            LuaCall(lua.L).remove(at: -2)
        }
        return LuaCall(lua.L).type(at: -1) != LuaTypeCode.nil
    }

    /// Keys of a table, or the fields and methods of one of our userdata.
    private func memberNames(ofValueOnTop methodsOnly: Bool) -> [String] {
        switch LuaCall(lua.L).type(at: -1) {
        case LuaTypeCode.table:
            return tableKeys(at: -1)
        case LuaTypeCode.string:
            lua.pushGlobal("string")
            return tableKeys(at: -1)
        case LuaTypeCode.userdata:
            guard let className = lua.className(at: -1) else { return [] }
            let methods = lua.methodNames(ofClass: className)
            if methodsOnly { return methods }
            return methods + Registry.bindings(of: className).filter { $0.kind == .field }.map(\.name)
        default:
            return []
        }
    }

    private func tableKeys(at index: Int32) -> [String] {
        var keys: [String] = []
        LuaCall(lua.L).forEachStringKey(of: index) { keys.append($0) }
        return keys
    }

    /// The longest prefix every candidate shares.
    static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first else { return "" }
        for c in candidates.dropFirst() {
            while !c.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
