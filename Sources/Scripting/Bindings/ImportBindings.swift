import Core
import Foundation
import LuaBridge
import Store

/// af.import: the CSV import of `assetflow import`, from Lua.
enum ImportBindings {
    /// `{kind, path|text, mapping, map, date_format, decimal_comma, decimal_point, asset, dry_run, asset_type, currency, platform, match_platform}`.
    struct ImportArguments: LuaDecodable {
        var kind: String!
        var path: String?
        var text: String?
        var mapping: String?
        var map: String?
        var dateFormat: String?
        var decimalComma = false
        var decimalPoint = false
        var asset: String?
        var dryRun = false
        var assetType: AssetType?
        var currency: String?
        var platform = ""
        var matchPlatform = false
        static let fields: [LuaField<ImportArguments>] = [
            .required("kind", \.kind, "transactions, prices or rates (a date,base,quote,rate[,source] file)."),
            .optional("path", \.path, "The CSV file (in the sandbox only inside an --allow-read folder)."),
            .optional("text", \.text, "The CSV itself, instead of a path."),
            .optional("mapping", \.mapping, "A saved mapping's name; with map, saves map under it."),
            .optional("map", \.map, "Column=field pairs: \"Ticker=asset,Qty=quantity\"."),
            .optional("date_format", \.dateFormat, "Such as DD/MM/YYYY (default: ISO, month names, and the order of day and month decided from the whole column)."),
            .optional("decimal_comma", \.decimalComma, "Numbers written 1.234,56 (default: each column's mark decided from its cells)."),
            .optional("decimal_point", \.decimalPoint, "Numbers written 1,234.56."),
            .optional("asset", \.asset, "With kind = \"prices\": every row is a price of this asset (a quote site's Date,Open,High,Low,Close)."),
            .optional("dry_run", \.dryRun, "Check and count only; write nothing."),
            .optional("asset_type", \.assetType, "Type of assets the import creates when a row has none (default stock)."),
            .optional("currency", \.currency, "Currency of assets the import creates when a row has none (default USD)."),
            .optional("platform", \.platform, "Platform of assets the import creates (default: the default_platform setting)."),
            .optional("match_platform", \.matchPlatform, "Find assets by name and platform, not name alone."),
        ]
    }

    static let outcome = LuaType.record([LuaRecordField("imported", .integer), LuaRecordField("duplicates", .integer),
                                         LuaRecordField("dry_run", .boolean), LuaRecordField("new_assets", .list(.string)),
                                         LuaRecordField("lines", .list(.string))])

    static let all: [Binding] = [
        .function("af", "import", ImportArguments.self, returns: .value(outcome),
                  "Imports a CSV of transactions, prices or exchange rates (kind), from a file (path; in the sandbox only inside an --allow-read folder) or a string (text): all rows or, on any error, none (the error lists every row's problem with its line). Duplicates of stored rows are skipped. mapping names a saved mapping, or saves map (\"Column=field,…\") under that name.",
                  example: #"local r = af.import{ kind = "transactions", path = "broker.csv", date_format = "DD/MM/YYYY" }; print(r.imported)"#) { env, call, args in
            let bytes = try data(args, env: env)
            // Reading a CSV holds its text, its rows and their cells in Swift at once: counted
            // against --max-memory before it starts (the rows it writes are counted after).
            try call.reserveHostMemory(bytes.count * hostBytesPerCSVByte)
            if try ImportKind.parse(args.kind) == .rates {
                let text = String(decoding: bytes, as: UTF8.self)
                let name = args.path.map { ($0 as NSString).lastPathComponent } ?? "rates.csv"
                let stored = try RatesRun.importRates(text, name: name, dryRun: args.dryRun, in: env.session)
                pushRates(stored, dryRun: args.dryRun, call)
                return 1
            }
            var request = ImportRequest(options: try options(args), data: bytes)
            request.dryRun = args.dryRun
            if let mappingName = args.mapping, request.options.map.isEmpty {
                try env.session.applySavedMapping(mappingName, to: &request.options)
            } else {
                request.saveMappingAs = args.mapping
            }
            push(try env.session.importCSV(request), call)
            return 1
        },
    ]

    /// Swift memory an import uses per byte of CSV while it reads it (the bytes, each row's
    /// cells as strings, the cleaned rows): a generous estimate, measured on the benchmark files.
    static let hostBytesPerCSVByte = 8

    static func options(_ args: ImportArguments) throws -> ImportOptions {
        var options = ImportOptions(kind: try ImportKind.parse(args.kind))
        options.map = try args.map.map(ColumnMapping.parsePairs) ?? []
        options.dateFormat = try args.dateFormat.map { try ImportDate(format: $0) }
        if args.decimalComma && args.decimalPoint { throw RuleViolation("Give decimal_comma or decimal_point, not both.") }
        options.decimalComma = args.decimalComma
        if args.decimalPoint { options.numberRule = .mark(.point) }
        if let asset = args.asset {
            guard options.kind == .prices else { throw RuleViolation("asset names the asset of a price history: use it with kind = \"prices\".") }
            options.assetName = asset
        }
        if let type = args.assetType { options.defaultAssetType = type }
        if let currency = args.currency { options.defaultCurrency = try AssetRules.validateCurrency(currency) }
        options.platform = args.platform
        options.matchPlatform = args.matchPlatform
        return options
    }

    /// The CSV bytes: `text`, or the file at `path` if the sandbox lets the script read it.
    static func data(_ args: ImportArguments, env: ScriptEnvironment) throws -> Data {
        if let text = args.text { return Data(text.utf8) }
        guard let path = args.path else { throw LuaArgumentError("af.import: field 'path' or 'text' is required") }
        guard let data = try env.policy.read(path, function: "af.import") else {
            throw RuleViolation(CSVTable.unreadableMessage(path))
        }
        return data
    }

    /// A rates import's outcome, in the same shape: {imported = n, duplicates = 0, new_assets = {},
    /// lines = {the summary}, dry_run = bool}.
    static func pushRates(_ stored: (count: Int, line: String), dryRun: Bool, _ call: LuaCall) {
        call.newTable(fieldCount: 5)
        call.pushInteger(Int64(stored.count)); call.setField("imported", of: -2)
        call.pushInteger(0); call.setField("duplicates", of: -2)
        call.pushBoolean(dryRun); call.setField("dry_run", of: -2)
        call.newTable(); call.setField("new_assets", of: -2)
        call.newTable(arrayCount: 1)
        call.pushString(stored.line); call.setElement(1, of: -2)
        call.setField("lines", of: -2)
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
