import Foundation

/// The output formats of a report.
public enum ReportFormat: String, CaseIterable, Sendable {
    case terminal, markdown, csv, json, html

    /// "md" and "txt" are accepted too; errors list the formats.
    public static func parse(_ text: String) throws -> ReportFormat {
        switch text.lowercased() {
        case "md": return .markdown
        case "txt", "text": return .terminal
        default:
            guard let format = ReportFormat(rawValue: text.lowercased()) else {
                throw RuleViolation("Unknown report format '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return format
        }
    }

    /// The format a file name asks for by its extension: .html/.htm, .md, .csv, .json, else terminal text.
    public static func forPath(_ path: String) -> ReportFormat {
        let lower = path.lowercased()
        if lower.hasSuffix(".html") || lower.hasSuffix(".htm") { return .html }
        if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { return .markdown }
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".json") { return .json }
        return .terminal
    }

    /// The format a file to write must have, by its extension; nil when the name has none.
    /// An extension AssetFlow does not write (".pdf", ".xlsx") is refused, naming those it
    /// writes, rather than putting HTML or text in a file that claims otherwise.
    public static func forOutputFile(_ path: String) throws -> ReportFormat? {
        let ext = (path as NSString).pathExtension.lowercased()
        switch ext {
        case "": return nil
        case "html", "htm": return .html
        case "md", "markdown": return .markdown
        case "csv": return .csv
        case "json": return .json
        case "txt", "text": return .terminal
        default:
            throw RuleViolation("AssetFlow does not write .\(ext) files: give --output a name ending in .txt, .md, .csv, .json or .html.", rule: .unknownValue)
        }
    }

    /// The report in this format; `terminalStyle` matters only for `.terminal`.
    public func render(_ document: ReportDocument, terminalStyle: TerminalRenderer.Style = .plain) -> String {
        let output = ReportOutput()
        render(document, terminalStyle: terminalStyle, to: output)
        return output.text
    }
}

/// Where a renderer writes its text: gathered here and handed to `flush` (a file being
/// written) each time it passes 256 KB, so a report of 100,000 rows is written as it is
/// rendered rather than held whole (issue 27); without `flush` the whole text is kept
/// (`render(_:) -> String`). A failure of `flush` stops the output and is thrown by `finish`.
public final class ReportOutput {
    public private(set) var text = ""
    private let flush: ((String) throws -> Void)?
    private var failure: Error?
    static let flushAt = 1 << 18

    public init(flush: ((String) throws -> Void)? = nil) { self.flush = flush }

    public func write(_ piece: String) {
        guard failure == nil else { return }
        text += piece
        if flush != nil, text.utf8.count >= Self.flushAt { hand() }
    }

    /// Hands what is left to `flush`; throws the first failure of `flush`.
    public func finish() throws {
        if flush != nil { hand() }
        if let failure { throw failure }
    }

    private func hand() {
        guard let flush, failure == nil, !text.isEmpty else { return }
        do { try flush(text) } catch { failure = error }
        text = ""
    }
}

extension ReportFormat {
    /// The report in this format, written to `output` as it is rendered.
    public func render(_ document: ReportDocument, terminalStyle: TerminalRenderer.Style = .plain, to output: ReportOutput) {
        switch self {
        case .terminal: TerminalRenderer(style: terminalStyle).render(document, to: output)
        case .markdown: MarkdownRenderer().render(document, to: output)
        case .csv: CSVRenderer().render(document, to: output)
        case .json: JSONRenderer().render(document, to: output)
        case .html: HTMLRenderer().render(document, to: output)
        }
    }
}
