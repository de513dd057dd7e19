import Core
import LuaBridge
import LuaDecimals
import Store

/// Everything on `Price`: its fields, `edit` and `delete`.
enum PriceBindings {
    static let all: [Binding] = fields + changes

    static func price(_ env: ScriptEnvironment, _ id: Int64) throws -> PricePoint {
        guard let p = try env.session.price(id: id) else { throw LuaArgumentError("that price record was deleted") }
        return p
    }

    static let fields: [Binding] = [
        .field("Price", "id", .integer, "The record's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("Price", "date", .date, "YYYY-MM-DD.") { env, call, id in call.pushString(try price(env, id).date.description) },
        .field("Price", "price", .decimal, "Price of one unit.") { env, call, id in call.pushDecimal(try price(env, id).price) },
        .field("Price", "asset", .object("Asset"), "The asset priced.") { env, _, id in env.pushAsset(try price(env, id).assetID) },
        .field("Price", "source", .optional(.string), "The quote provider that fetched it (\"stooq\"); nil for a typed or imported price, or one edited since.") { env, call, id in
            _ = try price(env, id)
            call.pushOptionalString(try env.session.priceProvenance(id: id)?.source)
        },
        .field("Price", "fetched_at", .optional(.string), "When it was fetched, UTC (\"2024-06-01T18:30:00Z\"); nil when it was not fetched.") { env, call, id in
            _ = try price(env, id)
            call.pushOptionalString(try env.session.priceProvenance(id: id)?.fetchedAt)
        },
    ]

    /// `{price, date}`: the fields to change.
    struct Edit: LuaDecodable {
        var price: ExactDecimal?
        var date: CalendarDate?
        static let fields: [LuaField<Edit>] = [
            .optional("price", \.price, "Price of one unit, ≥ 0."),
            .optional("date", \.date, "One record per day, not in the future."),
        ]
    }

    static let changes: [Binding] = [
        .method(PriceHandle.self, "edit", Edit.self, returns: .value(.object("Price")), "Changes the record; one record per day still holds.",
                example: #"p:edit{ price = "15" }"#) { env, _, p, args in
            try env.session.execute(EditPrice(id: p.id, price: args.price, date: args.date))
            env.pushPrice(p.id)
            return 1
        },
        .method(PriceHandle.self, "delete", NoArguments.self, returns: .none, "Deletes the record; an asset's last price record cannot be deleted.", example: #"a:prices()[1]:delete()"#) { env, _, p, _ in
            try env.session.execute(DeletePrice(id: p.id))
            return 0
        },
    ]
}

/// A price record, as the receiver of its methods.
struct PriceHandle: LuaObjectHandle {
    static let className = "Price"
    static let callHint = "call it as p:METHOD{…}"
    let id: Int64
}
