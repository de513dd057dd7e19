import Core
import Foundation
import LuaBridge
import Store

/// `af.fetch_prices{…}`: `assetflow prices fetch` from Lua, under the same rules (only the
/// hosts the user allowed with --allow-net, which a script cannot change).
enum PriceFetchBindings {
    static let all: [Binding] = [fetchPrices]

    /// `{asset, from, to, dry_run}`: which assets and days.
    struct Request: LuaDecodable {
        var asset: String?
        var from: CalendarDate?
        var to: CalendarDate?
        var dryRun: Bool?
        static let fields: [LuaField<Request>] = [
            .optional("asset", \.asset, "Only this asset (by name); default every asset with a quote source."),
            .optional("from", \.from, "First day; default the day after its latest price (30 days back when it has none)."),
            .optional("to", \.to, "Last day; default today."),
            .optional("dry_run", \.dryRun, "Ask the providers but store nothing."),
        ]
    }

    static let outcome = LuaType.record([
        LuaRecordField("asset", .string), LuaRecordField("provider", .string), LuaRecordField("symbol", .string),
        LuaRecordField("stored", .integer), LuaRecordField("skipped", .integer), LuaRecordField("failure", .optional(.string)),
    ])

    static let fetchPrices: Binding =
        .function("af", "fetch_prices", Request.self, returns: .value(.list(outcome)),
                  "Fetches the missing days' prices of every asset with a quote source from its provider (only hosts allowed with --allow-net); one result per asset, a failure does not stop the others.",
                  example: #"for _, r in ipairs(af.fetch_prices{ from = "2024-01-01" }) do print(r.asset, r.stored, r.failure) end"#) { env, call, args in
            var fetch = PriceFetch(asset: args.asset, from: args.from, to: args.to, dryRun: args.dryRun ?? false, allowNet: env.allowNet)
            fetch.timeout = 20
            // The script's own time limit still holds: the fetch ends by then (its provider's
            // Lua and its requests too), and the script stops right after.
            fetch.deadline = env.lua.secondsLeft.map { Date().addingTimeInterval($0) }
            let outcomes = try fetch.run(in: env.session)
            try env.pushList(outcomes, call) { o in
                call.newTable()
                call.pushString(o.asset); call.setField("asset", of: -2)
                call.pushString(o.provider); call.setField("provider", of: -2)
                call.pushString(o.symbol); call.setField("symbol", of: -2)
                call.pushInteger(Int64(o.stored)); call.setField("stored", of: -2)
                call.pushInteger(Int64(o.skipped)); call.setField("skipped", of: -2)
                call.pushOptionalString(o.failure); call.setField("failure", of: -2)
            }
            return 1
        }
}
