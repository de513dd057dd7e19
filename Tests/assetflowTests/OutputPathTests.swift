import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, item 1, through the binary: `report --output`, `export`, `backup` never replace
/// a FIFO, a device or a link with a file. Every node is made in the test's own folder.
@Suite("Output paths that are not regular files")
struct OutputPathTests {
    func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func box() throws -> CommandSandbox {
        let box = try CommandSandbox()
        let setup = try box.script("setup.lua", "af.create_asset{ name = 'ACME', type = 'stock', quantity = 3, cost_basis = 10, date = '2024-01-02' }\n")
        #expect(try box.run(["run", "--store", box.store, setup]).status == 0)
        return box
    }

    @Test("report --output FIFO streams into it; the FIFO stays, nothing else is created")
    func reportIntoFifo() throws {
        let box = try box()
        defer { box.remove() }
        let fifo = box.file("out.md")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let r = try box.run(["report", "holdings", "--store", box.store, "--output", fifo])
        #expect(r.status == 0, "\(r.err)")
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(n, 0)), as: UTF8.self).contains("ACME"))
        #expect(kind(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.path).filter { $0.hasPrefix(".assetflow-") }.isEmpty)
    }

    @Test("backup into a FIFO streams the archive; its note goes to standard error, never into the stream")
    func backupIntoFifo() throws {
        let box = try box()
        defer { box.remove() }
        let fifo = box.file("backup.pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let r = try box.run(["backup", "--store", box.store, fifo])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.isEmpty)
        #expect(r.err.contains("Backup written to \(fifo)."))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = read(reader, &buffer, buffer.count)
        #expect(n > 4 && buffer[0] == 0x50 && buffer[1] == 0x4B)  // "PK": a ZIP archive
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test("export journal and backup through a symbolic link write the file it leads to; the link stays a link")
    func throughLinks() throws {
        let box = try box()
        defer { box.remove() }
        for (command, name) in [(["export", "journal"], "journal"), (["backup"], "backup.zip")] {
            let target = box.file("real-" + name), link = box.file("link-" + name)
            try "old".write(toFile: target, atomically: false, encoding: .utf8)
            chmod(target, 0o640)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let r = try box.run(command + ["--store", box.store, link])
            #expect(r.status == 0, "\(r.err)")
            #expect(kind(link) == S_IFLNK)
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)).count > 3)
            #expect(box.mode(target) == 0o640)
        }
    }

    @Test("export csv into a FIFO is refused and leaves it as it was")
    func exportIntoFifo() throws {
        let box = try box()
        defer { box.remove() }
        let fifo = box.file("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        chmod(fifo, 0o644)
        let r = try box.run(["export", "csv", "--store", box.store, fifo])
        #expect(r.status != 0)
        #expect(r.err.contains("exists and is not a folder"), "\(r.err)")
        #expect(kind(fifo) == S_IFIFO)
        #expect(box.mode(fifo) == 0o644)
    }

    @Test("backup and export into a character device (mknod in the test folder, as root) write in place",
          .enabled(if: geteuid() == 0))
    func intoDevice() throws {
        let box = try box()
        defer { box.remove() }
        let null = box.file("null")
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(0x103)) == 0)
        chmod(null, 0o666)
        for command in [["backup"], ["export", "journal"]] {
            let r = try box.run(command + ["--store", box.store, null])
            #expect(r.status == 0, "\(r.err)")
            #expect(kind(null) == S_IFCHR)
            #expect(box.mode(null) == 0o666)
        }
        let csv = try box.run(["export", "csv", "--store", box.store, null])
        #expect(csv.status != 0)
        #expect(box.mode(null) == 0o666)
    }
}
