import Foundation

/// Rows of text cells (or null) as objects, in exactly the bytes `JSONSerialization` makes
/// with `[.prettyPrinted, .sortedKeys]`, written by hand.
///
/// Why: `JSONSerialization` sorts every object's keys again with a locale-aware string
/// comparison (ICU collation); for the 350,000 rows of the benchmark store that sorting was
/// about 60 % of a 63-second `export json`. The keys of an export are the same for every
/// row, so their order is taken once from `JSONSerialization` itself (it stays Foundation's
/// order, whatever that is) and each row is printed in it. Strings are escaped as
/// swift-corelibs-foundation's writer escapes them (quote, backslash, slash, the named
/// control characters, other controls as \u00xx); `StreamedExportTests` compares the two
/// writers on every control character and assorted text.
struct JSONRowWriter {
    /// Column indexes in the order the keys are printed.
    private let order: [Int]
    /// `    "key" : ` for each column in `order`.
    private let prefixes: [[UInt8]]

    init(columns: [String]) throws {
        let probe = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, later in later })  // as `object` keeps the last
        let printed = try JSONSerialization.data(withJSONObject: probe, options: [.sortedKeys])
        // The compact form is {"key":index,...}: the indexes in printed order.
        let text = String(decoding: printed, as: UTF8.self)
        var order: [Int] = []
        var digits = ""
        var inString = false, escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !digits.isEmpty {
                order.append(Int(digits)!)
                digits = ""
            }
        }
        self.order = order
        prefixes = order.map { index in
            var bytes = Array("    ".utf8)
            Self.appendString(columns[index], to: &bytes)
            bytes += Array(" : ".utf8)
            return bytes
        }
    }

    /// Appends one row as `JSONSerialization` prints an element of a pretty array.
    func append(_ row: [String?], to out: inout [UInt8]) {
        out += Self.objectOpen
        for (position, index) in order.enumerated() {
            out += prefixes[position]
            if index < row.count, let value = row[index] { Self.appendString(value, to: &out) } else { out += Self.null }
            out += position == order.count - 1 ? Self.lastLineEnd : Self.lineEnd
        }
        out += Self.objectClose
    }

    private static let objectOpen = Array("  {\n".utf8), objectClose = Array("  }".utf8)
    private static let lineEnd = Array(",\n".utf8), lastLineEnd = Array("\n".utf8), null = Array("null".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    /// A JSON string literal of `text`, escaped as Foundation's writer escapes.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "/"): out += [UInt8(ascii: "\\"), UInt8(ascii: "/")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
