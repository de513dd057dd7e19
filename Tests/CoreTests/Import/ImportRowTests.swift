import Foundation
import Testing
@testable import Core

@Suite("Cleaning rows: a long file read in parts side by side")
struct ImportRowTests {
    @Test("rows and errors of a long file come back in the file's order, as read one by one")
    func partsKeepOrder() throws {
        var text = "Date,Asset,Type,Quantity,Price\n"
        for n in 1...60_000 {
            switch n % 997 {
            case 0: text += "2024-13-01,A\(n % 5),buy,1,2\n"  // a bad date
            case 1: text += "2024-01-02,,sell,abc,2\n"  // no asset, a bad quantity
            default: text += "2024-01-\(10 + n % 18),A\(n % 5),\(n % 3 == 0 ? "sell" : "buy"),\(n).25,1\(n % 100)\n"
            }
        }
        let table = try CSVTable.parse(text: text)
        let options = ImportOptions(kind: .transactions)
        let mapping = try ColumnMapping.resolve(kind: .transactions, headers: table.headers)
        var reported: [Int] = []
        let (rows, errors) = ImportRow.read(table, mapping: mapping, options: options) { reported.append($0) }

        let reader = RowReader(table: table, mapping: mapping, options: options)
        var expectedLines: [Int] = [], expectedErrors: [RowError] = []
        for row in table.rows {
            switch reader.read(row) {
            case .success(let parsed): expectedLines.append(parsed.line)
            case .failure(let failure): expectedErrors += failure.errors
            }
        }
        #expect(rows.map(\.line) == expectedLines)
        #expect(errors == expectedErrors)
        #expect(errors.count == 60 + 61 * 2)
        #expect(rows.first?.quantity == ExactDecimal(string: "2.25"))
        #expect(!reported.isEmpty && reported.allSatisfy { $0 < table.rows.count })
    }
}
