import Foundation

/// `manifest.json` of a backup archive: what made it, when, and what it holds.
public struct BackupManifest: Codable, Equatable, Sendable {
    /// Bumped when the archive's layout changes; a newer one is refused.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var appVersion: String
    /// ISO 8601, UTC.
    public var exportTimestamp: String
    /// Rows per table.
    public var rowCounts: [String: Int]
    /// SHA-256 (hex) of each file in the archive, by file name.
    public var sha256: [String: String]

    /// The backup file name for a day: `AssetFlow-Backup-YYYY-MM-DD.zip`.
    public static func defaultFileName(on day: CalendarDateText) -> String { "AssetFlow-Backup-\(day).zip" }
}

/// "YYYY-MM-DD".
public typealias CalendarDateText = String

/// Why a backup cannot be restored, in the app's words; the store is untouched.
public struct RestoreError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    public static let notAnArchive = RestoreError("The file is not a valid backup archive.")
    public static func missingFile(_ name: String) -> RestoreError { RestoreError("Missing required file: \(name)") }
    public static func invalidHeaders(_ file: String, expected: [String], got: [String]) -> RestoreError {
        RestoreError("Invalid headers in \(file). Expected: \(expected.joined(separator: ", ")). Got: \(got.joined(separator: ", ")).")
    }
    public static func corrupted(_ what: String) -> RestoreError { RestoreError("Corrupted data: \(what)") }
}
