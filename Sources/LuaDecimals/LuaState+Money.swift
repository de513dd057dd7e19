import Core
import LuaBridge

/// Money in a Lua state: an amount and its currency, of class "money" (LuaMoney).
extension LuaState {
    /// Pushes money. An out-of-range amount (or a code longer than 16 bytes) pushes nil and
    /// leaves its error to be raised once the Swift function has returned. [-0, +1, m]
    public func pushMoney(_ value: MoneyValue) {
        if value.amount.isOutOfRange, let error = value.amount.rangeError {
            raiseAfterReturn(error)
            LuaCall(L).pushNil()
            return
        }
        guard let stored = StoredMoney(value) else {
            raiseAfterReturn(LuaArgumentError("'\(value.currency)' is not a currency code"))
            LuaCall(L).pushNil()
            return
        }
        pushValue(stored, ofClass: LuaMoney.className)
    }

    /// The money at `index` if it is a money userdata. [-0, +0, -]
    public func moneyValue(at index: Int32) -> MoneyValue? {
        // The size first: every decimal operation asks whether an operand is money, and a
        // decimal's userdata is smaller, so it is told apart without reading its metatable.
        guard userdataSize(at: index) == MemoryLayout<StoredMoney>.size else { return nil }
        return value(at: index, ofClass: LuaMoney.className, as: StoredMoney.self)?.money
    }
}

extension LuaCall {
    /// [-0, +1, m]
    public func pushMoney(_ amount: ExactDecimal, _ currency: String) { state.pushMoney(MoneyValue(amount, currency)) }

    /// The money, or nil. [-0, +1, m]
    public func pushOptionalMoney(_ amount: ExactDecimal?, _ currency: String) {
        if let amount { pushMoney(amount, currency) } else { pushNil() }
    }
}
