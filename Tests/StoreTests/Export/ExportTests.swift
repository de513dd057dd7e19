import Foundation
import Testing
@testable import Core
@testable import Store

/// A temporary folder for one test, removed afterwards.
func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "af-e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
}

/// A small store with stocks, cash, fees, income, an adjustment and prices.
func sampleStore(_ s: StoreSession) throws {
    _ = try importCSV(s, .transactions, """
        Date,Asset,Type,Quantity,Price,Fees,Asset Type,Platform,Note,Source
        2024-01-02,ACME,buy,10,150,1.5,stock,Broker,"first, with a comma",
        2024-01-02,Cash,buy,1000,,,cash,Bank,,
        2024-02-01,ACME,buy,5,160,0,stock,Broker,,
        2024-03-01,ACME,sell,4,170.25,2,stock,Broker,,
        2024-03-15,Cash,dividend,12.34,,,cash,Bank,,ACME
        2024-04-01,Gold,buy,0.5,2000,0,commodity,,,
        2024-04-02,Gold,adjustment,-0.125,2000,0,commodity,,,
        """)
    _ = try importCSV(s, .prices, "Date,Asset,Price\n2024-05-01,ACME,181.333\n2024-05-02,Gold,2100.5\n2024-01-02,Cash,1\n")
}

/// Each asset's figures and the net worth, as text: what "identical figures" compares.
func figures(_ s: StoreSession) throws -> [String] {
    try s.assets().map { a in
        let v = try s.valuation(ofAsset: a.id!)
        return "\(a.name) \(a.type.rawValue) \(a.currency) q=\(v.quantity.plainText) cost=\(v.costBasis.plainText) "
            + "realized=\(v.realizedGain.plainText) value=\(v.currentValue.plainText)"
    } + ["net worth \(try s.netWorth().plainText)"]
}

@Suite("Export: CSV and JSON files, exact, owner-only, and back through import")
struct ExportTests: StoreRuleTesting {
    @Test("export csv → import into an empty store → identical figures")
    func roundTrip() throws {
        try withTemporaryFolder { folder in
            var original: [String] = []
            try withStore { s in
                try sampleStore(s)
                original = try figures(s)
                _ = try StoreExport.write(s, format: .csv, to: folder + "/out")
            }
            try withStore { s in
                for (kind, file) in [(ImportKind.transactions, "transactions.csv"), (.prices, "prices.csv")] {
                    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/" + file))
                    _ = try s.importCSV(ImportRequest(options: ImportOptions(kind: kind), data: data))
                }
                #expect(try figures(s) == original)
            }
        }
    }

    @Test("every table is exported, values exact; files 0600 in folders 0700")
    func everyTable() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try sampleStore(s)
                let files = try StoreExport.write(s, format: .csv, to: folder + "/new/out")
                for table in try s.dataTableNames() { #expect(files.contains(folder + "/new/out/tables/\(table).csv")) }
                let prices = try String(contentsOfFile: folder + "/new/out/tables/price_history.csv", encoding: .utf8)
                #expect(prices.contains("181.333"))
                for file in files { #expect(mode(file) == 0o600) }
                #expect(mode(folder + "/new") == 0o700)
                #expect(mode(folder + "/new/out/tables") == 0o700)
            }
        }
    }

    @Test("export json: arrays of objects, decimals as exact text")
    func json() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try sampleStore(s)
                _ = try StoreExport.write(s, format: .json, to: folder)
                let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/transactions.json"))
                let rows = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
                #expect(rows.count == 7)
                #expect(rows.last?["quantity"] as? String == "-0.125")
                #expect(rows.first?["note"] as? String == "first, with a comma")
                #expect(FileManager.default.fileExists(atPath: folder + "/tables/asset.json"))
            }
        }
    }
}
