import Core
import LuaBridge
import LuaDecimals
import Store

/// Everything on `Transaction`: its fields, `edit` and `delete`.
enum TransactionBindings {
    static let all: [Binding] = fields + changes

    static func tx(_ env: ScriptEnvironment, _ id: Int64) throws -> Transaction {
        guard let t = try env.session.transaction(id: id) else { throw LuaArgumentError("that transaction was deleted") }
        return t
    }

    /// The currency of a transaction's amounts: its asset's.
    static func currency(_ env: ScriptEnvironment, _ t: Transaction) throws -> String {
        try env.session.requireAsset(id: t.assetID).currency
    }

    static let fields: [Binding] = [
        .field("Transaction", "id", .integer, "The transaction's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("Transaction", "type", TransactionType.luaType, "buy, sell, transfer_in, transfer_out, adjustment, dividend or interest.") { env, call, id in
            call.pushString(try tx(env, id).type.rawValue)
        },
        .field("Transaction", "label", .string, "The type as shown: Deposit and Withdrawal for cash buys and sells.") { env, call, id in
            let t = try tx(env, id)
            call.pushString(t.type.label(forCash: try env.session.requireAsset(id: t.assetID).isCash))
        },
        .field("Transaction", "date", .date, "YYYY-MM-DD.") { env, call, id in call.pushString(try tx(env, id).date.description) },
        .field("Transaction", "quantity", .decimal, "Units moved (signed for an adjustment).") { env, call, id in call.pushDecimal(try tx(env, id).quantity) },
        .field("Transaction", "price", .decimal, "Price per unit.") { env, call, id in call.pushDecimal(try tx(env, id).pricePerUnit) },
        .field("Transaction", "total", .money, "quantity × price, in the asset's currency.") { env, call, id in
            let t = try tx(env, id)
            call.pushMoney(t.totalAmount, try currency(env, t))
        },
        .field("Transaction", "fees", .money, "Fees paid, in the asset's currency.") { env, call, id in
            let t = try tx(env, id)
            call.pushMoney(t.fees, try currency(env, t))
        },
        .field("Transaction", "currency", .string, "The asset's currency.") { env, call, id in call.pushString(try tx(env, id).currency) },
        .field("Transaction", "quantity_impact", .decimal, "How it changes the asset's quantity.") { env, call, id in
            call.pushDecimal(try tx(env, id).quantityImpact)
        },
        .field("Transaction", "asset", .object("Asset"), "The asset whose units move.") { env, _, id in env.pushAsset(try tx(env, id).assetID) },
        .field("Transaction", "source", .optional(.object("Asset")), "The asset that paid it (a dividend or interest) or that the money came from; nil when none.") { env, call, id in
            if let source = try tx(env, id).sourceAssetID, try env.session.asset(id: source) != nil { env.pushAsset(source) } else { call.pushNil() }
        },
        .field("Transaction", "note", .string, "Free text.") { env, call, id in call.pushString(try tx(env, id).note) },
    ]

    /// `{type, date, quantity, price, fees, note}`: the fields to change.
    struct Edit: LuaDecodable {
        var type: TransactionType?
        var date: CalendarDate?
        var quantity: ExactDecimal?
        var price: ExactDecimal?
        var fees: ExactDecimal?
        var note: String?
        static let fields: [LuaField<Edit>] = [
            .optional("type", \.type, "The new type."),
            .optional("date", \.date, "Not in the future."),
            .optional("quantity", \.quantity, "Units, > 0."),
            .optional("price", \.price, "Price per unit."),
            .optional("fees", \.fees, "Fees paid."),
            .optional("note", \.note, "Free text."),
        ]
    }

    static let changes: [Binding] = [
        .method(TransactionHandle.self, "edit", Edit.self, returns: .value(.object("Transaction")),
                "Edits in place; the result must keep the asset's quantity ≥ 0 (base = quantity − old impact).",
                example: #"t:edit{ quantity = 8 }"#) { env, _, t, args in
            try env.session.execute(EditTransaction(id: t.id, type: args.type, date: args.date, quantity: args.quantity, price: args.price,
                                                    fees: args.fees, note: args.note))
            env.pushTransaction(t.id)
            return 1
        },
        .method(TransactionHandle.self, "delete", NoArguments.self, returns: .none, "Deletes it, unless the asset's quantity would become negative.", example: #"a:transactions()[1]:delete()"#) { env, _, t, _ in
            try env.session.execute(DeleteTransaction(id: t.id))
            return 0
        },
    ]
}

/// A transaction, as the receiver of its methods.
struct TransactionHandle: LuaObjectHandle {
    static let className = "Transaction"
    static let callHint = "call it as t:METHOD{…}"
    let id: Int64
}
