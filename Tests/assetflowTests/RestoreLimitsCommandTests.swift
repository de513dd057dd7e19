import Foundation
import Testing

/// Issue 23, restore, through the binary: a crafted archive of about a megabyte that would
/// inflate to gigabytes is refused while the process stays far below 200 MB, and the store
/// is not touched. The archive is made from a real backup by Python's zipfile (skipped
/// without python3); the peak memory is the one GNU time reports (skipped without it).
@Suite("Restore of crafted archives")
struct RestoreLimitsCommandTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/python3" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let time = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// Rewrites the backup at argv[1] into argv[2]: the same manifest claiming a billion rows
    /// per table, and every table's file replaced by 100 MB of one byte (one deflated stream
    /// of about 100 KB, written for every entry). With argv[3] == "lie", each entry's headers
    /// claim 100 bytes inflated, so only inflating finds the truth.
    static let craft = #"""
        import json, struct, sys, zipfile, zlib
        source, target, lie = sys.argv[1], sys.argv[2], len(sys.argv) > 3
        with zipfile.ZipFile(source) as z:
            manifest = json.loads(z.read("manifest.json"))
        manifest["rowCounts"] = {table: 10**9 for table in manifest["rowCounts"]}
        def deflated(pieces):
            packer, crc, size, out = zlib.compressobj(9, zlib.DEFLATED, -15), 0, 0, []
            for piece in pieces:
                out.append(packer.compress(piece)); crc = zlib.crc32(piece, crc); size += len(piece)
            out.append(packer.flush())
            return b"".join(out), crc, size
        bomb = deflated(b"A" * (1 << 20) for _ in range(100))
        entries = [("manifest.json", deflated([json.dumps(manifest).encode()]), False)]
        entries += [(table + ".csv", bomb, lie) for table in manifest["rowCounts"]]
        body, central = bytearray(), bytearray()
        for name, (data, crc, size), claim in entries:
            name, told = name.encode(), 100 if claim else size
            central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, 20, 20, 0, 8, 0, 0x21, crc, len(data), told,
                                   len(name), 0, 0, 0, 0, 0, len(body)) + name
            body += struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0, 8, 0, 0x21, crc, len(data), told, len(name), 0) + name + data
        end = struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, len(entries), len(entries), len(central), len(body), 0)
        open(target, "wb").write(bytes(body + central + end))
        """#

    @Test("a ~1 MB archive claiming a billion rows and inflating to gigabytes is refused, under 200 MB of memory; the store is untouched",
          .enabled(if: RestoreLimitsCommandTests.python != nil && RestoreLimitsCommandTests.time != nil), arguments: ["honest", "lie"])
    func crafted(headers: String) throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let setup = try box.script("setup.lua", "af.create_asset{ name = 'ACME', type = 'stock', quantity = 3, cost_basis = 10, date = '2024-01-02' }\n")
        #expect(try box.run(["run", "--store", box.store, setup]).status == 0)
        #expect(try box.run(["backup", "--store", box.store, box.file("real.zip")]).status == 0)
        let craft = Process()
        craft.executableURL = URL(fileURLWithPath: Self.python!)
        craft.arguments = ["-c", Self.craft, box.file("real.zip"), box.file("crafted.zip")] + (headers == "lie" ? ["lie"] : [])
        try craft.run()
        craft.waitUntilExit()
        #expect(craft.terminationStatus == 0)
        let size = try FileManager.default.attributesOfItem(atPath: box.file("crafted.zip"))[.size] as? Int ?? 0
        #expect(size > 0 && size < 2 << 20, "\(size)")  // about 100 KB per table
        let before = try Data(contentsOf: URL(fileURLWithPath: box.store))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.time!)
        process.arguments = ["-f", "peak-kb %M", CommandLineTests.binary, "restore", "--store", box.store, box.file("crafted.zip")]
        process.environment = box.environment
        process.standardInput = FileHandle.nullDevice
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(err)")
        #expect(err.hasPrefix("Corrupted data: "), "\(err)")
        #expect(err.contains("inflates to more than") || err.contains("cannot be read"), "\(err)")
        #expect(err.contains("The store was not changed."), "\(err)")
        let peak = err.split(separator: "\n").last { $0.hasPrefix("peak-kb ") }.flatMap { Int($0.dropFirst(8)) }
        #expect(peak != nil && peak! < 200 * 1024, "peak \(peak ?? -1) KB")
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.store)) == before)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: box.path).contains { $0.contains("before-restore") }))
    }
}
