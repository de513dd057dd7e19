import Foundation
import Testing

/// Issue 23's byte-flip harness: copies of a store, each with one byte flipped, written to by
/// `assetflow run`. Every page carries a checksum verified when it is read
/// (Documentation/Store.md, "Damage caught on read"), so a copy must be refused the moment the
/// write reads the damaged page, with the damage sentence, and the file must stay as it was.
///
/// Where the bytes are flipped: the database header (page 1, which every open reads: the
/// reserve byte, the format, the size, `user_version`), then, on every page the write reads
/// (the schema pages, the migrations, assets, transactions, prices and their indexes, the
/// settings index, the derived rows and their rule versions), the b-tree page header, a value
/// byte in the cell content, and the checksum itself. A page the write never reads is caught
/// by the first command that reads it (the last test), and by `assetflow check`.
@Suite("Damaged copies of a store are refused before any write")
struct DamagedCopiesTests {
    static let sqlite = "/usr/bin/sqlite3"
    /// The b-trees a buy after `af.net_worth()` reads.
    static let readByTheWrite = ["sqlite_schema", "grdb_migrations", "asset", "asset_name", "asset_transaction", "transaction_asset_date",
                                 "price_history", "sqlite_autoindex_price_history_1", "sqlite_autoindex_setting_1",
                                 "quantity_checkpoint", "position_snapshot", "derived_rule"]
    static let write = """
        print(af.net_worth())
        af.asset("ACME"):buy{ quantity = 1, price = "101", date = "2024-03-05" }

        """

    /// A store with two assets, their transactions and prices, imported by `assetflow`.
    func makeStore(_ box: CommandSandbox) throws {
        try """
            Date,Symbol,Type,Quantity,Price,Currency
            2024-01-02,ACME,buy,10,100,USD
            2024-02-01,ACME,buy,5,110,USD
            2024-03-01,ACME,sell,3,120,USD
            2024-01-05,BOLT,buy,7,50,USD

            """.write(toFile: box.file("t.csv"), atomically: true, encoding: .utf8)
        try "Date,Symbol,Price\n2024-03-01,ACME,130\n2024-03-01,BOLT,55\n".write(toFile: box.file("p.csv"), atomically: true, encoding: .utf8)
        #expect(try box.run(["import", "transactions", box.file("t.csv"), "--store", box.store]).status == 0)
        #expect(try box.run(["import", "prices", box.file("p.csv"), "--store", box.store]).status == 0)
    }

    /// Each page of `store` with the b-tree it belongs to (SQLite's dbstat, read-only).
    func pageOwners(_ store: String) throws -> [(page: Int, owner: String)] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.sqlite)
        p.arguments = ["-readonly", store, "SELECT pageno, name FROM dbstat ORDER BY pageno"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "|")
            guard parts.count == 2, let page = Int(parts[0]) else { return nil }
            return (page, String(parts[1]))
        }
    }

    /// The 37 places flipped: (what, byte offset in the file).
    func sites(_ owners: [(page: Int, owner: String)], pageSize: Int = 4096) -> [(String, Int)] {
        var sites: [(String, Int)] = [("header: reserved bytes per page", 20), ("header: read format", 19),
                                      ("header: page count", 30), ("header: user_version", 63)]
        let read = owners.filter { Self.readByTheWrite.contains($0.owner) }
        for (page, owner) in read {
            let start = (page - 1) * pageSize
            sites.append(("\(owner) page \(page): b-tree header", start + (page == 1 ? 100 : 0)))
            sites.append(("\(owner) page \(page): a value", start + pageSize - 8 - 21))
        }
        for (page, owner) in read {
            sites.append(("\(owner) page \(page): its checksum", (page - 1) * pageSize + pageSize - 3))
        }
        return Array(sites.prefix(37))
    }

    @Test("37 byte-flipped copies: each write fails with the damage sentence, and each file is left as it was")
    func thirtySevenCopies() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.sqlite), "sqlite3 maps pages to tables")
        let box = try CommandSandbox()
        defer { box.remove() }
        try makeStore(box)
        let original = try Data(contentsOf: URL(fileURLWithPath: box.store))
        let owners = try pageOwners(box.store)
        let sites = sites(owners)
        try #require(sites.count == 37, "\(owners)")
        let writer = try box.script("w.lua", Self.write)

        // The sound store takes the write.
        let sound = box.file("sound.sqlite")
        try original.write(to: URL(fileURLWithPath: sound))
        #expect(try box.run(["run", "--store", sound, writer]).status == 0)

        var refused = 0
        for (i, (what, offset)) in sites.enumerated() {
            let copy = box.file("copy-\(i).sqlite")
            var bytes = original
            bytes[offset] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: copy))
            let r = try box.run(["run", "--store", copy, writer])
            let after = try Data(contentsOf: URL(fileURLWithPath: copy))
            if r.status == 1, r.err.contains("does not match its checksum"), r.err.contains("assetflow check"), after == bytes {
                refused += 1
            } else {
                Issue.record("\(what) (byte \(offset)): status \(r.status), unchanged \(after == bytes), \(r.err)")
            }
        }
        #expect(refused == 37)
    }

    @Test("a damaged page the write never reads: the write goes ahead, the page stays as it was, and the first read of it fails")
    func pageNobodyReads() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.sqlite), "sqlite3 maps pages to tables")
        let box = try CommandSandbox()
        defer { box.remove() }
        try makeStore(box)
        let categories = try box.script("c.lua", "af.create_category{ name = 'Tech' }\n")
        #expect(try box.run(["run", "--store", box.store, categories]).status == 0)
        let page = try #require(try pageOwners(box.store).first { $0.owner == "category" }?.page)
        let range = (page - 1) * 4096..<page * 4096
        var bytes = try Data(contentsOf: URL(fileURLWithPath: box.store))
        bytes[range.upperBound - 40] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: box.store))

        #expect(try box.run(["run", "--store", box.store, try box.script("w.lua", Self.write)]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.store))[range] == bytes[range])
        let read = try box.run(["run", "--store", box.store, try box.script("r.lua", "print(#af.categories())\n")])
        #expect(read.status == 1)
        #expect(read.err.contains("page \(page) does not match its checksum"), "\(read.err)")
        let check = try box.run(["check", "--store", box.store])
        #expect(check.status == 1)
        #expect(check.err.contains("checksum: page \(page) of "), "\(check.err)")
    }
}
