import Foundation
import Testing
@testable import Core
@testable import Store

/// Issue 23, item 5: `export csv` writes would-be formulas as text; backups stay exact.
@Suite("Export: formula-safe CSV")
struct FormulaExportTests {
    @Test("a name beginning with = is exported as text in transactions.csv and tables/asset.csv; the backup keeps it exactly")
    func exportEscapes() throws {
        try withTemporaryFolder { folder in
            try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
                _ = try importCSV(s, .transactions, """
                    Date,Asset,Type,Quantity,Price,Asset Type
                    2024-01-02,=HYPERLINK(1),buy,10,150,stock
                    2024-01-03,=HYPERLINK(1),adjustment,-2,150,stock
                    """)
                _ = try StoreExport.write(s, format: .csv, to: folder)
                let transactions = try String(contentsOfFile: folder + "/transactions.csv", encoding: .utf8)
                #expect(transactions.contains("\"'=HYPERLINK(1)\""))
                #expect(transactions.contains(",-2,"))  // a negative number stays a number
                #expect(try String(contentsOfFile: folder + "/tables/asset.csv", encoding: .utf8).contains("\"'=HYPERLINK(1)\""))
                let exact = try s.dump(table: "asset").exactCSV
                #expect(exact.contains("=HYPERLINK(1)") && !exact.contains("'=HYPERLINK"))
            }
        }
    }
}
