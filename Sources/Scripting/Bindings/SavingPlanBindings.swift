import Core
import Foundation
import LuaBridge
import Store

/// A regular saving plan as a Lua object: every field readable, `edit`, `pause`, `resume`
/// and `delete`, and `af.saving_plans()` to list them. (Creating and running plans is in
/// `PlanBindings`.)
enum SavingPlanBindings {
    static let all: [Binding] = [
        .function("af", "saving_plans", "() -> {SavingPlan}", "Every regular saving plan, active or paused, in the order created.",
                  example: "for _, p in ipairs(af.saving_plans()) do print(p) end") { env, call in
            let plans = try env.session.savingPlans()
            env.pushList(plans, call) { env.lua.pushObject($0.id!, className: "SavingPlan") }
            return 1
        },
        .field("SavingPlan", "id", "integer", "The plan's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("SavingPlan", "asset", "Asset|nil", "The asset bought; nil once that asset was deleted (the plan then does not run).") { env, call, id in
            if let asset = try plan(env, id).assetID { env.pushAsset(asset) } else { call.pushNil() }
        },
        .field("SavingPlan", "source", "Asset|nil", "The asset paid with; nil: money from outside (a transfer in).") { env, call, id in
            if let source = try plan(env, id).sourceAssetID { env.pushAsset(source) } else { call.pushNil() }
        },
        .field("SavingPlan", "amount", "decimal", "The amount invested at each occurrence.") { env, call, id in call.pushDecimal(try plan(env, id).amount) },
        .field("SavingPlan", "frequency", "string", "daily, weekly, biweekly or monthly.") { env, call, id in call.pushString(try plan(env, id).frequency.rawValue) },
        .field("SavingPlan", "start_date", "string", "The first occurrence.") { env, call, id in call.pushString(try plan(env, id).startDate.description) },
        .field("SavingPlan", "execution", "string", "automatic (af.run_due_plans records it) or manual (af.reminders lists it).") { env, call, id in
            call.pushString(try plan(env, id).executionMethod.rawValue)
        },
        .field("SavingPlan", "is_active", "boolean", "false while paused.") { env, call, id in call.pushBoolean(try plan(env, id).isActive) },
        .field("SavingPlan", "day_of_month", "integer|nil", "For monthly plans: the day invested on (a shorter month uses its last day).") { env, call, id in
            if let day = try plan(env, id).dayOfMonth { call.pushInteger(Int64(day)) } else { call.pushNil() }
        },
        .method("SavingPlan", "edit", "{name, asset, source, amount, frequency, start_date, next_due_date, execution, day_of_month} -> SavingPlan",
                "Changes the fields given, with the rules of af.create_saving_plan; source = false removes the source.",
                example: "plan:edit{ amount = 250, frequency = \"weekly\" }") { env, call in
            let fn = "SavingPlan:edit"
            let id = try selfID(call, env, fn)
            let args = try NamedArguments(call, at: 2, function: fn, allowed: ["name", "asset", "source", "amount", "frequency", "start_date",
                                                                                "next_due_date", "execution", "day_of_month"])
            let source: Int64?? = try args.value("source") { i in
                call.type(at: i) == 1 && !call.boolean(at: i) ? .some(nil) : .some(try env.asset(at: i, call, function: fn).id)
            }
            let edit = EditSavingPlan(id: id, name: try args.string("name"), asset: try args.value("asset") { try env.asset(at: $0, call, function: fn).id },
                                      source: source, amount: try args.decimal("amount"), frequency: try args.string("frequency").map(SavingFrequency.parse),
                                      startDate: try args.date("start_date"), nextDueDate: try args.date("next_due_date"),
                                      executionMethod: try args.string("execution").map(SavingExecutionMethod.parse),
                                      dayOfMonth: try args.decimal("day_of_month").map(\.truncatedInt))
            env.lua.pushObject(try env.session.execute(edit).id!, className: "SavingPlan")
            return 1
        },
        .method("SavingPlan", "pause", "()", "Stops the plan from running or reminding until resumed.", example: "plan:pause()") { env, call in
            try env.session.execute(EditSavingPlan(id: try selfID(call, env, "SavingPlan:pause"), isActive: false))
            return 0
        },
        .method("SavingPlan", "resume", "()", "Starts a paused plan again; occurrences missed while paused are skipped.", example: "plan:resume()") { env, call in
            try env.session.execute(EditSavingPlan(id: try selfID(call, env, "SavingPlan:resume"), isActive: true))
            return 0
        },
        .method("SavingPlan", "delete", "()", "Deletes the plan; the transactions it made stay.", example: "plan:delete()") { env, call in
            try env.session.execute(DeleteSavingPlan(id: try selfID(call, env, "SavingPlan:delete")))
            return 0
        },
    ]

    static func plan(_ env: ScriptEnvironment, _ id: Int64) throws -> RegularSavingPlan { try PlanBindings.requireSaving(env, id) }

    static func selfID(_ call: LuaCall, _ env: ScriptEnvironment, _ fn: String) throws -> Int64 {
        guard let id = env.lua.objectID(at: 1, className: "SavingPlan") else { throw LuaArgumentError("\(fn): call it as plan:\(fn.split(separator: ":").last!)(…)") }
        return id
    }
}
