import Foundation
import Testing
@testable import Core
@testable import Store

/// `export csv` / `export json` write all their files or none: a target refused late (a
/// folder or a link where the last table's file goes) leaves the earlier files as they were,
/// creates none, and leaves no temporary file. Everything is made in the test's own folder.
@Suite("Export: all or nothing")
struct ExportAllOrNothingTests: StoreRuleTesting {
    func temporaries(under folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { ($0 as NSString).lastPathComponent.hasPrefix(".assetflow-") }
    }

    @Test("a refused last file: the earlier files keep their old content, none is created, no temporary stays")
    func refusedLastFile() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try sampleStore(s)
                let out = folder + "/out", last = try s.dataTableNames().last!
                try FileManager.default.createDirectory(atPath: out + "/tables/\(last).csv", withIntermediateDirectories: true)
                try "old".write(toFile: out + "/transactions.csv", atomically: false, encoding: .utf8)
                for format in [StoreExport.Format.csv, .json] {
                    if format == .json { try FileManager.default.createSymbolicLink(atPath: out + "/tables/\(last).json", withDestinationPath: folder + "/elsewhere") }
                    #expect(throws: OwnerOnlyFiles.Failure.self) { _ = try StoreExport.write(s, format: format, to: out) }
                    #expect(try String(contentsOfFile: out + "/transactions.csv", encoding: .utf8) == "old")
                    #expect(!FileManager.default.fileExists(atPath: out + "/prices.\(format.rawValue)"))
                    #expect(!FileManager.default.fileExists(atPath: out + "/tables/asset.\(format.rawValue)"))
                    #expect(temporaries(under: folder).isEmpty)
                }
                #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"))
                // The obstacle gone, the same export writes every file.
                try FileManager.default.removeItem(atPath: out + "/tables/\(last).csv")
                let files = try StoreExport.write(s, format: .csv, to: out)
                #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
                #expect(try String(contentsOfFile: out + "/transactions.csv", encoding: .utf8).hasPrefix("Date,Asset"))
                #expect(temporaries(under: folder).isEmpty)
            }
        }
    }

    @Test("a failed export into a new folder removes the folders it created")
    func createdFoldersRemoved() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try sampleStore(s)
                let batch = OwnerOnlyFiles.Batch()
                try batch.createFolder(folder + "/new/out/tables")
                try batch.stage(folder + "/new/out/tables/a.csv") { try $0.write("a") }
                #expect(throws: OwnerOnlyFiles.Failure.self) { try batch.stage(folder + "/new") { try $0.write("b") } }  // a folder
                batch.discard()
                #expect(!FileManager.default.fileExists(atPath: folder + "/new"))
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
            }
        }
    }
}
