import Foundation
import Testing
import Core
@testable import Store

/// Counts calls from another thread (the busy notice).
final class NoticeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Two connections to one file behave, for SQLite's locks, as two processes would.
@Suite("Sharing a store: WAL, writers wait, readers never do")
struct StoreSharingTests {
    /// Runs `body` on another thread inside a write transaction of `store`, which is held
    /// until `release` is signalled; returns once the transaction holds the lock.
    func holdWriteLock(_ store: AssetFlowStore, release: DispatchSemaphore, write: @escaping @Sendable (StoreSession) throws -> Void) -> DispatchSemaphore {
        let locked = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let store = store
        Thread.detachNewThread {
            try? store.withSession { s in
                try s.begin()
                try write(s)
                locked.signal()
                release.wait()
                try s.commit()
            }
            finished.signal()
        }
        locked.wait()
        return finished
    }

    @Test("a writer waits for another writer, says so after a second, then commits; nothing is lost")
    func writerWaits() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        let first = try AssetFlowStore(path: path, waitNotice: nil)
        let notices = NoticeCounter()
        let second = try AssetFlowStore(path: path, waitNotice: { notices.increment() })

        let release = DispatchSemaphore(value: 0)
        let finished = holdWriteLock(first, release: release) { s in _ = try s.createPortfolio(name: "First") }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { release.signal() }
        try second.withSession { s in
            try s.begin()  // waits for the first writer
            _ = try s.createPortfolio(name: "Second")
            try s.commit()
        }
        finished.wait()
        #expect(notices.value == 1)
        #expect(try second.withSession { try $0.portfolios().map(\.name) } == ["First", "Second"])
    }

    @Test("a reader does not wait for a writer, and sees only what was committed")
    func readersDoNotWait() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        let writer = try AssetFlowStore(path: path, waitNotice: nil)
        try writer.withSession { s in _ = try s.createPortfolio(name: "Committed") }
        let release = DispatchSemaphore(value: 0)
        let finished = holdWriteLock(writer, release: release) { s in _ = try s.createPortfolio(name: "Pending") }
        defer { release.signal(); finished.wait() }

        // Opening (with its checks) and reading both go ahead while the writer holds the lock.
        let notices = NoticeCounter()
        let reader = try AssetFlowStore(path: path, waitNotice: { notices.increment() }, waitLimit: 0)
        let names = try reader.withSession { s in
            try s.beginReading()
            return try s.portfolios().map(\.name)
        }
        #expect(names == ["Committed"])
        #expect(notices.value == 0)
    }

    @Test("a session's cached positions are dropped when another connection commits: no sell beyond what is really held")
    func cachesFollowOtherWriters() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        let repl = try AssetFlowStore(path: path, waitNotice: nil), cron = try AssetFlowStore(path: path, waitNotice: nil)
        let today = CalendarDate("2024-06-30")!
        try repl.withSession(today: today) { s in
            var create = CreateAsset(name: "ACME", type: .stock)
            create.quantity = 10
            create.costBasis = 5
            create.date = CalendarDate("2024-01-02")!
            let id = try s.execute(create).id!
            #expect(try s.position(ofAsset: id).quantity == 10)  // now cached
            try cron.withSession(today: today) { other in _ = try other.execute(Trade(.sell, asset: id, quantity: 10, price: 6)) }
            #expect(throws: RuleViolation.self) { _ = try s.execute(Trade(.sell, asset: id, quantity: 5, price: 6)) }
            #expect(try s.atomically { try s.position(ofAsset: id).quantity } == 0)
        }
    }

    @Test("a writer that waits longer than its limit gets a clear error, never 'database is locked'")
    func writerGivesUp() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        let holder = try AssetFlowStore(path: path, waitNotice: nil)
        let release = DispatchSemaphore(value: 0)
        let finished = holdWriteLock(holder, release: release) { s in _ = try s.createPortfolio(name: "Held") }
        defer { release.signal(); finished.wait() }

        let impatient = try AssetFlowStore(path: path, waitNotice: nil, waitLimit: 0.2)
        do {
            try impatient.withSession { try $0.begin() }
            Issue.record("begin should have given up")
        } catch let error as StoreError {
            guard case .busy(let seconds) = error else { Issue.record("not a busy error: \(error)"); return }
            #expect(seconds == 0)
            let message = error.description
            #expect(message.hasPrefix("The store is busy: another AssetFlow process has been writing to it for 0 s"))
            #expect(message.contains("Nothing was written"))
        }
    }
}

/// The process's umask is changed here, so these run one at a time.
@Suite("Owner-only files, whatever the umask", .serialized)
struct OwnerOnlyFilesTests {
    func mode(_ path: String) throws -> Int {
        try ((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue).map { $0 & 0o777 } ?? -1
    }

    func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
        let old = umask(mask)
        defer { umask(old) }
        return try body()
    }

    @Test("a new store, its -wal and -shm and the folders made for it are 0600 and 0700", arguments: [mode_t(0o022), mode_t(0o000)])
    func newStore(mask: mode_t) throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("made/for/it/s.sqlite")
        try withUmask(mask) {
            let store = try AssetFlowStore(path: path)
            try store.withSession { s in
                _ = try s.createPortfolio(name: "Core")
                #expect(try mode(path + "-wal") == 0o600)
                #expect(try mode(path + "-shm") == 0o600)
            }
        }
        #expect(try mode(path) == 0o600)
        for made in ["made", "made/for", "made/for/it"] { #expect(try mode(folder.file(made)) == 0o700) }
    }

    @Test("OwnerOnlyFiles.write replaces a file whole, as 0600", arguments: [mode_t(0o022), mode_t(0o000)])
    func writeFile(mask: mode_t) throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("reports/r.html")
        try withUmask(mask) {
            try OwnerOnlyFiles.write("first", to: path)
            try OwnerOnlyFiles.write("second", to: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try mode(path) == 0o600)
        #expect(try mode(folder.file("reports")) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("reports")) == ["r.html"])
    }

    @Test("an existing folder keeps its mode")
    func existingFolder() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        chmod(folder.path, 0o751)
        _ = try AssetFlowStore(path: folder.file("s.sqlite"))
        #expect(try mode(folder.path) == 0o751)
        #expect(try mode(folder.file("s.sqlite")) == 0o600)
    }
}
