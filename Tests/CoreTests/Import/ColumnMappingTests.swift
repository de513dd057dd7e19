import Testing
@testable import Core

@Suite("Column mapping: by header, by --map, and every missing column at once")
struct ColumnMappingTests {
    @Test("headers match trimmed and ignoring case, with synonyms")
    func automatic() throws {
        let m = try ColumnMapping.resolve(kind: .transactions, headers: [" DATE ", "Symbol", "Action", "Shares", "price per unit", "Commission"])
        #expect(m.columns == [.date: 0, .asset: 1, .type: 2, .quantity: 3, .price: 4, .fees: 5])
        #expect(m.warnings.isEmpty)
    }

    @Test("--map maps columns whatever their names; unknown columns are warned about")
    func explicit() throws {
        let pairs = try ColumnMapping.parsePairs("Datum=date, Wertpapier=asset,Stück=quantity,Kurs=price,Art=type")
        let m = try ColumnMapping.resolve(kind: .transactions, headers: ["Datum", "Wertpapier", "Art", "Stück", "Kurs", "ISIN"], explicit: pairs)
        #expect(m.columns == [.date: 0, .asset: 1, .type: 2, .quantity: 3, .price: 4])
        #expect(m.warnings == ["Unrecognized column: ISIN (will be ignored)"])
    }

    @Test("missing required columns are all listed, with the headers seen")
    func missing() {
        #expect(throws: ImportFailure(lines: [
            "Missing required column: Date",
            "Missing required column: Quantity",
            "Missing required column: Price",
            "Columns in the file: Name, Kind.",
            "Map them with --map \"COLUMN=FIELD,…\" (fields: asset, date, type, quantity, price, fees, currency, asset_type, platform, note, source).",
        ])) {
            try ColumnMapping.resolve(kind: .transactions, headers: ["Name", "Kind"], explicit: [("Kind", "type")])
        }
    }

    @Test("a mapping naming a missing column or an unknown field is an error")
    func badMapping() {
        #expect(throws: RuleViolation.self) { try ColumnMapping.resolve(kind: .prices, headers: ["A"], explicit: [("B", "date")]) }
        #expect(throws: RuleViolation.self) { try ColumnMapping.resolve(kind: .prices, headers: ["A"], explicit: [("A", "colour")]) }
        #expect(throws: RuleViolation.self) { try ColumnMapping.parsePairs("Date") }
    }
}
