import Core
import LuaBridge

/// Money in Lua: a userdata of class "money" (an exact amount and its currency) with its
/// own metatable. It mixes with decimals, integers, decimal strings and floats, which are
/// taken as amounts of the same currency; two amounts of different currencies are never
/// added, subtracted or compared without a conversion (the error names both).
///
/// - money ± money (same currency), money ± decimal, money × decimal, money ÷ decimal,
///   money % decimal and -money give money;
/// - money ÷ money (same currency) gives a decimal (a ratio);
/// - money × money, decimal ÷ money and money ^ n are errors;
/// - `<`, `<=` compare amounts (money with money of the same currency, or with a number);
///   `==` between two userdata compares amounts the same way (`m == 5` is false in Lua 5.4,
///   which never calls `__eq` for a number: use `m:eq(5)`).
///
/// A decimal's metamethods hand over to these when either operand is money, so
/// `D"2" * m` is money too. Every error is thrown to the C trampoline, never raised here.
enum LuaMoney {
    /// The class name of money userdata (`af.type(af.net_worth())` is "money").
    static let className = "money"

    enum Operation {
        case add, subtract, multiply, divide, modulo, lessThan, lessOrEqual, equal

        /// The verb of an error message: "cannot add …".
        var verb: String {
            switch self {
            case .add: "add"
            case .subtract: "subtract"
            case .multiply: "multiply"
            case .divide: "divide"
            case .modulo: "take the remainder of"
            case .lessThan, .lessOrEqual, .equal: "compare"
            }
        }
    }

    /// One side of an operation: money, or anything that reads as a decimal.
    enum Operand {
        case money(MoneyValue)
        case decimal(ExactDecimal)
    }

    static func install(in state: LuaState) {
        func arithmetic(_ op: Operation) -> LuaFunction { { call in try perform(op, call) } }
        state.defineClass(className, metamethods: [
            "__add": arithmetic(.add),
            "__sub": arithmetic(.subtract),
            "__mul": arithmetic(.multiply),
            "__div": arithmetic(.divide),
            "__mod": arithmetic(.modulo),
            "__lt": arithmetic(.lessThan),
            "__le": arithmetic(.lessOrEqual),
            "__eq": arithmetic(.equal),
            "__pow": { _ in throw LuaArgumentError("money cannot be raised to a power (use its .amount)") },
            "__idiv": { _ in throw LuaArgumentError("money has no floor division (use // on its .amount)") },
            "__unm": { call in
                let m = try money(call, 1)
                call.state.pushMoney(MoneyValue(-m.amount, m.currency))
                return 1
            },
            "__tostring": { call in
                call.pushString(try money(call, 1).displayText)
                return 1
            },
            "__concat": { call in
                call.pushString(try text(call, 1) + text(call, 2))
                return 1
            },
            "__index": { call in
                let m = try money(call, 1)
                guard let key = call.string(at: 2) else { return 0 }
                switch key {
                case "amount": call.pushDecimal(m.amount)
                case "currency": call.pushString(m.currency)
                default:
                    guard call.state.pushMethod(key, of: 1) else {
                        throw LuaArgumentError("money has no field or method '\(key)' (fields: amount, currency; see help(\"money\"))")
                    }
                }
                return 1
            },
        ])
    }

    /// True when either operand of a binary metamethod is money: the decimal class hands
    /// the operation over.
    static func involvesMoney(_ call: LuaCall) -> Bool {
        call.state.moneyValue(at: 1) != nil || call.state.moneyValue(at: 2) != nil
    }

    /// Runs `op` on the two operands and pushes its result. [-0, +1, -]
    static func perform(_ op: Operation, _ call: LuaCall) throws -> Int32 {
        // `==` with something that is no number (an Asset, a table) is false, as in Lua.
        if op == .equal, (try? operand(call, 1)) == nil || (try? operand(call, 2)) == nil {
            call.pushBoolean(false)
            return 1
        }
        let a = try operand(call, 1), b = try operand(call, 2)
        switch (op, a, b) {
        case (.lessThan, _, _), (.lessOrEqual, _, _), (.equal, _, _):
            let (x, y) = try amounts(op, a, b)
            call.pushBoolean(op == .lessThan ? x < y : op == .lessOrEqual ? x <= y : x == y)
        case (.add, _, _), (.subtract, _, _):
            let (x, y) = try amounts(op, a, b)
            call.state.pushMoney(MoneyValue(try LuaDecimal.checked { op == .add ? try x.adding(y) : try x.subtracting(y) }, currency(a, b)))
        case (.multiply, .money(let m), .decimal(let d)), (.multiply, .decimal(let d), .money(let m)):
            call.state.pushMoney(MoneyValue(try LuaDecimal.checked { try m.amount.multiplied(by: d) }, m.currency))
        case (.multiply, .money(let x), .money(let y)):
            throw LuaArgumentError("cannot multiply money by money (\(x.displayText) × \(y.displayText)); multiply by a decimal")
        case (.divide, .money(let m), .decimal(let d)):
            call.state.pushMoney(MoneyValue(try divide(m.amount, d), m.currency))
        case (.divide, .money, .money):
            let (x, y) = try amounts(op, a, b)
            call.pushDecimal(try divide(x, y))  // a ratio: no currency
        case (.modulo, .money(let m), _):
            let (x, y) = try amounts(op, a, b)
            call.state.pushMoney(MoneyValue(try remainder(x, y), m.currency))
        case (.divide, .decimal, .money(let m)), (.modulo, .decimal, .money(let m)):
            throw LuaArgumentError("cannot \(op.verb) a decimal by money (\(m.displayText)); use its .amount")
        default:
            throw LuaArgumentError("attempt to do money arithmetic without money")
        }
        return 1
    }

    /// The two amounts, refusing two different currencies.
    static func amounts(_ op: Operation, _ a: Operand, _ b: Operand) throws -> (ExactDecimal, ExactDecimal) {
        switch (a, b) {
        case (.money(let x), .money(let y)):
            guard x.currency == y.currency else {
                let verb = op.verb
                let joiner = op == .subtract ? "from" : "and"
                let pair = op == .subtract ? "\(y.displayText) \(joiner) \(x.displayText)" : "\(x.displayText) \(joiner) \(y.displayText)"
                throw LuaArgumentError("cannot \(verb) \(pair): different currencies (\(x.currency), \(y.currency)); convert one first, e.g. m:convert(\"\(x.currency)\")")
            }
            return (x.amount, y.amount)
        case (.money(let x), .decimal(let y)): return (x.amount, y)
        case (.decimal(let x), .money(let y)): return (x, y.amount)
        case (.decimal(let x), .decimal(let y)): return (x, y)
        }
    }

    static func currency(_ a: Operand, _ b: Operand) -> String {
        if case .money(let m) = a { return m.currency }
        if case .money(let m) = b { return m.currency }
        return ""
    }

    static func divide(_ x: ExactDecimal, _ y: ExactDecimal) throws -> ExactDecimal {
        if y.isZero { throw LuaArgumentError("division by zero") }
        return try LuaDecimal.checked { try x.divided(by: y) }
    }

    /// Lua's floored remainder, as the decimal class computes it.
    static func remainder(_ a: ExactDecimal, _ b: ExactDecimal) throws -> ExactDecimal {
        if b.isZero { throw LuaArgumentError("division by zero") }
        return try LuaDecimal.checked {
            let quotient = try a.divided(by: b)
            var floored = try quotient.rounding(places: 0, mode: .down)
            if quotient < 0, floored != quotient { floored = try floored.subtracting(1) }
            return try a.subtracting(floored.multiplied(by: b))
        }
    }

    static func operand(_ call: LuaCall, _ index: Int32) throws -> Operand {
        if let m = call.state.moneyValue(at: index) { return .money(m) }
        return .decimal(try LuaDecimal.operand(call, index))
    }

    static func money(_ call: LuaCall, _ index: Int32) throws -> MoneyValue {
        guard let m = call.state.moneyValue(at: index) else { throw LuaArgumentError("money expected, got \(call.typeName(at: index))") }
        return m
    }

    static func text(_ call: LuaCall, _ index: Int32) throws -> String {
        if let m = call.state.moneyValue(at: index) { return m.displayText }
        return try LuaDecimal.text(call, index)
    }
}
