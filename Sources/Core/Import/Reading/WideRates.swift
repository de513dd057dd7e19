import Foundation

/// A wide rates file: the European Central Bank's published history (`eurofxref-hist.csv`)
/// and files like it. The header is `Date` and then a currency code per column; each line
/// is a day, newest first in the ECB's file, with the value of one euro in each currency:
///
///     Date,USD,JPY,BGN,CYP,CZK,…,ZAR,
///     2024-07-15,1.0892,171.57,1.9558,N/A,25.372,…,19.7748,
///
/// `N/A` and empty cells are days without a rate; the empty column after the last comma is
/// ignored. The base is EUR (`base` for other files of this shape). A column of a currency
/// AssetFlow does not know (the ECB's history keeps CYP, EEK, SIT … from before the euro)
/// is skipped and counted, so the summary says what was left out.
public enum WideRates {
    /// True when `fields` is a wide header: `Date` and currency codes.
    static func isHeader(_ fields: [String]) -> Bool {
        guard fields.first?.lowercased() == "date" else { return false }
        let codes = fields.dropFirst().filter { !$0.isEmpty }
        return !codes.isEmpty && codes.allSatisfy { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
    }

    /// The rates of a wide file, and the rates skipped by currency (unknown codes).
    static func parse(lines: [(line: Int, fields: [String])], header: [String], name: String,
                      base: String = "EUR") throws -> (rates: [ExchangeRate], skipped: [String: Int]) {
        var rates: [ExchangeRate] = []
        var skipped: [String: Int] = [:]
        let columns = header.enumerated().dropFirst().filter { !$0.element.isEmpty }
        for (line, fields) in lines {
            let place = "\(name) line \(line)"
            guard let date = CalendarDate(fields[0]) else {
                throw RuleViolation(RateCSV.notADateMessage(place, fields[0]), rule: .other)
            }
            for (index, code) in columns where index < fields.count {
                let cell = fields[index]
                if cell.isEmpty || cell.uppercased() == "N/A" || cell == "-" { continue }
                guard let value = ExactDecimal.parseOrNil(cell) else {
                    throw RuleViolation("\(place), \(code): '\(cell)' is not a valid decimal number.", rule: .other)
                }
                guard Currency.isKnown(code) else { skipped[code.uppercased(), default: 0] += 1; continue }
                let rate = ExchangeRate(base: base, quote: code.uppercased(), date: date, rate: value, source: "ECB")
                do { rates.append(try rate.validated()) } catch let v as RuleViolation {
                    throw RuleViolation("\(place), \(code): \(v.message)", rule: v.rule, date: date)
                }
            }
            if fields.count > header.count, fields[header.count...].contains(where: { !$0.isEmpty }) {
                throw RuleViolation("\(place): more fields than the header names (\(fields.count) for \(header.count)).", rule: .other)
            }
        }
        return (rates, skipped)
    }

    /// "Skipped 5,000 rates of currencies AssetFlow does not know: CYP, EEK."
    public static func skippedNote(_ skipped: [String: Int]) -> String? {
        guard !skipped.isEmpty else { return nil }
        let count = skipped.values.reduce(0, +)
        return "Skipped \(count) rate\(count == 1 ? "" : "s") of currencies AssetFlow does not know: \(skipped.keys.sorted().joined(separator: ", "))."
    }
}
