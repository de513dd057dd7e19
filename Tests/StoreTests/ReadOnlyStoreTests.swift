import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Core
@testable import Store

/// Issue 23, item 6: a store AssetFlow cannot write to (read-only folder or mount, no
/// permission, full disk) opens read-only: reads, reports and backups work; writes say why.
/// As root, permissions do not stop writes, so the reason is forced where the test needs it.
@Suite("Read-only stores")
struct ReadOnlyStoreTests {
    func makeStore(_ path: String) throws {
        try AssetFlowStore(path: path).withSession { s in
            try s.begin()
            _ = try s.createPortfolio(name: "Core")
            try s.commit()
        }
    }

    @Test("reads and backups work, a write is refused with the reason, and the file is unchanged")
    func forced() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("with space ?#.sqlite")  // also through the immutable URI
        try makeStore(path)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try AssetFlowStore(path: path, readOnly: "the disk is full")
        #expect(store.readOnlyReason == "the disk is full")
        try store.withSession { s in
            try s.begin()
            #expect(try s.portfolios().map(\.name) == ["Core"])
            #expect(try s.backupArchive(appVersion: "test").count > 100)
            do {
                _ = try s.execute(CreatePortfolio(name: "New"))
                Issue.record("the write should have been refused")
            } catch let error as StoreError {
                #expect(error.description.hasPrefix("The store is read-only (the disk is full): AssetFlow can read it"), "\(error)")
            }
            try s.commit()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try AssetFlowStore.check(path: path).isSound)
    }

    @Test("a store in a folder without write permission opens read-only, and check calls it sound", .enabled(if: geteuid() != 0))
    func readOnlyFolder() throws {
        let folder = try StoreTestFolder()
        defer { chmod(folder.path, 0o700); folder.remove() }
        let path = folder.file("s.sqlite")
        try makeStore(path)
        chmod(folder.path, 0o500)
        let store = try AssetFlowStore(path: path)
        #expect(store.readOnlyReason == "its folder is not writable")
        let count = try store.withSession { s in try s.portfolios().count }
        #expect(count == 1)
        #expect(try AssetFlowStore.check(path: path).isSound)
    }
}
