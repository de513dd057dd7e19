import Foundation

/// A row of a broker's file as a profile sees it, with the line it came from and the key
/// that recognizes it again on a later import.
public struct ProfileRow: Sendable {
    public var line: Int
    /// The row's cells: kept as given, or read from the file's `CSVCells` only when asked
    /// (an import reads them only for the key of a row without a broker id).
    public var fields: [String] {
        get {
            switch cells {
            case .texts(let texts): texts
            case .file(let file, let row): file.fields(of: row)
            case .key: []
            }
        }
        set { cells = .texts(newValue) }
    }
    /// The broker's transaction id when the profile names one.
    public var brokerID: String?
    private var cells: Cells

    private enum Cells: Sendable {
        case texts([String])
        case file(CSVCells, Int)
        /// Only the key of a row without a broker id (`keyed`).
        case key(String)
    }

    public init(line: Int, fields: [String], brokerID: String? = nil) {
        self.line = line
        self.cells = .texts(fields)
        self.brokerID = brokerID
    }

    /// Row `row` of `file`, its cells read from there when asked.
    public init(_ file: CSVCells, row: Int, brokerID: String? = nil) {
        self.line = file.line(of: row)
        self.cells = .file(file, row)
        self.brokerID = brokerID
    }

    /// The row without its cells, its line and broker id kept: what a plan keeps once it has
    /// the row's key, so that the file's cells can go before the write.
    public var withoutCells: ProfileRow { ProfileRow(line: line, fields: [], brokerID: brokerID) }

    /// The row with its key instead of its cells (none for a row with a broker id), its
    /// line and broker id kept: what a profile's run keeps of each row once run, so that
    /// the file's cells go when the run ends, before the plan (they took 24 MB for 100,000
    /// rows beside the results and the keys the plan made of them).
    public var keyed: ProfileRow {
        var row = ProfileRow(line: line, fields: [], brokerID: brokerID)
        if brokerID?.isEmpty ?? true { row.cells = .key(key) }
        return row
    }

    /// "id:…" for a row with a broker id, else its cells joined: two rows with the same key
    /// are the same row of the broker's history (or two identical fills, told apart by
    /// their occurrence).
    public var key: String {
        if let brokerID, !brokerID.isEmpty { return "id:" + brokerID }
        switch cells {
        case .texts(let texts): return "row:" + texts.joined(separator: "\u{1F}")
        case .file(let file, let row): return "row:" + file.joined(row, separator: 0x1F)
        case .key(let key): return key
        }
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
