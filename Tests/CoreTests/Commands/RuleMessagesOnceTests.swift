import Foundation
import Testing

/// Each rule's message is written once in the code (comments aside), so "where is the rule for X?" has one
/// answer. Reads the package's own sources (nothing is written).
@Suite("Rule messages are written once")
struct RuleMessagesOnceTests {
    /// A message literal: the first argument of `RuleViolation(…)`, the value of a
    /// `…Message` constant, or any literal in the body of a `…Message(…) -> String` function.
    /// Interpolations count as "…", so "Cannot sell more than current holdings (\(n))."
    /// written twice with different figures is still one sentence written twice.
    static func messages(in source: SwiftSource) -> [(text: String, place: String)] {
        let code = source.codeText
        var spans: [Range<Int>] = []
        var offsets: [Int] = []  // the offset at which each match ends
        let text = code as NSString
        func matches(_ pattern: String) -> [NSTextCheckingResult] {
            try! NSRegularExpression(pattern: pattern).matches(in: code, range: NSRange(location: 0, length: text.length))
        }
        // Offsets in `code` are Character offsets; the regex works in UTF-16. Map once.
        var utf16ToChar: [Int: Int] = [:]
        var u = 0
        for (i, ch) in source.code.enumerated() {
            utf16ToChar[u] = i
            u += ch.utf16.count
        }
        utf16ToChar[u] = source.code.count
        for m in matches(#"RuleViolation\(\s*$|RuleViolation\(\s*(?=#*")|static (let|var) \w*Message\s*(: String)?\s*=\s*(?=#*")"#) {
            offsets.append(utf16ToChar[m.range.location + m.range.length]!)
        }
        for m in matches(#"func \w*Message\b[^{]*->\s*String\s*\{"#) {
            let open = utf16ToChar[m.range.location + m.range.length - 1]!
            spans.append(open..<source.closingBrace(from: open))
        }
        return source.literals.compactMap { literal in
            let starts = offsets.contains(literal.range.lowerBound)
            let inside = spans.contains { $0.contains(literal.range.lowerBound) }
            guard starts || inside, literal.text.filter(\.isLetter).count >= 3 else { return nil }
            let line = source.code[..<literal.range.lowerBound].filter { $0 == "\n" }.count + 1
            return (literal.text, "\(URL(fileURLWithPath: source.path).lastPathComponent):\(line)")
        }
    }

    static func duplicates(in sources: [SwiftSource]) -> [String: [String]] {
        var places: [String: [String]] = [:]
        for source in sources { for m in messages(in: source) { places[m.text, default: []].append(m.place) } }
        return places.filter { $0.value.count > 1 }
    }

    @Test("every RuleViolation message literal in Sources is written once")
    func everyMessageOnce() throws {
        let sources = try SwiftSource.packageSources()
        let all = sources.flatMap(Self.messages)
        #expect(all.count > 140, "the scan finds the messages (\(all.count))")
        #expect(Self.duplicates(in: sources) == [:])
    }

    @Test("the scan finds the holdings sentences once each, where HoldingsRules keeps them")
    func holdingsSentences() throws {
        let all = try SwiftSource.packageSources().flatMap(Self.messages)
        for sentence in ["Cannot sell more than current holdings (…).", "Cannot transfer out more than available holdings on … (…).",
                         "This change would cause the asset quantity to become negative.", "… must be greater than zero.",
                         "This leaves the stored … of … on … beyond holdings.", "Date cannot be in the future."] {
            let found = all.filter { $0.text == sentence }
            #expect(found.count == 1, "\(sentence): \(found.map(\.place))")
        }
        let holdings = all.filter { $0.text.contains("holdings") || $0.text.contains("holding (") }
        #expect(holdings.allSatisfy { $0.place.hasPrefix("HoldingsRules+Messages.swift") }, "\(holdings.map(\.place))")
    }

    @Test("a sentence written twice (in a constant and in a RuleViolation, or in two RuleViolations) is found")
    func findsDuplicates() {
        let a = SwiftSource(path: "A.swift", text: #"""
            enum A {
                static let takenMessage = "That name is taken."
                // RuleViolation("That name is taken.") in a comment does not count
                func f(n: Int) throws { throw RuleViolation("Too many (\(n + 1))."); _ = "That name is taken." }
            }
            """#)
        let b = SwiftSource(path: "B.swift", text: #"""
            func g() throws { throw RuleViolation("That name is taken.", rule: .duplicate) }
            func tooManyMessage(_ n: Int) -> String { n > 1 ? "Too many (\(n))." : "Just one." }
            """#)
        #expect(Self.duplicates(in: [a, b]) == ["That name is taken.": ["A.swift:2", "B.swift:1"], "Too many (…).": ["A.swift:4", "B.swift:2"]])
    }

    // MARK: The first version of this test: a few messages, by their text anywhere in the code.

    @Test("\"Date cannot be in the future.\" and the duplicate-name messages appear exactly once",
          arguments: ["Date cannot be in the future.", "An asset named '", "A portfolio with this name already exists.",
                      "A price record already exists for this date.", "Cannot sell more than current holdings"])
    func once(_ message: String) throws {
        let files = try SwiftSource.packageSources().filter { $0.codeText.contains(message) || $0.literals.contains { $0.text.contains(message) } }
        #expect(files.count == 1, "found in \(files.map(\.path))")
    }
}
