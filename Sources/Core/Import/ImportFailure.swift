import Foundation

/// An import that wrote nothing, with every reason at once: one line per problem
/// ("line 12, Quantity: Quantity must be greater than zero.").
public struct ImportFailure: Error, Equatable, CustomStringConvertible, Sendable {
    public var lines: [String]

    public init(lines: [String]) { self.lines = lines }

    public init(rowErrors: [RowError], kind: ImportKind) {
        let count = rowErrors.count
        lines = ["\(count) \(count == 1 ? "row has an error" : "rows have errors"); nothing was imported."] + rowErrors.map(\.description)
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
