import Core
import LuaBridge
import Store

/// Listing, renaming and deleting categories, and renaming platforms. (Creating a category
/// and an asset's `category` and `platform` fields are in `ChangeBindings`.)
enum CategoryBindings {
    static let all: [Binding] = [
        .function("af", "categories", "() -> {{name, target, assets}}", "Every category with its target percent (nil when none) and how many assets use it.",
                  example: "for _, c in ipairs(af.categories()) do print(c.name, c.target, c.assets) end") { env, call in
            let categories = try env.session.categories()
            let counts = Dictionary(grouping: try env.session.assets().compactMap(\.categoryID), by: { $0 }).mapValues(\.count)
            env.pushList(categories, call) { c in
                call.newTable(fieldCount: 3)
                call.pushString(c.name); call.setField("name", of: -2)
                call.pushOptionalDecimal(c.targetPercent); call.setField("target", of: -2)
                call.pushInteger(Int64(counts[c.id!] ?? 0)); call.setField("assets", of: -2)
            }
            return 1
        },
        .function("af", "rename_category", "(name, new_name) -> string", "Renames a category (unique ignoring case); returns the new name.",
                  example: #"af.rename_category("Core", "Core holdings")"#) { env, call in
            let category = try CategoryBindings.category(at: 1, env, call, "af.rename_category")
            guard let newName = call.string(at: 2) else { throw LuaArgumentError("af.rename_category: the new name (argument 2) must be a string, got \(call.typeName(at: 2))") }
            call.pushString(try env.session.execute(UpdateCategory(id: category.id!, name: newName)).name)
            return 1
        },
        .function("af", "delete_category", "(name)", "Deletes a category; refused while assets use it.", example: #"af.delete_category("Old")"#) { env, call in
            try env.session.execute(DeleteCategory(id: try category(at: 1, env, call, "af.delete_category").id!))
            return 0
        },
        .function("af", "platforms", "() -> {string}", "The platform names in use on assets.", example: "print(table.concat(af.platforms(), \", \"))") { env, call in
            let platforms = try env.session.platforms()
            env.pushList(platforms, call) { call.pushString($0) }
            return 1
        },
        .function("af", "rename_platform", "(name, new_name) -> string", "Renames a platform on every asset that has it; returns the new name.",
                  example: #"af.rename_platform("ibkr", "Interactive Brokers")"#) { env, call in
            guard let name = call.string(at: 1), let newName = call.string(at: 2) else {
                throw LuaArgumentError("af.rename_platform: expects (name, new_name), two strings")
            }
            call.pushString(try env.session.execute(RenamePlatform(name, to: newName)))
            return 1
        },
    ]

    static func category(at index: Int32, _ env: ScriptEnvironment, _ call: LuaCall, _ fn: String) throws -> Category {
        guard let name = call.string(at: index) else { throw LuaArgumentError("\(fn): the category name (argument \(index)) must be a string, got \(call.typeName(at: index))") }
        guard let category = try env.session.category(named: name) else {
            let known = try env.session.categories().map(\.name)
            throw LuaArgumentError("\(fn): no category named '\(name)'" + (known.isEmpty ? " (there are none)" : " (categories: \(known.joined(separator: ", ")))"))
        }
        return category
    }
}
