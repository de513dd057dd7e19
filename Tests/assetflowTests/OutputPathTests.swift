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
        // As /dev/stdout is: a link to a pipe. Written through, the link left as it is.
        let stdoutLink = box.file("stdout")
        try FileManager.default.createSymbolicLink(atPath: stdoutLink, withDestinationPath: fifo)
        let linked = try box.run(["report", "holdings", "--store", box.store, "--format", "markdown", "--output", stdoutLink])
        #expect(linked.status == 0, "\(linked.err)")
        let m = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(m, 0)), as: UTF8.self).contains("ACME"))
        #expect(kind(stdoutLink) == S_IFLNK && kind(fifo) == S_IFIFO)
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
        let commands: [(String, (String) -> [String])] = [
            ("journal", { ["export", "journal", "--store", box.store, $0] }),
            ("backup.zip", { ["backup", "--store", box.store, $0] }),
            ("report.md", { ["report", "holdings", "--store", box.store, "--output", $0] }),
        ]
        for (name, command) in commands {
            let target = box.file("real-" + name), link = box.file("link-" + name)
            try "old".write(toFile: target, atomically: false, encoding: .utf8)
            chmod(target, 0o640)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let r = try box.run(command(link))
            #expect(r.status == 0, "\(name): \(r.err)")
            #expect(kind(link) == S_IFLNK, "\(name)")
            #expect(kind(target) == S_IFREG, "\(name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)).count > 3, "\(name)")
            #expect(box.mode(target) == 0o640, "\(name)")
        }
        #expect(try String(contentsOfFile: box.file("real-report.md"), encoding: .utf8).contains("ACME"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.path).filter { $0.hasPrefix(".assetflow-") }.isEmpty)
    }

    @Test("export csv into a FIFO is refused and leaves it as it was")
    func exportIntoFifo() throws {
        let box = try box()
        defer { box.remove() }
        let fifo = box.file("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        chmod(fifo, 0o644)
        for format in ["csv", "json"] {
            let r = try box.run(["export", format, "--store", box.store, fifo])
            #expect(r.status != 0)
            #expect(r.err.contains("exists and is not a folder"), "\(r.err)")
            #expect(kind(fifo) == S_IFIFO)
            #expect(box.mode(fifo) == 0o644)
        }
    }

    @Test("export csv and json into an existing folder keep the folder's mode and each existing file's; new files are 0600")
    func exportKeepsModes() throws {
        let box = try box()
        defer { box.remove() }
        for format in ["csv", "json"] {
            let folder = box.file("out-" + format)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o755)
            let first = try box.run(["export", format, "--store", box.store, folder])
            #expect(first.status == 0, "\(first.err)")
            let transactions = folder + "/transactions." + format, prices = folder + "/prices." + format
            #expect(box.mode(folder) == 0o755)
            #expect(box.mode(transactions) == 0o600)
            chmod(transactions, 0o644)
            // A file in the folder that is a link is refused, never replaced (a script or a
            // default named it, not the user).
            try FileManager.default.removeItem(atPath: prices)
            try "elsewhere".write(toFile: box.file("elsewhere-" + format), atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: prices, withDestinationPath: box.file("elsewhere-" + format))
            let second = try box.run(["export", format, "--store", box.store, folder])
            #expect(second.status == 1)
            #expect(second.err.contains("it exists and is not a regular file"), "\(second.err)")
            #expect(kind(prices) == S_IFLNK)
            #expect(try String(contentsOfFile: box.file("elsewhere-" + format), encoding: .utf8) == "elsewhere")
            try FileManager.default.removeItem(atPath: prices)
            let third = try box.run(["export", format, "--store", box.store, folder])
            #expect(third.status == 0, "\(third.err)")
            #expect(box.mode(transactions) == 0o644)
            #expect(box.mode(folder) == 0o755)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".assetflow-") }.isEmpty)
        }
    }

    @Test("backup and export into a character device (mknod in the test folder, as root) write in place",
          .enabled(if: geteuid() == 0))
    func intoDevice() throws {
        let box = try box()
        defer { box.remove() }
        let null = box.file("null")
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(0x103)) == 0)
        chmod(null, 0o666)
        for command in [["backup", null], ["export", "journal", null], ["report", "holdings", "--format", "markdown", "--output", null]] {
            let r = try box.run(command + ["--store", box.store])
            #expect(r.status == 0, "\(r.err)")
            #expect(kind(null) == S_IFCHR)
            #expect(box.mode(null) == 0o666)
        }
        let csv = try box.run(["export", "csv", "--store", box.store, null])
        #expect(csv.status != 0)
        #expect(box.mode(null) == 0o666)
    }
}
