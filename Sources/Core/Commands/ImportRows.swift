import Foundation

/// The writes of a CSV import (`assetflow import`, `af.import`), once `ImportPlanner` has
/// checked every row against the rules in memory: the assets the file creates (each through
/// `CreateAsset`, so its rules hold), then the transactions and price records.
///
/// A store that can write rows in bulk (`ImportRowsStore`, SQLite's) gets them in one go;
/// any other store gets them one by one. Returns the ids of the new assets, in plan order.
public struct ImportRows: Command {
    public var plan: ImportPlan

    public init(plan: ImportPlan) { self.plan = plan }

    public func run(in store: CommandStore) throws -> [Int64] {
        var ids: [Int64] = []
        for asset in plan.newAssets {
            var create = CreateAsset(name: asset.name, type: asset.type)
            create.currency = asset.currency
            create.platform = asset.platform
            ids.append(try create.run(in: store).id!)
        }
        if let bulk = store as? ImportRowsStore {
            try bulk.insertImported(plan, newAssetIDs: ids)
            return ids
        }
        for new in plan.transactions {
            var t = new.transaction
            t.assetID = plan.id(of: new.asset, newAssetIDs: ids)
            t.sourceAssetID = new.source.map { plan.id(of: $0, newAssetIDs: ids) }
            if new.totalText != nil { t.totalAmount = t.quantity * t.pricePerUnit }
            _ = try store.insert(t)
        }
        for new in plan.prices {
            _ = try store.insert(PricePoint(assetID: plan.id(of: new.asset, newAssetIDs: ids), date: new.date, price: new.price))
        }
        return ids
    }
}

/// A store that writes an import's rows in bulk (hundreds of thousands at a time).
public protocol ImportRowsStore: CommandStore {
    func insertImported(_ plan: ImportPlan, newAssetIDs: [Int64]) throws
}

extension ImportPlan {
    /// The store id of an asset the plan refers to.
    public func id(of ref: AssetRef, newAssetIDs: [Int64]) -> Int64 {
        switch ref {
        case .existing(let id): id
        case .new(let index): newAssetIDs[index]
        }
    }
}
