import Foundation

/// A Swift source file read just far enough for the tests that check the code itself: its
/// string literals (an interpolation `\(…)` stands as "…"; raw `#"…"#` and multi-line
/// literals included) and its code with every comment and literal blanked out, offsets kept.
/// Not a parser: enough for the package's own sources, which compile.
struct SwiftSource {
    struct Literal {
        /// The text, escapes resolved, each interpolation as "…".
        var text: String
        /// Offsets (in `code`) of the opening quote and just after the closing one.
        var range: Range<Int>
    }

    let path: String
    /// The source with comments and literal contents replaced by spaces (newlines kept); a
    /// literal's opening quote (and its `#`s) stay.
    private(set) var code: [Character] = []
    private(set) var literals: [Literal] = []

    init(path: String, text: String) {
        self.path = path
        let chars = Array(text)
        code = chars
        var i = 0
        while i < chars.count {
            if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { code[i] = " "; i += 1 }
            } else if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                let start = i
                i += 2
                while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i = min(i + 2, chars.count)
                blank(start..<i)
            } else if let (text, end) = Self.literal(chars, at: i) {
                literals.append(Literal(text: text, range: i..<end))
                var quote = i  // the opening quote stays, so a pattern can see a literal follows
                while chars[quote] == "#" { quote += 1 }
                blank(quote + 1..<end)
                i = end
            } else {
                i += 1
            }
        }
    }

    init(contentsOf url: URL) throws {
        self.init(path: url.path, text: try String(contentsOf: url, encoding: .utf8))
    }

    var codeText: String { String(code) }

    private mutating func blank(_ range: Range<Int>) {
        for j in range where code[j] != "\n" { code[j] = " " }
    }

    /// The literal starting at `i` (its `#`s or its quote) and the offset after it; nil when
    /// none starts there.
    static func literal(_ c: [Character], at start: Int) -> (String, Int)? {
        var i = start
        var hashes = 0
        while i < c.count, c[i] == "#" { hashes += 1; i += 1 }
        guard i < c.count, c[i] == "\"" else { return nil }
        if hashes > 0, start > 0, c[start - 1].isLetter || c[start - 1].isNumber { return nil }  // #if, #available…
        let multiline = i + 2 < c.count && c[i + 1] == "\"" && c[i + 2] == "\""
        let quotes = multiline ? 3 : 1
        i += quotes
        var text = ""
        func closes(_ j: Int) -> Bool {
            guard j + quotes + hashes <= c.count else { return false }
            for k in 0..<quotes where c[j + k] != "\"" { return false }
            for k in 0..<hashes where c[j + quotes + k] != "#" { return false }
            return true
        }
        while i < c.count {
            if closes(i) { return (text, i + quotes + hashes) }
            if c[i] == "\\", (0..<hashes).allSatisfy({ i + 1 + $0 < c.count && c[i + 1 + $0] == "#" }) {
                let after = i + 1 + hashes
                guard after < c.count else { return nil }
                if c[after] == "(" {
                    i = skipParentheses(c, from: after)
                    text += "…"
                    continue
                }
                switch c[after] {
                case "n": text += "\n"
                case "t": text += "\t"
                default: text.append(c[after])
                }
                i = after + 1
                continue
            }
            text.append(c[i])
            i += 1
        }
        return nil
    }

    /// The offset after the parenthesis that closes the one at `open`, literals inside skipped.
    static func skipParentheses(_ c: [Character], from open: Int) -> Int {
        var depth = 0
        var i = open
        while i < c.count {
            if let (_, end) = literal(c, at: i) { i = end; continue }
            if c[i] == "(" { depth += 1 }
            if c[i] == ")" { depth -= 1; if depth == 0 { return i + 1 } }
            i += 1
        }
        return i
    }

    /// The offset after the brace closing the one at `open` (in `code`, where literals and
    /// comments are blank).
    func closingBrace(from open: Int) -> Int {
        var depth = 0
        for i in open..<code.count {
            if code[i] == "{" { depth += 1 }
            if code[i] == "}" { depth -= 1; if depth == 0 { return i + 1 } }
        }
        return code.count
    }

    /// The package's `.swift` files under `Sources/` (or one target's folder of it).
    static func packageSources(_ folder: String = "") throws -> [SwiftSource] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        var sources: [SwiftSource] = []
        for case let url as URL in files where url.pathExtension == "swift" { sources.append(try SwiftSource(contentsOf: url)) }
        return sources.sorted { $0.path < $1.path }
    }

    /// The modules the file imports (`import X`, `@testable import X`, `import struct X.Y`).
    var imports: [String] {
        codeText.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { return nil }
            let name = words.count >= 3 ? words[2] : words[1]
            return String(name.split(separator: ".").first!)
        }
    }
}
