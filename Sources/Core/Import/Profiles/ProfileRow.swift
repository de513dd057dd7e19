import Foundation

/// A row of a broker's file as a profile sees it, with the line it came from and the key
/// that recognizes it again on a later import.
public struct ProfileRow: Sendable {
    public var line: Int
    public var fields: [String]
    /// The broker's transaction id when the profile names one.
    public var brokerID: String?

    public init(line: Int, fields: [String], brokerID: String? = nil) {
        self.line = line
        self.fields = fields
        self.brokerID = brokerID
    }

    /// "id:…" for a row with a broker id, else its cells joined: two rows with the same key
    /// are the same row of the broker's history (or two identical fills, told apart by
    /// their occurrence).
    public var key: String {
        if let brokerID, !brokerID.isEmpty { return "id:" + brokerID }
        return "row:" + fields.joined(separator: "\u{1F}")
    }
}

/// The operations a profile made of one row, or the reason it skipped it.
public struct ProfileRowResult: Sendable {
    public var row: ProfileRow
    public var operations: [ProfileOperation]
    public var skipReason: String?

    public init(row: ProfileRow, operations: [ProfileOperation], skipReason: String? = nil) {
        self.row = row
        self.operations = operations
        self.skipReason = skipReason
    }
}
