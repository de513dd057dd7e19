import Core

/// How model objects print: one line, figures rounded for reading (DisplayFormat): money in
/// its currency's minor units, prices and quantities at most 8 places
/// (`<Asset ACME stock 15 @ 14 USD = 210.00>`).
enum ModelDescriptions {
    static func describer(for className: String) -> (ScriptEnvironment, Int64) throws -> String {
        switch className {
        case "Asset":
            return { env, id in
                guard let asset = try env.session.asset(id: id) else { return "<Asset (deleted)>" }
                let v = try env.session.valuation(ofAsset: id)
                return "<Asset \(asset.name) \(asset.type.rawValue) \(DisplayFormat.plain(v.quantity)) @ \(DisplayFormat.plain(v.currentPrice)) \(asset.currency) = \(DisplayFormat.money(v.currentValue, currency: asset.currency))>"
            }
        case "Portfolio":
            return { env, id in
                guard let p = try env.session.portfolio(id: id) else { return "<Portfolio (deleted)>" }
                let count = try env.session.assetCount(inPortfolio: id)
                return "<Portfolio \(p.name): \(count) asset\(count == 1 ? "" : "s")>"
            }
        case "Transaction":
            return { env, id in
                guard let t = try env.session.transaction(id: id), let asset = try env.session.asset(id: t.assetID) else { return "<Transaction (deleted)>" }
                return "<Transaction \(t.date) \(t.type.label(forCash: asset.isCash)) \(asset.name) \(DisplayFormat.plain(t.quantity)) @ \(DisplayFormat.plain(t.pricePerUnit)) = \(DisplayFormat.money(t.totalAmount, currency: t.currency)) \(t.currency)>"
            }
        case "Price":
            return { env, id in
                guard let p = try env.session.price(id: id), let asset = try env.session.asset(id: p.assetID) else { return "<Price (deleted)>" }
                return "<Price \(asset.name) \(p.date) \(DisplayFormat.plain(p.price)) \(asset.currency)>"
            }
        case "SavingPlan":
            // name, asset, amount and next due date: what a person checks a plan by
            return { env, id in
                guard let p = try env.session.savingPlan(id: id) else { return "<SavingPlan (deleted)>" }
                let asset = try p.assetID.flatMap { try env.session.asset(id: $0) }
                let bought = asset.map { "\($0.name) \(p.amount.plainText) \($0.currency)" } ?? "(asset deleted) \(p.amount.plainText)"
                let source = try p.sourceAssetID.flatMap { try env.session.asset(id: $0) }.map { " from \($0.name)" } ?? ""
                let state = (p.isActive ? "" : "paused, ") + "next \(p.nextDueDate)"
                return "<SavingPlan \(p.name): \(bought)\(source) \(p.frequency.rawValue), \(state)>"
            }
        default:
            return { _, id in "<\(className) \(id)>" }
        }
    }
}
