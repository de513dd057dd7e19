import Core
import LuaBridge

/// Exact decimals in a Lua state: the adapter between LuaBridge (which knows nothing of
/// Core) and `ExactDecimal`. A decimal is a userdata of class "decimal" holding the value
/// inline (no `__gc` needed).
extension LuaState {
    /// Defines the decimal and money classes: arithmetic, comparison, `tostring` and `..`.
    /// Call once, before any decimal or money is pushed. [-0, +0, m]
    public func installDecimals() {
        LuaDecimal.install(in: self)
        LuaMoney.install(in: self)
        if Self.decimalFastPathsAvailable { installDecimalFastPaths(className: LuaDecimal.className) }
    }

    /// Whether decimals use the C fast paths (LuaBridge's `installDecimalFastPaths`): only
    /// when ExactDecimal is stored as they read it. The tests require it.
    public static var decimalFastPathsAvailable: Bool { LuaDecimal.layoutMatchesC }

    /// Pushes `function` as a Lua function that reads a plainly written number string in C
    /// (`style`: 0 point, 1 comma, 2 auto, 3 last mark) and runs `function` for anything
    /// else; `function` alone when the C paths are not available. [-0, +1, m]
    public func pushDecimalReader(style: Int32, _ function: @escaping LuaFunction) {
        if Self.decimalFastPathsAvailable { pushDecimalReader(style: style, className: LuaDecimal.className, function) } else { pushFunction(function) }
    }

    /// Pushes an exact decimal. An out-of-range decimal pushes nil and leaves its error to
    /// be raised once the Swift function has returned (`raiseAfterReturn`). [-0, +1, m]
    public func pushDecimal(_ value: ExactDecimal) {
        if value.isOutOfRange, let error = value.rangeError {
            raiseAfterReturn(error)
            LuaCall(L).pushNil()
            return
        }
        pushValue(value, ofClass: LuaDecimal.className)
    }

    /// Pushes a rounded decimal that remembers its places: `tostring` shows exactly that
    /// many (`D"13315":round(2)` prints 13315.00). Arithmetic on it gives plain decimals;
    /// every reader sees the same decimal (the value comes first in the userdata).
    /// [-0, +1, m]
    public func pushDecimal(_ value: ExactDecimal, places: Int) {
        if value.isOutOfRange || places <= 0 { pushDecimal(value); return }
        pushValue(RoundedDecimal(value: value, places: UInt8(min(places, ExactDecimal.maxScale))), ofClass: LuaDecimal.className)
    }

    /// The places a rounded decimal at `index` shows, nil for any other value. [-0, +0, -]
    public func decimalPlaces(at index: Int32) -> Int? {
        guard userdataSize(at: index) == MemoryLayout<RoundedDecimal>.size, decimalValue(at: index) != nil,
              let rounded = value(at: index, ofClass: LuaDecimal.className, as: RoundedDecimal.self) else { return nil }
        return Int(rounded.places)
    }

    /// The decimal at `index` if it is a decimal userdata. [-0, +0, -]
    public func decimalValue(at index: Int32) -> ExactDecimal? {
        value(at: index, ofClass: LuaDecimal.className, as: ExactDecimal.self)
    }
}

extension LuaCall {
    /// A decimal from a decimal, an integer, a decimal string or a float (read from its
    /// shortest round-trip text, never through binary), or money's amount (a binding that
    /// takes a decimal takes money as its amount: `af.returns.growth{ begin_value = r.start_value, … }`);
    /// nil for nil. [-0, +0, -]
    public func decimal(at index: Int32) throws -> ExactDecimal? {
        switch type(at: index) {
        case LuaTypeCode.nil, LuaTypeCode.none: return nil
        case LuaTypeCode.number:
            if let integer = integer(at: index) { return ExactDecimal(integer) }
            let double = number(at: index)!
            guard double.isFinite else { throw LuaArgumentError("\(double) is not a finite number") }
            do { return try ExactDecimal.exactly(shortestTextOf: double) } catch let error as DecimalParseError { throw LuaArgumentError(error.description) }
        case LuaTypeCode.string:
            return try ExactDecimal.parse(string(at: index)!)
        case LuaTypeCode.userdata:
            if let value = state.decimalValue(at: index) { return value }
            if let money = state.moneyValue(at: index) { return money.amount }
            fallthrough
        default:
            throw LuaArgumentError("decimal expected, got \(typeName(at: index))")
        }
    }

    /// [-0, +1, m]
    public func pushDecimal(_ value: ExactDecimal) { state.pushDecimal(value) }

    /// The decimal, or nil. [-0, +1, m]
    public func pushOptionalDecimal(_ value: ExactDecimal?) {
        if let value { pushDecimal(value) } else { pushNil() }
    }
}

/// A decimal with the places it was rounded to: the value first, so a reader of a plain
/// decimal reads it unchanged.
struct RoundedDecimal {
    var value: ExactDecimal
    var places: UInt8
}
