import Foundation

/// A new regular saving plan (`RegularSavingPlan.validate`: a name, an amount above zero, a
/// day of month in 1…31, a source other than the asset bought); its asset and source must
/// exist.
public struct CreateSavingPlan: Command {
    public var plan: RegularSavingPlan

    public init(_ plan: RegularSavingPlan) { self.plan = plan }

    public func run(in store: CommandStore) throws -> RegularSavingPlan {
        try plan.validate()
        _ = try store.requireAsset(id: plan.assetID!)
        if let source = plan.sourceAssetID { _ = try store.requireAsset(id: source) }
        var plan = plan
        plan.name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try store.insert(plan)
    }
}
