import PropertyBased
import Testing
@testable import Core

/// Numbers read right or refused, never guessed: each column's decimal mark is decided
/// from all of its cells.
@Suite("Import numbers by column: decimal mark from the whole column, mixed columns refused")
struct NumberColumnTests {
    /// Reads the cells of one column (lines 2, 3, …) as an import does; each value or error.
    static func column(_ cells: [String], rule: NumberRule = .fromFile, others: [[String]] = []) -> [Result<String?, RuleViolation>] {
        let numbered = cells.enumerated().map { (line: $0.offset + 2, text: $0.element) }
        let evidence = NumberColumn.evidence(numbered)
        let fileMark = NumberColumn.fileMark([evidence] + others.map { column in
            NumberColumn.evidence(column.enumerated().map { (line: $0.offset + 2, text: $0.element) })
        })
        let reader = NumberColumn(evidence: evidence, rule: rule, fileMark: fileMark)
        return numbered.map { cell in
            do { return .success(try reader.read(cell.text, line: cell.line)?.value.plainText) } catch let v as RuleViolation {
                return .failure(v)
            } catch { return .failure(RuleViolation("\(error)")) }
        }
    }

    static func values(_ cells: [String], rule: NumberRule = .fromFile, others: [[String]] = []) -> [String?] {
        column(cells, rule: rule, others: others).map { (try? $0.get()) ?? "error" }
    }

    @Test("a separator followed by other than three digits is a decimal mark: 0,76672417 and 1,5")
    func decimalComma() {
        #expect(Self.values(["0,76672417"]) == ["0.76672417"])  // Revolut's row: never 76,672,417
        #expect(Self.values(["1,5"]) == ["1.5"])
        #expect(Self.values(["150,00", "1.234,50", "7"]) == ["150", "1234.5", "7"])  // a semicolon file, no option
        #expect(Self.values(["97.93", "1,234.5"]) == ["97.93", "1234.5"])
    }

    @Test("an ambiguous 1,234 takes its column's style, else the file's; undecided it is refused")
    func ambiguous() {
        #expect(Self.values(["1,234", "12,5"]) == ["1.234", "12.5"])
        #expect(Self.values(["1,234", "12.5"]) == ["1234", "12.5"])
        #expect(Self.values(["1.000"], others: [["12,50"]]) == ["1000"])   // German quantities, prices decide
        #expect(Self.values(["1,234"], others: [["0,5"], ["2.25"]]) == ["error"])  // the file disagrees
        let refused = Self.column(["1,234", "5"])
        guard case .failure(let error) = refused[0] else { Issue.record("1,234 was read"); return }
        #expect(error.message == "'1,234' could be 1234 or 1.234, and no other number in its column or file tells which: give --decimal-point or --decimal-comma.")
        #expect(Self.values(["1,234"], rule: .mark(.point)) == ["1234"])
        #expect(Self.values(["1,234"], rule: .mark(.comma)) == ["1.234"])
    }

    @Test("a column that mixes styles is an error on the rarer style's lines, naming the others")
    func mixed() {
        let results = Self.column(["150,00", "97.93", "12,5", "3,25"])
        #expect((try? results[0].get()) == "150")
        guard case .failure(let error) = results[1] else { Issue.record("97.93 was read in a mixed column"); return }
        #expect(error.message == "'97.93': this column mixes decimal styles: this number has a decimal point, while lines 2, 4 and 5 have a decimal comma ('150,00'). Which one is meant cannot be known: write the column in one style.")
        // A broker known to mix (DEGIRO) reads each cell by its own form.
        #expect(Self.values(["150,00", "97.93", "1.234"], rule: .perCell(ambiguousAs: .comma)) == ["150", "97.93", "1234"])
    }

    @Test("with --decimal-comma, 97.93 among decimal-comma cells is refused, not 9793")
    func statedComma() {
        let results = Self.column(["150,00", "97.93"], rule: .mark(.comma))
        #expect((try? results[0].get()) == "150")
        guard case .failure(let error) = results[1] else { Issue.record("97.93 was read with --decimal-comma"); return }
        #expect(error.message.hasPrefix("'97.93' has a decimal point, but"))
        #expect(Self.values(["1.234,50", "0,1"], rule: .mark(.comma)) == ["1234.5", "0.1"])
    }

    @Test("negatives in parentheses and with a trailing minus; currencies around the number")
    func negativesAndCurrencies() throws {
        #expect(Self.values(["(1.234,50 €)", "12,5-", "-€3,5", "$-5,25"]) == ["-1234.5", "-12.5", "-3.5", "-5.25"])
        let reader = NumberColumn(evidence: .init(), rule: .fromFile, fileMark: nil)
        #expect(try reader.read("£110.79", line: 2)?.currency?.code == "GBP")
        #expect(try reader.read("1 234,56 GBX", line: 2)?.currency?.pence == true)
        #expect(try reader.read("US$ 12", line: 2)?.currency?.code == "USD")
        #expect(try reader.read("$12", line: 2)?.currency?.codes.contains("CAD") == true)
        #expect(throws: RuleViolation.self) { try reader.read("£12 USD", line: 2) }
        #expect(throws: RuleViolation.self) { try reader.read("12 XYZ", line: 2) }
    }

    @Test("a price past 18 places is rounded half-even; other numbers are refused")
    func rounding() throws {
        let reader = NumberColumn(evidence: .init(), rule: .fromFile, fileMark: .point)
        let half = try #require(try reader.read("1.0000000000000000005", line: 2, round: true))
        #expect(half.value.plainText == "1" && half.rounded)  // ties to even
        let up = try #require(try reader.read("1.0000000000000000015", line: 2, round: true))
        #expect(up.value.plainText == "1.000000000000000002" && up.rounded)
        #expect(throws: RuleViolation.self) { try reader.read("1.0000000000000000005", line: 2) }
    }

    // MARK: The property

    /// A number written in one style: digits grouped or not, either mark, a sign in one of
    /// three forms, a currency or none.
    static func write(units: Int64, scale: Int, negative: Bool, mark: DecimalMark, style: Int) -> String {
        let power = (0..<scale).reduce(Int64(1)) { a, _ in a * 10 }
        let whole = String(units / power)
        var fraction = String(units % power)
        while fraction.count < scale { fraction = "0" + fraction }
        let grouping: String? = [nil, mark == .point ? "," : ".", " ", "'"][style % 4]
        var integer = whole
        if let grouping {
            var groups: [String] = []
            var rest = Substring(whole)
            while rest.count > 3 { groups.insert(String(rest.suffix(3)), at: 0); rest = rest.dropLast(3) }
            groups.insert(String(rest), at: 0)
            integer = groups.joined(separator: grouping)
        }
        var text = integer + (scale > 0 ? (mark == .point ? "." : ",") + fraction : "")
        switch style / 4 % 6 {
        case 1: text = "$" + text
        case 2: text = "€ " + text
        case 3: text = "EUR " + text
        case 4: text += " USD"
        case 5: text += " €"
        default: break
        }
        if negative { text = ["-" + text, "(" + text + ")", text + "-"][style / 24 % 3] }
        return text
    }

    @Test("numbers in every style read back exactly or are refused; a mixed column is refused; nothing is off by 10^k")
    func property() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...8), Gen.int(in: 0...1_000)) { codes, seed in
            let mark: DecimalMark = seed % 2 == 0 ? .point : .comma
            let numbers = codes.enumerated().map { index, code -> (text: String, value: ExactDecimal) in
                let scale = (code / 7 + seed) % 5
                let units = Int64(code % 2_000_000_000) * Int64(1 + (code / 3) % 997)
                let negative = (code / 11) % 3 == 0
                let text = Self.write(units: units, scale: scale, negative: negative, mark: mark, style: (code / 13 + index) % 72)
                let value = ExactDecimal(units: UInt128(units), scale: scale, negative: negative && units != 0)
                return (text, value)
            }
            let results = Self.column(numbers.map(\.text))
            let decided = NumberColumn.evidence(numbers.enumerated().map { (line: $0.offset + 2, text: $0.element.text) }).mark != nil
            for (result, number) in zip(results, numbers) {
                switch result {
                case .success(let read):
                    #expect(read == number.value.plainText, "'\(number.text)' read as \(read ?? "nothing"), not \(number.value.plainText)")
                case .failure(let error):
                    // Only a cell its column cannot decide is refused.
                    #expect(!decided, "'\(number.text)' refused in a decided column: \(error.message)")
                }
            }
            // The same numbers with one more in the other style: a mixed column is refused.
            let other = Self.write(units: 12345, scale: 2, negative: false, mark: mark.other, style: 0)
            let mixed = Self.column(numbers.map(\.text) + [other])
            let shown = Set(numbers.compactMap { (try? NumberCell.read($0.text))?.form.shownMark })
            if shown == [mark] {
                #expect(mixed.contains { if case .failure = $0 { true } else { false } }, "a mixed column was read: \(numbers.map(\.text)) + \(other)")
            }
        }
    }

    @Test("random text in number and date cells never crashes: each is a value or an error")
    func fuzz() async {
        let alphabet = Array("0123456789.,-+() '$€£¥GBXpUSDabc/:\u{00A0}Jul März as of T")
        await propertyCheck(count: 400, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...14).array(of: 1...6)) { cells in
            let texts = cells.map { String($0.map { alphabet[$0] }) }
            _ = Self.column(texts)
            _ = Self.column(texts, rule: .mark(.comma))
            let numbered = texts.enumerated().map { (line: $0.offset + 2, text: $0.element) }
            let dates = DateColumn(numbered, format: nil, today: CalendarDate("2026-11-26"))
            for cell in numbered { _ = try? dates.read(cell.text, line: cell.line) }
        }
    }
}
