import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Store

/// Issue 23, item 1: `OwnerOnlyFiles.write`, the one way AssetFlow writes a file, never
/// replaces what is not a regular file and never changes an existing file's mode. Every
/// device node, FIFO and link is made inside the test's own temporary folder.
@Suite("Writing a file: devices, FIFOs, links and modes")
struct OutputFileTests {
    func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func leftovers(_ folder: StoreTestFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".assetflow-") }
    }

    @Test("an existing regular file keeps its mode; a new one is 0600")
    func modesKept() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("shared.csv")
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        try OwnerOnlyFiles.write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(mode(path) == 0o644)
        try OwnerOnlyFiles.write("fresh", to: folder.file("fresh.csv"))
        #expect(mode(folder.file("fresh.csv")) == 0o600)
        #expect(leftovers(folder).isEmpty)
    }

    @Test("a symbolic link is refused when a script or a default named it, written through when the user did")
    func symbolicLink() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let target = folder.file("target.txt"), link = folder.file("link.txt")
        try "target".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.write("x", to: link) }
        #expect(kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "target")
        try OwnerOnlyFiles.write("through", to: link, special: .writeInPlace)
        #expect(kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "through")
        #expect(mode(target) == 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling"), withDestinationPath: folder.file("missing"))
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.write("x", to: folder.file("dangling"), special: .writeInPlace) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
        #expect(leftovers(folder).isEmpty)
    }

    @Test("a FIFO is refused, or streamed into in place when named by the user; it stays a FIFO")
    func fifo() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o620) == 0)
        chmod(fifo, 0o620)
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.write("x", to: fifo) }
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try OwnerOnlyFiles.write("streamed", to: fifo, special: .writeInPlace)
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(n, 0)), as: UTF8.self) == "streamed")
        #expect(kind(fifo) == S_IFIFO)
        #expect(mode(fifo) == 0o620)
        #expect(leftovers(folder).isEmpty)
    }

    @Test("a character device (made with mknod here, as root) is written in place, never replaced or chmod-ed",
          .enabled(if: geteuid() == 0))
    func characterDevice() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let null = folder.file("null")
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(0x103)) == 0)  // major 1, minor 3 (the null device), as glibc encodes them
        chmod(null, 0o666)
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.write("x", to: null) }
        try OwnerOnlyFiles.write(String(repeating: "x", count: 100_000), to: null, special: .writeInPlace)
        #expect(kind(null) == S_IFCHR)
        #expect(mode(null) == 0o666)
        // Exporting into it as a folder: refused, its mode untouched (it was set to 0700).
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.createFolder(null) }
        #expect(mode(null) == 0o666)
        #expect(leftovers(folder).isEmpty)
    }

    @Test("a folder where a file should go is refused; a file where a folder should go is refused, unchanged")
    func wrongKinds() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("dir"), withIntermediateDirectories: true)
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.write("x", to: folder.file("dir"), special: .writeInPlace) }
        try "file".write(toFile: folder.file("plain"), atomically: false, encoding: .utf8)
        chmod(folder.file("plain"), 0o644)
        #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.createFolder(folder.file("plain")) }
        #expect(mode(folder.file("plain")) == 0o644)
        #expect(leftovers(folder).isEmpty)
    }
}

@Suite("Existing stores tightened to 0600")
struct StoreTighteningTests {
    @Test("a 0644 store and its -wal/-shm become 0600 at open, with a note; a 0600 store gets no note")
    func tightened() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        try AssetFlowStore(path: path).withSession { s in _ = try s.createPortfolio(name: "Core") }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) { chmod(file, 0o644) }
        var notes: [String] = []
        let store = try AssetFlowStore(path: path, modeNotice: { notes.append($0) })
        try store.withSession { s in _ = try s.createPortfolio(name: "More") }
        #expect(notes == ["Note: the store at \(path) was readable by others (mode 644); it is now 600, readable by you only."])
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            var info = stat()
            #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(file)")
        }
        var again: [String] = []
        _ = try AssetFlowStore(path: path, modeNotice: { again.append($0) })
        #expect(again.isEmpty)
    }
}
