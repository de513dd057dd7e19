import Core
import LuaBridge
import Store

/// Everything on `SavingPlan`: its fields.
enum SavingPlanBindings {
    static func plan(_ env: ScriptEnvironment, _ id: Int64) throws -> RegularSavingPlan {
        guard let p = try env.session.savingPlan(id: id) else { throw LuaArgumentError("that saving plan was deleted") }
        return p
    }

    static let all: [Binding] = [
        .field("SavingPlan", "name", .string, "The plan's name.") { env, call, id in call.pushString(try plan(env, id).name) },
        .field("SavingPlan", "next_due_date", .date, "The next occurrence not yet executed.") { env, call, id in
            call.pushString(try plan(env, id).nextDueDate.description)
        },
    ]
}
