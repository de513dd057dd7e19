import Foundation
import Testing
@testable import Core
@testable import Store

/// Saving plans per Models-README: references nullified on delete, `is_active`, edit,
/// pause/resume and delete.
@Suite("Saving plans (Store)")
struct SavingPlanStoreTests: StoreRuleTesting {
    func plan(_ s: StoreSession, _ name: String, asset: Asset, source: Asset? = nil, execution: SavingExecutionMethod = .automatic) throws -> RegularSavingPlan {
        try s.createSavingPlan(RegularSavingPlan(name: name, assetID: asset.id!, sourceAssetID: source?.id, amount: 100, frequency: .monthly,
                                                 startDate: d("2024-05-01"), executionMethod: execution))
    }

    @Test("deleting the plan's asset or source nullifies the reference; without a source the plan runs as a transfer in")
    func deleteNullifies() throws {
        try withStore { s in
            let etf = try asset(s, "ETF", .etf, quantity: 1, price: 50)
            let cash = try asset(s, "Cash", .cash, quantity: 1000, price: 1)
            let gold = try asset(s, "Gold", .commodity, quantity: 1, price: 100)
            _ = try plan(s, "ETF", asset: etf)
            let goldPlan = try plan(s, "Gold", asset: gold, source: cash)
            try s.deleteAsset(id: etf.id!)
            try s.deleteAsset(id: cash.id!)
            let plans = try s.savingPlans()
            #expect(plans.map(\.name) == ["ETF", "Gold"])
            #expect(plans[0].assetID == nil && plans[1].sourceAssetID == nil)
            let made = try s.runDuePlans(asOf: d("2024-05-01"))
            #expect(made.map(\.type) == [.transferIn] && made[0].assetID == gold.id!)
            #expect(try s.savingPlan(id: goldPlan.id!)?.nextDueDate == d("2024-06-01"))
            #expect(try s.savingPlans()[0].nextDueDate == d("2024-05-01"))  // no asset: it did not run
        }
    }

    @Test("edit, pause, resume (missed occurrences skipped) and delete")
    func editPauseResumeDelete() throws {
        try withStore { s in
            let etf = try asset(s, "ETF", .etf, quantity: 1, price: 50)
            let cash = try asset(s, "Cash", .cash, quantity: 1000, price: 1)
            let p = try plan(s, "ETF", asset: etf)
            let edited = try s.editSavingPlan(EditSavingPlan(id: p.id!, name: " World ", source: .some(cash.id!), amount: 250, frequency: .weekly))
            #expect(edited.name == "World" && edited.amount == 250 && edited.sourceAssetID == cash.id && edited.dayOfMonth == nil)
            #expect(message { try s.editSavingPlan(EditSavingPlan(id: p.id!, amount: 0)) } == "Saving plan amount must be greater than zero.")
            #expect(message { try s.editSavingPlan(EditSavingPlan(id: p.id!, source: .some(etf.id!))) } == "The source asset must be different from the asset being bought.")
            try s.editSavingPlan(EditSavingPlan(id: p.id!, source: .some(nil), isActive: false))
            #expect(try s.savingPlan(id: p.id!)?.isActive == false)
            #expect(try s.runDuePlans().isEmpty)
            let resumed = try s.editSavingPlan(EditSavingPlan(id: p.id!, isActive: true))
            #expect(resumed.isActive && resumed.sourceAssetID == nil)
            #expect(resumed.nextDueDate == d("2024-06-05"))  // weekly from 2024-05-01: the first on or after today (2024-06-01)
            try s.deleteSavingPlan(id: p.id!)
            #expect(try s.savingPlans().isEmpty)
            #expect(message { try s.deleteSavingPlan(id: p.id!) } == "No saving plan with id \(p.id!).")
        }
    }
}
