import Core
import LuaBridge
import Store

/// Portfolios: create, find, list, and their figures.
enum PortfolioBindings {
    static let all: [Binding] = [
        .function("af", "create_portfolio", "{name, description} -> Portfolio",
                  "Creates a portfolio. The name is trimmed and must be unique, ignoring case.",
                  example: #"local p = af.create_portfolio{ name = "Core" }"#) { env, call in
            let args = try NamedArguments(call, at: 1, function: "af.create_portfolio", allowed: ["name", "description"])
            let p = try env.session.execute(CreatePortfolio(name: try args.requiredString("name"), description: try args.string("description") ?? ""))
            env.pushPortfolio(p.id!)
            return 1
        },
        .function("af", "portfolio", "(name) -> Portfolio|nil", "The portfolio with this name (ignoring case), or nil.",
                  example: #"af.portfolio("Core")"#) { env, call in
            guard let name = call.string(at: 1) else { throw LuaArgumentError("af.portfolio: a name expected, got \(call.typeName(at: 1))") }
            if let p = try env.session.portfolio(named: name) { env.pushPortfolio(p.id!) } else { call.pushNil() }
            return 1
        },
        .function("af", "portfolios", "() -> {Portfolio}", "Every portfolio, by name.", example: "for _, p in ipairs(af.portfolios()) do print(p) end") { env, call in
            try env.pushList(env.session.portfolios(), call) { env.pushPortfolio($0.id!) }
            return 1
        },
        .field("Portfolio", "name", "string", "The portfolio's name.") { env, call, id in
            call.pushString(try env.requirePortfolio(id).name)
        },
        .field("Portfolio", "description", "string", "The portfolio's description.") { env, call, id in
            call.pushString(try env.requirePortfolio(id).description)
        },
        .field("Portfolio", "total_value", "decimal", "Σ current value of its assets in the main currency (each at today's rate, else the latest earlier one).") { env, call, id in
            call.pushDecimal(try env.session.totalValue(of: env.session.assets(inPortfolio: id)))
        },
        .method("Portfolio", "assets", "() -> {Asset}", "The portfolio's assets, by name.", example: "for _, a in ipairs(p:assets()) do print(a) end") { env, call in
            let p = try env.portfolio(at: 1, call, function: "Portfolio:assets")
            try env.pushList(env.session.assets(inPortfolio: p.id!), call) { env.pushAsset($0.id!) }
            return 1
        },
    ]
}

extension ScriptEnvironment {
    func requirePortfolio(_ id: Int64) throws -> Portfolio {
        guard let p = try session.portfolio(id: id) else { throw LuaArgumentError("that portfolio was deleted") }
        return p
    }
}
