import Core
import Foundation
import LuaBridge
import LuaDecimals

/// A JSON document as Foundation's JSONDecoder reads it, numbers included exactly: a number
/// is decoded as `Decimal`, which JSONDecoder builds from the number's digits (never
/// through a binary float), then becomes an `ExactDecimal`. For `af.json` in providers.
enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Decimal.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Pushes the value: objects and arrays as tables, numbers as decimals, null as nil
    /// (so a null field is absent). [-0, +1, m]
    func push(_ call: LuaCall) throws {
        switch self {
        case .null: call.pushNil()
        case .bool(let value): call.pushBoolean(value)
        case .string(let value): call.pushString(value)
        case .number(let value): call.pushDecimal(try ExactDecimal.parse(value.description))
        case .array(let values):
            call.newTable(arrayCount: values.count)
            for (i, value) in values.enumerated() {
                try value.push(call)
                call.setElement(i + 1, of: -2)
            }
        case .object(let fields):
            call.newTable(fieldCount: fields.count)
            for (key, value) in fields {
                try value.push(call)
                call.setField(key, of: -2)
            }
        }
    }
}
