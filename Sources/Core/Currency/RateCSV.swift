import Foundation

/// Exchange rates from CSV text: a header `date,base,quote,rate` (optionally `,source`), then
/// one rate a line, e.g. `2024-03-01,USD,EUR,0.92` (1 USD = 0.92 EUR on that day). Blank
/// lines are skipped; fields may be quoted. Any bad line is an error that names the line and
/// the field, so an import is all or nothing.
public enum RateCSV {
    /// "line 3: '2024-13-01' is not a date in the form YYYY-MM-DD."
    public static func notADateMessage(_ place: String, _ text: String) -> String {
        "\(place): '\(text)' is not a date in the form YYYY-MM-DD."
    }

    public static let header = ["date", "base", "quote", "rate"]

    public static func parse(_ text: String, name: String = "rates.csv") throws -> [ExchangeRate] {
        try parseFile(text, name: name).rates
    }

    /// The rates of a long file (date,base,quote,rate[,source]) or of a wide one such as the
    /// ECB's history (`WideRates`), with the rates a wide file had of unknown currencies.
    public static func parseFile(_ text: String, name: String = "rates.csv") throws -> (rates: [ExchangeRate], skipped: [String: Int]) {
        var rates: [ExchangeRate] = []
        var sawHeader = false
        var wide: (header: [String], lines: [(line: Int, fields: [String])])?
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            let place = "\(name) line \(index + 1)"
            if wide != nil {
                wide!.lines.append((index + 1, fields))
                continue
            }
            if !sawHeader, WideRates.isHeader(fields) {
                wide = (fields, [])
                continue
            }
            if !sawHeader {
                guard Array(fields.prefix(4)).map({ $0.lowercased() }) == header else {
                    throw RuleViolation("\(place): the header must be date,base,quote,rate (optionally ,source), or Date and a currency code per column (the ECB's history), not '\(line)'.", rule: .unknownValue)
                }
                sawHeader = true
                continue
            }
            guard fields.count == 4 || fields.count == 5 else {
                throw RuleViolation("\(place): 4 or 5 fields expected (date,base,quote,rate[,source]), found \(fields.count).", rule: .other)
            }
            // "0,92" splits into two fields: a numeric source is a decimal comma, not a source.
            if fields.count == 5, ExactDecimal.parseOrNil(fields[4]) != nil {
                throw RuleViolation("\(place): '\(fields[3]),\(fields[4])' looks like a decimal comma; write the rate with a point (\(fields[3]).\(fields[4])).", rule: .other)
            }
            guard let date = CalendarDate(fields[0]) else { throw RuleViolation(Self.notADateMessage(place, fields[0]), rule: .other) }
            guard let value = ExactDecimal.parseOrNil(fields[3]) else { throw RuleViolation("\(place): '\(fields[3])' is not a valid decimal number.", rule: .other) }
            let rate = ExchangeRate(base: fields[1], quote: fields[2], date: date, rate: value, source: fields.count == 5 && !fields[4].isEmpty ? fields[4] : "import")
            do { rates.append(try rate.validated()) } catch let v as RuleViolation {
                throw RuleViolation("\(place): \(v.message)", rule: v.rule, date: date)
            }
        }
        if let wide { return try WideRates.parse(lines: wide.lines, header: wide.header, name: name) }
        return (rates, [:])
    }
}
