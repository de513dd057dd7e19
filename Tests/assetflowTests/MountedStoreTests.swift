import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23 through the binary, on real read-only and full file systems: each run gets a
/// mount namespace of its own (`unshare -m`), in which a folder the test made is bind-mounted
/// read-only or covered by a small tmpfs that is then filled. The mounts vanish with the
/// namespace; nothing outside the test's folder is mounted on or touched. Needs root (and a
/// kernel that lets it make namespaces): skipped otherwise.
@Suite("Stores on read-only and full file systems")
struct MountedStoreTests {
    /// Whether this process may make mount namespaces with mounts in them.
    static let canMount: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let folder = NSTemporaryDirectory() + "af-mount-probe-\(UUID().uuidString)"
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs '\(folder)' && touch '\(folder)/x'"]
        probe.standardInput = FileHandle.nullDevice
        probe.standardOutput = Pipe()
        probe.standardError = Pipe()
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// `assetflow arguments` run after `setup` (shell, in the namespace); `after` runs in the
    /// same namespace once it ended (to look inside a mount), its output returned as `after`.
    func mounted(_ box: CommandSandbox, setup: String, _ arguments: [String], after: String = "true")
        throws -> (status: Int32, out: String, err: String, after: String) {
        let files = ["out", "err", "rc", "after"].map { box.file("mounted-\($0)") }
        let quoted = ([CommandLineTests.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let shell = "set -e\n\(setup)\nset +e\n\(quoted.joined(separator: " ")) >'\(files[0])' 2>'\(files[1])'\n"
            + "echo $? >'\(files[2])'\n(\(after)) >'\(files[3])' 2>&1\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "/bin/sh", "-c", shell]
        process.environment = box.environment
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let setupErrors = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: setupErrors]) }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }
        return (Int32(read(files[2]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, read(files[0]), read(files[1]), read(files[3]))
    }

    /// A box with a store holding one asset, closed cleanly (no -wal, no -shm), in `box/disk`.
    func storeBox() throws -> (CommandSandbox, String) {
        let box = try CommandSandbox()
        let disk = box.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let setup = try box.script("setup.lua", """
            local a = af.create_asset{ name = 'ACME', type = 'stock', quantity = 3, cost_basis = 10, date = '2024-01-02' }
            a:record_price{ price = 12, date = '2024-02-01' }
            """)
        let r = try box.run(["run", "--store", disk + "/store.sqlite", setup])
        #expect(r.status == 0, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: disk + "/store.sqlite-wal"))
        return (box, disk)
    }

    /// What every read command must do on a store it can only read, and what a write must say.
    func readsWork(_ box: CommandSandbox, setup: String, store: String, reason: String) throws {
        let reader = try box.script("read.lua", "print(af.asset('ACME').quantity)\n")
        let writer = try box.script("write.lua", "af.create_portfolio{ name = 'New' }\n")
        let csv = box.file("prices.csv")
        try "Date,Asset,Price\n2024-03-01,ACME,13\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let reads: [([String], (Int32, String, String) -> Void)] = [
            (["run", "--store", store, reader], { _, out, _ in #expect(out == "3\n") }),
            (["report", "holdings", "--store", store], { _, out, _ in #expect(out.contains("ACME")) }),
            (["report", "holdings", "--store", store, "--output", box.file("holdings.md")], { _, _, _ in
                #expect((try? String(contentsOfFile: box.file("holdings.md"), encoding: .utf8))?.contains("ACME") == true) }),
            (["export", "journal", "--store", store, box.file("out.journal")], { _, _, _ in
                #expect(FileManager.default.fileExists(atPath: box.file("out.journal"))) }),
            (["export", "csv", "--store", store, box.file("csv")], { _, _, _ in
                #expect(FileManager.default.fileExists(atPath: box.file("csv/transactions.csv"))) }),
            (["backup", "--store", store, box.file("b.zip")], { _, out, _ in #expect(out == "Backup written to \(box.file("b.zip")).\n") }),
            (["check", "--store", store], { _, out, _ in #expect(out.hasPrefix("The store at \(store) is sound")) }),
        ]
        for (arguments, expectations) in reads {
            let r = try mounted(box, setup: setup, arguments)
            #expect(r.status == 0, "\(arguments): \(r.err)")
            #expect(!r.err.contains("Restore") && !r.err.contains("restore"), "\(arguments): \(r.err)")
            expectations(r.status, r.out, r.err)
        }
        let refusal = "The store is read-only (\(reason)): AssetFlow can read it, report on it and back it up to another place, but cannot write to it. Nothing was written."
        for arguments in [["run", "--store", store, writer], ["import", "prices", "--store", store, csv]] {
            let r = try mounted(box, setup: setup, arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.err.contains(refusal), "\(arguments): \(r.err)")
        }
    }

    @Test("a store on a read-only mount: every read command, reports, exports, backup elsewhere and check work; writes say why",
          .enabled(if: MountedStoreTests.canMount))
    func readOnlyMount() throws {
        let (box, disk) = try storeBox()
        defer { box.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: disk + "/store.sqlite"))
        let setup = "mount --bind '\(disk)' '\(disk)'\nmount -o remount,bind,ro '\(disk)'"
        try readsWork(box, setup: setup, store: disk + "/store.sqlite", reason: "it is on a read-only file system")
        #expect(try Data(contentsOf: URL(fileURLWithPath: disk + "/store.sqlite")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["store.sqlite"])
    }

    /// Mounts a 1 MB tmpfs on `full`, copies the store into it and fills it.
    func fullDisk(_ box: CommandSandbox, disk: String) -> (setup: String, full: String) {
        let full = box.file("full")
        try? FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return ("mount -t tmpfs -o size=1m tmpfs '\(full)'\ncp '\(disk)/store.sqlite' '\(full)/store.sqlite'\n"
                + "printf old >'\(full)/old.journal'\nprintf old >'\(full)/old.md'\nyes >'\(full)/fill' 2>'\(box.file("yes.err"))' || true", full)
    }

    @Test("a store on a full disk: every read command, reports, exports, backup elsewhere and check work; writes say why",
          .enabled(if: MountedStoreTests.canMount))
    func fullDiskStore() throws {
        let (box, disk) = try storeBox()
        defer { box.remove() }
        let (setup, full) = fullDisk(box, disk: disk)
        try readsWork(box, setup: setup, store: full + "/store.sqlite", reason: "the disk is full")
    }

    @Test("writing onto a full disk fails with the reason, removes its temporary file and leaves the old file as it was",
          .enabled(if: MountedStoreTests.canMount))
    func temporaryFilesRemovedOnFailure() throws {
        let (box, disk) = try storeBox()
        defer { box.remove() }
        let (setup, full) = fullDisk(box, disk: disk)
        let store = disk + "/store.sqlite"
        let look = "ls -A '\(full)'; cat '\(full)/old.journal' '\(full)/old.md'"
        for arguments in [["export", "journal", "--store", store, full + "/old.journal"],
                          ["backup", "--store", store, full + "/old.journal"],
                          ["report", "holdings", "--store", store, "--output", full + "/old.md"],
                          ["export", "json", "--store", store, full + "/json"]] {
            let r = try mounted(box, setup: setup, arguments, after: look)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.err.contains("No space left on device"), "\(arguments): \(r.err)")
            // Nothing but what was there (the json folder, empty, may have been made).
            let left = r.after.split(separator: "\n").map(String.init).filter { $0 != "json" }
            #expect(left == ["fill", "old.journal", "old.md", "store.sqlite", "oldold"], "\(arguments): \(r.after)")
        }
    }
}
