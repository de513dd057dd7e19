import Foundation

/// What recognizes an imported row again: the broker's id ("id:…") or the row's content,
/// and which occurrence of that key in its file it was (two identical fills of one order
/// are occurrences 1 and 2; a re-import of the file finds both and adds neither).
public struct ImportKey: Hashable, Sendable {
    public var key: String
    public var occurrence: Int

    public init(key: String, occurrence: Int) {
        self.key = key
        self.occurrence = occurrence
    }
}

/// The store's record of imported rows, by platform. The Store's command store adopts it;
/// a store without it (tests in memory) imports without duplicate detection.
public protocol ImportKeyStore: AnyObject {
    /// The keys of the rows already imported for `platform`: one query.
    func importKeys(platform: String) throws -> Set<ImportKey>
    /// Records that `transaction` came from the row `key` of `platform`.
    func insertImportKey(_ key: ImportKey, platform: String, transaction: Int64) throws
    /// Records many keys at once (a profiled import's, at its end).
    func insertImportKeys(_ keys: [StagedImportKey]) throws
}

extension ImportKeyStore {
    /// One at a time: a store with a faster way provides its own.
    public func insertImportKeys(_ keys: [StagedImportKey]) throws {
        for k in keys { try insertImportKey(k.key, platform: k.platform, transaction: k.transaction) }
    }
}
