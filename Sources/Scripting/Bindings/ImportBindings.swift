import Core
import Foundation
import LuaBridge
import Store

/// af.import: the CSV import of `assetflow import`, from Lua.
enum ImportBindings {
    static let fields = ["kind", "path", "text", "mapping", "map", "date_format", "decimal_comma", "dry_run",
                         "asset_type", "currency", "platform", "match_platform"]

    static let all: [Binding] = [
        .function("af", "import",
                  "{kind, path|text, mapping, map, date_format, decimal_comma, dry_run, asset_type, currency, platform, match_platform} -> {imported, duplicates, new_assets, lines}",
                  "Imports a CSV of transactions or prices (kind), from a file (path; in the sandbox only inside an --allow-read folder) or a string (text): all rows or, on any error, none (the error lists every row's problem with its line). Duplicates of stored rows are skipped. mapping names a saved mapping, or saves map (\"Column=field,…\") under that name.",
                  example: #"local r = af.import{ kind = "transactions", path = "broker.csv", date_format = "DD/MM/YYYY" }; print(r.imported)"#) { env, call in
            let args = try NamedArguments(call, at: 1, function: "af.import", allowed: fields)
            var request = ImportRequest(options: try options(args), data: try data(args, env: env))
            request.dryRun = try args.value("dry_run") { call.boolean(at: $0) } ?? false
            let mappingName = try args.string("mapping")
            if let mappingName, request.options.map.isEmpty {
                try env.session.applySavedMapping(mappingName, to: &request.options)
            } else {
                request.saveMappingAs = mappingName
            }
            let outcome = try env.session.importCSV(request)
            push(outcome, call)
            return 1
        },
    ]

    static func options(_ args: NamedArguments) throws -> ImportOptions {
        var options = ImportOptions(kind: try ImportKind.parse(try args.requiredString("kind")))
        if options.kind == .rates { throw RuleViolation(ImportKind.ratesNotYetMessage) }
        options.map = try args.string("map").map(ColumnMapping.parsePairs) ?? []
        options.dateFormat = try args.string("date_format").map { try ImportDate(format: $0) }
        options.decimalComma = try args.value("decimal_comma") { args.call.boolean(at: $0) } ?? false
        if let type = try args.string("asset_type") { options.defaultAssetType = try AssetType.parse(type) }
        if let currency = try args.string("currency") { options.defaultCurrency = try AssetRules.validateCurrency(currency) }
        options.platform = try args.string("platform") ?? ""
        options.matchPlatform = try args.value("match_platform") { args.call.boolean(at: $0) } ?? false
        return options
    }

    /// The CSV bytes: `text`, or the file at `path` if the sandbox lets the script read it.
    static func data(_ args: NamedArguments, env: ScriptEnvironment) throws -> Data {
        if let text = try args.string("text") { return Data(text.utf8) }
        guard let path = try args.string("path") else { throw args.fieldError("path", "or text is required") }
        let file = try env.policy.checkReadable(path, function: "af.import")
        guard let data = FileManager.default.contents(atPath: file) else {
            throw RuleViolation("Could not open file. Please check the file is a valid CSV. (\(path))")
        }
        return data
    }

    /// {imported = n, duplicates = n, new_assets = {names}, lines = {summary lines}, dry_run = bool}
    static func push(_ outcome: ImportOutcome, _ call: LuaCall) {
        call.newTable(fieldCount: 5)
        call.pushInteger(Int64(outcome.plan.addedCount))
        call.setField("imported", of: -2)
        call.pushInteger(Int64(outcome.plan.duplicates))
        call.setField("duplicates", of: -2)
        call.pushBoolean(outcome.dryRun)
        call.setField("dry_run", of: -2)
        for (key, list) in [("new_assets", outcome.plan.newAssets.map(\.name)), ("lines", outcome.lines)] {
            call.newTable(arrayCount: list.count)
            for (i, text) in list.enumerated() {
                call.pushString(text)
                call.setElement(i + 1, of: -2)
            }
            call.setField(key, of: -2)
        }
    }
}
