import Foundation

/// An import that wrote nothing, with every reason at once: one line per problem
/// ("line 12, Quantity: Quantity must be greater than zero.").
public struct ImportFailure: Error, Equatable, CustomStringConvertible, Sendable {
    public var lines: [String]

    public init(lines: [String]) { self.lines = lines }

    /// The headline counts rows, not problems ("2 rows have errors" for three problems in
    /// two rows); each row's problems follow one another, in the order of the file.
    public init(rowErrors: [RowError], kind: ImportKind) {
        let count = Set(rowErrors.map(\.line)).count
        let sorted = rowErrors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        lines = ["\(count) \(count == 1 ? "row has an error" : "rows have errors"); nothing was imported."] + sorted.map(\.description)
    }

    public var description: String { lines.joined(separator: "\n") }
}

/// A problem with one row: its line in the file, the column and the message.
public struct RowError: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: String?
    public var message: String

    public init(line: Int, column: String?, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let column { return "line \(line), \(column): \(message)" }
        return "line \(line): \(message)"
    }
}
