import Core
import LuaBridge
import Store

extension RegularSavingPlan: LuaReadable {
    public static var luaType: LuaType { .object("SavingPlan") }
    /// A SavingPlan object.
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> RegularSavingPlan {
        guard let id = reader.environment.lua.objectID(at: index, className: "SavingPlan") else {
            throw LuaFieldProblem("a SavingPlan expected, got \(reader.call.typeName(at: index))")
        }
        return try SavingPlanBindings.plan(reader.environment, id)
    }
}

/// Everything on `SavingPlan`: its fields (every one readable), `edit`, `pause`, `resume`
/// and `delete` (`af.saving_plans()`, in `AfBindings`, lists them).
enum SavingPlanBindings {
    static func plan(_ env: ScriptEnvironment, _ id: Int64) throws -> RegularSavingPlan {
        guard let p = try env.session.savingPlan(id: id) else { throw LuaArgumentError("that saving plan was deleted") }
        return p
    }

    static let all: [Binding] = fields + changes

    static let fields: [Binding] = [
        .field("SavingPlan", "id", .integer, "The plan's id in the store.") { _, call, id in call.pushInteger(id) },
        .field("SavingPlan", "name", .string, "The plan's name.") { env, call, id in call.pushString(try plan(env, id).name) },
        .field("SavingPlan", "asset", .optional(.object("Asset")), "The asset bought; nil once that asset was deleted (the plan then does not run).") { env, call, id in
            if let asset = try plan(env, id).assetID { env.pushAsset(asset) } else { call.pushNil() }
        },
        .field("SavingPlan", "source", .optional(.object("Asset")), "The asset paid with; nil: money from outside (a transfer in).") { env, call, id in
            if let source = try plan(env, id).sourceAssetID { env.pushAsset(source) } else { call.pushNil() }
        },
        .field("SavingPlan", "amount", .decimal, "The amount invested at each occurrence.") { env, call, id in call.pushDecimal(try plan(env, id).amount) },
        .field("SavingPlan", "frequency", .string, "daily, weekly, biweekly or monthly.") { env, call, id in call.pushString(try plan(env, id).frequency.rawValue) },
        .field("SavingPlan", "start_date", .date, "The first occurrence.") { env, call, id in call.pushString(try plan(env, id).startDate.description) },
        .field("SavingPlan", "next_due_date", .date, "The next occurrence not yet executed.") { env, call, id in
            call.pushString(try plan(env, id).nextDueDate.description)
        },
        .field("SavingPlan", "execution", .string, "automatic (af.run_due_plans records it) or manual (af.reminders lists it).") { env, call, id in
            call.pushString(try plan(env, id).executionMethod.rawValue)
        },
        .field("SavingPlan", "is_active", .boolean, "false while paused.") { env, call, id in call.pushBoolean(try plan(env, id).isActive) },
        .field("SavingPlan", "day_of_month", .optional(.integer), "For monthly plans: the day invested on (a shorter month uses its last day).") { env, call, id in
            if let day = try plan(env, id).dayOfMonth { call.pushInteger(Int64(day)) } else { call.pushNil() }
        },
    ]

    /// `{name, asset, source, …}` of `plan:edit`.
    struct Edit: LuaDecodable {
        var name: String?
        var asset: Asset?
        var source: Removable<Asset>?
        var amount: ExactDecimal?
        var frequency: SavingFrequency?
        var startDate: CalendarDate?
        var nextDueDate: CalendarDate?
        var execution: SavingExecutionMethod?
        var dayOfMonth: Int64?
        static let fields: [LuaField<Edit>] = [
            .optional("name", \.name, "The plan's name."),
            .optional("asset", \.asset, "The asset bought."),
            .optional("source", \.source, "The asset paying; false: none (a transfer in)."),
            .optional("amount", \.amount, "Money per occurrence."),
            .optional("frequency", \.frequency, "daily, weekly, biweekly or monthly."),
            .optional("start_date", \.startDate, "The first occurrence."),
            .optional("next_due_date", \.nextDueDate, "The next occurrence to run."),
            .optional("execution", \.execution, "automatic or manual."),
            .optional("day_of_month", \.dayOfMonth, "For monthly plans."),
        ]
    }

    static let changes: [Binding] = [
        .method(RegularSavingPlan.self, "edit", Edit.self, returns: .value(.object("SavingPlan")),
                "Changes the fields given, with the rules of af.create_saving_plan; source = false removes the source.",
                example: #"plan:edit{ amount = 250, frequency = "weekly" }"#) { env, _, p, a in
            let edit = EditSavingPlan(id: p.id!, name: a.name, asset: a.asset?.id, source: a.source.map { $0.map(\.id) } ?? nil, amount: a.amount,
                                      frequency: a.frequency, startDate: a.startDate, nextDueDate: a.nextDueDate, executionMethod: a.execution,
                                      dayOfMonth: a.dayOfMonth.map { Int($0) })
            env.lua.pushObject(try env.session.execute(edit).id!, className: "SavingPlan")
            return 1
        },
        .method(RegularSavingPlan.self, "pause", NoArguments.self, returns: .none, "Stops the plan from running or reminding until resumed.",
                example: "plan:pause()") { env, _, p, _ in
            try env.session.execute(EditSavingPlan(id: p.id!, isActive: false))
            return 0
        },
        .method(RegularSavingPlan.self, "resume", NoArguments.self, returns: .none, "Starts a paused plan again; occurrences missed while paused are skipped.",
                example: "plan:resume()") { env, _, p, _ in
            try env.session.execute(EditSavingPlan(id: p.id!, isActive: true))
            return 0
        },
        .method(RegularSavingPlan.self, "delete", NoArguments.self, returns: .none, "Deletes the plan; the transactions it made stay.",
                example: "plan:delete()") { env, _, p, _ in
            try env.session.execute(DeleteSavingPlan(id: p.id!))
            return 0
        },
    ]
}
