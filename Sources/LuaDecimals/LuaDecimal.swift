import Core
import Foundation
import LuaBridge

/// Exact decimals in Lua: a userdata with arithmetic, comparison, `tostring` and `..`, that
/// mixes with integers, decimal strings and floats (floats read from their shortest text).
/// `tostring` and `..` show the value for reading (at most 8 places, or the places it was
/// rounded to: `D"13315":round(2)` is 13315.00); `d:exact()` is exact.
///
/// Lua calls `__eq` only when both operands are userdata, so `D"1" == 1` is false; use
/// `D"1":eq(1)` or `af.eq(a, b)`. `<` and `<=` mix freely. The named methods (`round`,
/// `format`, …) are bindings of the registry, added by the scripting layer.
enum LuaDecimal {
    /// The class name of decimal userdata (`af.type(D"1")` is "decimal").
    static let className = "decimal"

    static func install(in state: LuaState) {
        // With money on either side the operation is money's (LuaMoney): D"2" * m is money.
        let binary: (LuaMoney.Operation, @escaping (ExactDecimal, ExactDecimal) throws -> ExactDecimal) -> LuaFunction = { moneyOp, op in
            { call in
                if LuaMoney.involvesMoney(call) { return try LuaMoney.perform(moneyOp, call) }
                let a = try operand(call, 1), b = try operand(call, 2)
                call.pushDecimal(try op(a, b))
                return 1
            }
        }
        let compare: (LuaMoney.Operation, @escaping (ExactDecimal, ExactDecimal) -> Bool) -> LuaFunction = { moneyOp, op in
            { call in
                if LuaMoney.involvesMoney(call) { return try LuaMoney.perform(moneyOp, call) }
                call.pushBoolean(op(try operand(call, 1), try operand(call, 2)))
                return 1
            }
        }
        state.defineClass(className, metamethods: [
            // Checked arithmetic: an overflow is a Lua error naming the operation.
            "__add": binary(.add) { a, b in try checked { try a.adding(b) } },
            "__sub": binary(.subtract) { a, b in try checked { try a.subtracting(b) } },
            "__mul": binary(.multiply) { a, b in try checked { try a.multiplied(by: b) } },
            "__div": binary(.divide) { a, b in
                if b.isZero { throw LuaArgumentError("division by zero") }
                return try checked { try a.divided(by: b) }
            },
            "__mod": binary(.modulo) { a, b in
                if b.isZero { throw LuaArgumentError("division by zero") }
                return try checked {
                    let quotient = try a.divided(by: b)
                    var floored = try quotient.rounding(places: 0, mode: .down)
                    if quotient < 0, floored != quotient { floored = try floored.subtracting(1) }
                    return try a.subtracting(floored.multiplied(by: b))
                }
            },
            "__pow": power,
            "__unm": { call in
                call.pushDecimal(-(try operand(call, 1)))
                return 1
            },
            "__eq": compare(.equal) { $0 == $1 },
            "__lt": compare(.lessThan) { $0 < $1 },
            "__le": compare(.lessOrEqual) { $0 <= $1 },
            // For reading: at most 8 places, trailing zeros trimmed (DisplayFormat.plain);
            // d:exact() is every digit.
            "__tostring": { call in
                call.pushString(shown(call, 1, try operand(call, 1)))
                return 1
            },
            "__concat": { call in
                call.pushString(try text(call, 1) + text(call, 2))
                return 1
            },
        ])
    }

    /// `d ^ n`: a whole power from 0 to 1000 (money has no powers).
    static func power(_ call: LuaCall) throws -> Int32 {
        if LuaMoney.involvesMoney(call) { throw LuaArgumentError("money cannot be raised to a power (use its .amount)") }
        let base = try operand(call, 1)
        guard let exponent = call.integer(at: 2), exponent >= 0, exponent <= 1000 else {
            throw LuaArgumentError("a decimal can only be raised to a whole power from 0 to 1000")
        }
        call.pushDecimal(try checked { try base.raised(to: Int(exponent)) })
        return 1
    }

    /// Runs a checked decimal operation, turning a range error into a Lua error.
    static func checked(_ operation: () throws -> ExactDecimal) throws -> ExactDecimal {
        do { return try operation() } catch let error as DecimalRangeError { throw LuaArgumentError(error.description) }
    }

    static func operand(_ call: LuaCall, _ index: Int32) throws -> ExactDecimal {
        do {
            guard let value = try call.decimal(at: index) else { throw LuaArgumentError("decimal expected, got nil") }
            return value
        } catch let error as DecimalParseError {
            throw LuaArgumentError(error.description)
        } catch let error as LuaArgumentError {
            throw LuaArgumentError("attempt to do decimal arithmetic: \(error.description)")
        }
    }

    /// Whether an ExactDecimal (and a rounded one) is stored as the C fast paths read a
    /// decimal userdata: units low half, high half, scale, sign; 18 bytes (19 rounded).
    static let layoutMatchesC: Bool = {
        guard MemoryLayout<ExactDecimal>.size == 18, MemoryLayout<RoundedDecimal>.size == 19,
              let small = ExactDecimal.parseOrNil("-0.0000005"), let large = ExactDecimal.parseOrNil("18446744073709551617") else { return false }
        func bytes(_ value: ExactDecimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        return bytes(small) == [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 1]
            && bytes(large) == [1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    }()

    /// For reading: a rounded decimal with its places, any other at most 8, zeros trimmed.
    static func shown(_ call: LuaCall, _ index: Int32, _ value: ExactDecimal) -> String {
        if let places = call.state.decimalPlaces(at: index) { return value.fixedText(places: places) }
        return DisplayFormat.plain(value)
    }

    static func text(_ call: LuaCall, _ index: Int32) throws -> String {
        if let money = call.state.moneyValue(at: index) { return money.displayText }
        if let value = call.state.decimalValue(at: index) { return shown(call, index, value) }
        if let s = call.string(at: index) { return s }
        if call.type(at: index) == LuaTypeCode.number { return call.state.describe(at: index) }
        throw LuaArgumentError("attempt to concatenate a \(call.typeName(at: index)) value")
    }
}
