import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

/// A table's rows are kept packed (issue 27): what goes in comes out, cell for cell, and the
/// renderers that write as they go give the text they give whole.
@Suite struct ReportRowsTests {
    static let cells: [ReportCell] = [
        .empty, .text(""), .text("ACME, Inc. — 株式 🚀"), .text(String(repeating: "x", count: 300)),
        .number(0, .number), .number(dec("-0.000000000000000000000000000000000001"), .integer),
        .number(dec("340282366920938463463374607431768211455"), .money), .number(dec("-1234.5600"), .percent),
        .money(dec("-12.5"), currency: "EUR"), .money(dec("100.25"), currency: ""),
    ]

    @Test("Every kind of cell reads back as it went in: the same units, scale and sign, the text, the format, the currency")
    func roundTrip() {
        var rows = ReportRows()
        let written: [[ReportCell]] = (0..<Self.cells.count).map { Array(Self.cells[$0...]) } + [[]]
        for row in written { rows.append(row) }
        #expect(rows.count == written.count)
        for (read, original) in zip(rows, written) {
            #expect(read == original)
            for (a, b) in zip(read, original) {
                if case .number(let x, _) = a, case .number(let y, _) = b { #expect(x.scale == y.scale && x.units == y.units && x.isNegative == y.isNegative) }
            }
        }
        #expect(ReportRows(written) == rows)
        #expect(ReportRows(written.dropLast()) != rows)
    }

    @Test("An out-of-range value stays out of range: the error it raises is raised where it is used")
    func outOfRange() {
        let overflow = ExactDecimal.greatestFiniteMagnitude + 1
        #expect(overflow.isOutOfRange)
        let rows: ReportRows = [[.number(overflow, .money)]]
        guard case .number(let read, _) = rows[0][0] else { Issue.record("not a number"); return }
        #expect(read.isOutOfRange)
        #expect(read.rangeError?.kind == .overflow)
    }

    @Test("Many rows span chunks; each reads back by position")
    func chunks() {
        var rows = ReportRows()
        for i in 0..<5_000 { rows.append([.text("row \(i) " + String(repeating: "·", count: i % 40)), .number(ExactDecimal(i), .integer)]) }
        #expect(rows.count == 5_000)
        #expect(rows.byteCount > ReportRows.chunkSize * 2)
        for i in [0, 1, 999, 2_500, 4_999] {
            #expect(rows[i] == [.text("row \(i) " + String(repeating: "·", count: i % 40)), .number(ExactDecimal(i), .integer)])
        }
    }

    @Test("Written as it is rendered, in pieces, every format gives the text it gives whole",
          arguments: ReportFormat.allCases)
    func streamedEqualsWhole(format: ReportFormat) throws {
        var big = ReportDocument(title: "Big", currency: "USD")
        big.elements = [.text("Before"), .table(ReportTable(title: "Rows", columns: [ReportColumn(key: "name"), ReportColumn(key: "value"), ReportColumn(key: "c")],
                                                          rows: (0..<20_000).map { [.text("Asset \($0 % 50)\u{1B}"), .number(ExactDecimal($0 - 10_000) / 7, .money), .money(ExactDecimal($0), currency: "EUR")] })),
                        .text("After"), .table(ReportTable(columns: [ReportColumn(key: "empty")], rows: []))]
        var documents = [big]
        for element in Samples.elements { for size in Samples.sizes { documents.append(Samples.document(element, size)) } }
        for document in documents {
            var pieces: [String] = []
            let output = ReportOutput { pieces.append($0) }
            format.render(document, terminalStyle: .init(colour: true), to: output)
            try output.finish()
            #expect(pieces.joined() == format.render(document, terminalStyle: .init(colour: true)), "\(format) \(document.title)")
            if document.title == "Big" { #expect(pieces.count > 1) }
        }
    }

    @Test("A failing output stops the rendering and its error is thrown once")
    func failingOutput() {
        struct Full: Error {}
        var calls = 0
        let output = ReportOutput { _ in calls += 1; throw Full() }
        var doc = ReportDocument(title: "T")
        doc.elements = [.table(ReportTable(columns: [ReportColumn(key: "a")], rows: (0..<100_000).map { [.text("row \($0)")] }))]
        ReportFormat.csv.render(doc, to: output)
        #expect(throws: Full.self) { try output.finish() }
        #expect(calls == 1)
    }
}
