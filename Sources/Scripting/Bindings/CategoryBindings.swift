import Core
import LuaBridge
import Store

/// Listing, renaming and deleting categories, and renaming platforms. (Creating a category
/// is `af.create_category`; an asset's `category` and `platform` are its fields.)
enum CategoryBindings {
    /// `(name, new_name)`.
    struct Rename: LuaDecodable {
        var name: String!
        var newName: String!
        static let fields: [LuaField<Rename>] = [
            .required("name", \.name, "The current name."),
            .required("new_name", \.newName, "The new name."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(name)`.
    struct Named: LuaDecodable {
        var name: String!
        static let fields: [LuaField<Named>] = [.required("name", \.name, "The category's name.")]
        static let layout = LuaArgumentLayout.positional
    }

    static let categoryRow = LuaType.record([LuaRecordField("name", .string), LuaRecordField("target", .optional(.decimal)),
                                             LuaRecordField("assets", .integer)])

    static let all: [Binding] = [
        .function("af", "categories", NoArguments.self, returns: .value(.list(categoryRow)),
                  "Every category with its target percent (nil when none) and how many assets use it.",
                  example: "for _, c in ipairs(af.categories()) do print(c.name, c.target, c.assets) end") { env, call, _ in
            let counts = Dictionary(grouping: try env.session.assets().compactMap(\.categoryID), by: { $0 }).mapValues(\.count)
            env.pushList(try env.session.categories(), call) { c in
                call.newTable(fieldCount: 3)
                call.pushString(c.name); call.setField("name", of: -2)
                call.pushOptionalDecimal(c.targetPercent); call.setField("target", of: -2)
                call.pushInteger(Int64(counts[c.id!] ?? 0)); call.setField("assets", of: -2)
            }
            return 1
        },
        .function("af", "rename_category", Rename.self, returns: .value(.string), "Renames a category (unique ignoring case); returns the new name.",
                  example: #"af.rename_category("Core", "Core holdings")"#) { env, call, a in
            let category = try CategoryBindings.category(named: a.name, env, "af.rename_category")
            call.pushString(try env.session.execute(UpdateCategory(id: category.id!, name: a.newName)).name)
            return 1
        },
        .function("af", "delete_category", Named.self, returns: .none, "Deletes a category; refused while assets use it.",
                  example: #"af.delete_category("Old")"#) { env, _, a in
            try env.session.execute(DeleteCategory(id: try category(named: a.name, env, "af.delete_category").id!))
            return 0
        },
        .function("af", "platforms", NoArguments.self, returns: .value(.list(.string)), "The platform names in use on assets.",
                  example: #"print(table.concat(af.platforms(), ", "))"#) { env, call, _ in
            env.pushList(try env.session.platforms(), call) { call.pushString($0) }
            return 1
        },
        .function("af", "rename_platform", Rename.self, returns: .value(.string), "Renames a platform on every asset that has it; returns the new name.",
                  example: #"af.rename_platform("ibkr", "Interactive Brokers")"#) { env, call, a in
            call.pushString(try env.session.execute(RenamePlatform(a.name, to: a.newName)))
            return 1
        },
    ]

    static func category(named name: String, _ env: ScriptEnvironment, _ fn: String) throws -> Core.Category {
        guard let category = try env.session.category(named: name) else {
            let known = try env.session.categories().map(\.name)
            throw LuaArgumentError("\(fn): no category named '\(name)'" + (known.isEmpty ? " (there are none)" : " (categories: \(known.joined(separator: ", ")))"))
        }
        return category
    }
}
