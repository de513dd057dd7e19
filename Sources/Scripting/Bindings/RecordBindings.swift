import Core
import LuaBridge
import LuaDecimals
import Store

/// Fields of transactions and price records.
enum RecordBindings {
    static let all: [Binding] = transactionFields + priceFields

    static func tx(_ env: ScriptEnvironment, _ id: Int64) throws -> Transaction {
        guard let t = try env.session.transaction(id: id) else { throw LuaArgumentError("that transaction was deleted") }
        return t
    }

    static func price(_ env: ScriptEnvironment, _ id: Int64) throws -> PricePoint {
        guard let p = try env.session.price(id: id) else { throw LuaArgumentError("that price record was deleted") }
        return p
    }

    static let transactionFields: [Binding] = [
        .field("Transaction", "id", .integer, "The transaction's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("Transaction", "type", .string, "buy, sell, transfer_in, transfer_out, adjustment, dividend or interest.") { env, call, id in
            call.pushString(try tx(env, id).type.rawValue)
        },
        .field("Transaction", "label", .string, "The type as shown: Deposit and Withdrawal for cash buys and sells.") { env, call, id in
            let t = try tx(env, id)
            call.pushString(t.type.label(forCash: try env.session.requireAsset(id: t.assetID).isCash))
        },
        .field("Transaction", "date", .date, "YYYY-MM-DD.") { env, call, id in call.pushString(try tx(env, id).date.description) },
        .field("Transaction", "quantity", .decimal, "Units moved (signed for an adjustment).") { env, call, id in call.pushDecimal(try tx(env, id).quantity) },
        .field("Transaction", "price", .decimal, "Price per unit.") { env, call, id in call.pushDecimal(try tx(env, id).pricePerUnit) },
        .field("Transaction", "total", .decimal, "quantity × price.") { env, call, id in call.pushDecimal(try tx(env, id).totalAmount) },
        .field("Transaction", "fees", .decimal, "Fees paid.") { env, call, id in call.pushDecimal(try tx(env, id).fees) },
        .field("Transaction", "currency", .string, "The asset's currency.") { env, call, id in call.pushString(try tx(env, id).currency) },
        .field("Transaction", "quantity_impact", .decimal, "How it changes the asset's quantity.") { env, call, id in call.pushDecimal(try tx(env, id).quantityImpact) },
        .field("Transaction", "asset", .object("Asset"), "The asset whose units move.") { env, _, id in env.pushAsset(try tx(env, id).assetID) },
        .field("Transaction", "note", .string, "Free text.") { env, call, id in call.pushString(try tx(env, id).note) },
    ]

    static let priceFields: [Binding] = [
        .field("Price", "id", .integer, "The record's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("Price", "date", .date, "YYYY-MM-DD.") { env, call, id in call.pushString(try price(env, id).date.description) },
        .field("Price", "price", .decimal, "Price of one unit.") { env, call, id in call.pushDecimal(try price(env, id).price) },
        .field("Price", "asset", .object("Asset"), "The asset priced.") { env, _, id in env.pushAsset(try price(env, id).assetID) },
    ]
}
