import Core
import Foundation
import LuaBridge
import Store

/// `af.report.new{…}` and the Report methods: build a report from rows the other bindings
/// return, then render it as terminal text, Markdown, CSV, JSON or HTML, or save it.
enum ReportBindings {
    /// `{title, currency}`; may be left out.
    struct New: LuaDecodable {
        var title = "Report"
        var currency: String?
        static let fields: [LuaField<New>] = [
            .optional("title", \.title, "The heading (default \"Report\"); {name} is replaced by parameter name's value."),
            .optional("currency", \.currency, "Currency of money columns (default: the value of a `currency` parameter, else the main currency)."),
            .declared("params", .map(.string, parameter),
                      "Parameters {name = {type, default, help, choices}}: type string, integer, decimal, date or boolean; given as --name VALUE to assetflow report, read as r.params.name."),
        ]
    }

    static let parameter = LuaType.record([LuaRecordField("type", .oneOf(["string", "integer", "decimal", "date", "boolean"])),
                                           LuaRecordField("default", .any), LuaRecordField("help", .string), LuaRecordField("choices", .list(.string))])

    /// Thrown by `af.report.new` under `assetflow report NAME --help`, once the declaration
    /// is recorded: the rest of the script need not run.
    static let helpStop = "(parameters recorded for --help)"


    /// `(string)`.
    struct Text: LuaDecodable {
        var text: String!
        static let fields: [LuaField<Text>] = [.required("text", \.text, "The paragraph.")]
        static let layout = LuaArgumentLayout.positional
    }

    static let formats = LuaType.oneOf(["number", "integer", "money", "percent", "text"])
    /// The shapes ReportReader reads; their keys are the fields it allows.
    static let figure = LuaType.record([LuaRecordField("label", .string), LuaRecordField("value", .union([.decimal, .string])), LuaRecordField("format", formats)])
    static let tableOptions = LuaType.record([LuaRecordField("columns", .list(.union([.string, .table]))), LuaRecordField("format", .union([formats, .map(.string, formats)])),
                                              LuaRecordField("title", .string)])
    static let chart = LuaType.record(["kind", "series", "x", "y", "names", "title", "format"].map {
        LuaRecordField($0, $0 == "kind" ? .oneOf(ReportChartKind.allCases.map(\.rawValue)) : $0 == "series" ? .list(.table)
                           : $0 == "y" || $0 == "names" ? .union([.string, .list(.string)]) : .string)
    })

    /// `{{label, value, format}, …}`; ReportReader reads it.
    struct Figures: LuaDecodable {
        static let fields: [LuaField<Figures>] = [.declared("figures", .list(figure), required: true, "The figures, in order.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(rows, {columns, format, title})`; ReportReader reads them.
    struct Table: LuaDecodable {
        static let fields: [LuaField<Table>] = [
            .declared("rows", .union([.list(.table), .function]), required: true, "The rows: tables of fields, such as p:allocation{}, or a function returning the next row and nil at the end."),
            .declared("options", tableOptions, "columns: keys or {key, label}; format: one format or {column = format}; title."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    /// `{kind, series, x, y, names, title, format}`; ReportReader reads it.
    struct Chart: LuaDecodable {
        static let fields: [LuaField<Chart>] = [.declared("chart", chart, required: true,
                                                          "kind line, area, bar, pie, fan, stacked, heatmap, drawdown, waterfall or calendar; series: rows (or a row set of af.query), or {{name, rows}}; x and y name the fields.")]
        static let layout = LuaArgumentLayout.positional
    }

    static let renderFormats = LuaType.oneOf(["terminal", "markdown", "csv", "json", "html"])

    /// `(format)`.
    struct Render: LuaDecodable {
        static let fields: [LuaField<Render>] = [.declared("format", renderFormats, "terminal (default), markdown, csv, json or html.")]
        static let layout = LuaArgumentLayout.positional
    }

    /// `(path, format)`.
    struct Save: LuaDecodable {
        var path: String!
        static let fields: [LuaField<Save>] = [
            .required("path", \.path, "Where to write."),
            .declared("format", renderFormats, "Default: from the file's extension."),
        ]
        static let layout = LuaArgumentLayout.positional
    }

    static let all: [Binding] = [
        .function("af.report", "new", New.self, returns: .value(.object("Report")),
                  "A new, empty report. currency (for money columns) defaults to the main currency.",
                  example: #"local r = af.report.new{ title = "Overview" }"#) { env, call, args in
            // The currency of the money a report totals: the main currency (every total is
            // in it), never the assets' own when that differs (issue 22: "Net worth (EUR)
            // 2,167.50 USD"); a `currency` parameter chooses another.
            var currency: String? = try args.currency ?? env.session.mainCurrency()
            let reader = ArgumentReader(env, call)
            let declared = try call.isTable(at: 1) ? call.field("params", of: 1) { i -> [ReportParameter]? in
                call.isNil(at: i) ? nil : try ReportParameters.declarations(reader, at: i)
            } : nil
            if env.reports.helpRequested {  // the first report's declaration is the help
                _ = try env.reports.declare(declared ?? [], title: args.title, function: "af.report.new")
                throw LuaArgumentError(helpStop)
            }
            let values = try declared.map { try env.reports.declare($0, title: args.title, function: "af.report.new") } ?? [:]
            if args.currency == nil, case .string(let code)? = values["currency"] { currency = code }  // a report shown in a chosen currency
            let id = env.reports.add(ReportDocument(title: ReportParameters.substitute(values, in: args.title), currency: currency!))
            env.reports.parameterValues[id] = values
            env.lua.pushObject(id, className: "Report")
            return 1
        },
        .field("Report", "params", .map(.string, .union([.string, .integer, .decimal, .boolean])), "The report's parameters: the values given on the command line, else the declared defaults.") { env, call, id in
            let values = env.reports.parameterValues[id] ?? [:]
            call.newTable(fieldCount: values.count)
            for (name, value) in values {
                value.push(call)
                call.setField(name, of: -2)
            }
        },
        .field("Report", "title", .string, "The report's title.") { env, call, id in
            call.pushString(env.reports.documents[id]?.title ?? "")
        },
        .method(ReportHandle.self, "text", Text.self, returns: .value(.object("Report")), "Adds a paragraph.",
                example: #"r:text("Values on " .. os.date("%Y-%m-%d"))"#) { env, call, r, args in
            try env.reports.append(.text(args.text), to: r.id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method(ReportHandle.self, "figures", Figures.self, returns: .value(.object("Report")),
                "Adds key figures; format is number, integer, money, percent or text (default: number).",
                example: #"r:figures{ { label = "Net worth", value = af.net_worth(), format = "money" } }"#) { env, call, r, _ in
            try env.reports.append(.figures(try ReportReader(env, call, "Report:figures").figures(at: 2)), to: r.id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method(ReportHandle.self, "table", Table.self, returns: .value(.object("Report")),
                "Adds a table of rows (tables of fields, a row set of af.query, or a function returning the next row on each call and nil at the end, such as an iterator, whose rows are read as they come and never listed). columns: keys or {key, label}; format: one format or {column = format}.",
                example: #"r:table(p:allocation{}, { columns = { "key", "value", "percent" }, format = { value = "money", percent = "percent" } })"#) { env, call, r, _ in
            let read = try ReportReader(env, call, "Report:table").table(rows: 2, options: 3)
            try env.reports.append(.table(read.table), to: r.id, call, reserved: read.reserved)
            call.pushValue(at: 1)
            return 1
        },
        .method(ReportHandle.self, "chart", Chart.self, returns: .value(.object("Report")),
                "Adds a chart: kind line, area, bar, pie, fan, stacked, heatmap, drawdown, waterfall or calendar; series: rows (or a row set), or {{name, rows}}; x and y name the fields (default date and value; y may list several).",
                example: #"r:chart{ kind = "line", series = p:timeline{ from = "2024-01-01", every = "month" }, format = "money" }"#) { env, call, r, _ in
            try env.reports.append(.chart(try ReportReader(env, call, "Report:chart").chart(at: 2)), to: r.id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method(ReportHandle.self, "render", Render.self, returns: .value(.string),
                "The report as terminal (default), markdown, csv (its tables), json or html text.", example: #"print(r:render("markdown"))"#) { env, call, r, _ in
            let format = try call.isNil(at: 2) ? .terminal : ReportFormat.parse(call.string(at: 2) ?? call.typeName(at: 2))
            call.pushString(format.render(env.reports.documents[r.id]!, terminalStyle: env.reports.terminalStyle))
            return 1
        },
        .method(ReportHandle.self, "save", Save.self, returns: .value(.string),
                "Writes the report (format from the extension by default) and returns the path. In the sandbox only the --output file or the reports folder.",
                example: #"r:save("overview.html")"#) { env, call, r, args in
            let fn = env.currentFunction
            let path = args.path!
            guard !path.isEmpty else { throw LuaArgumentError("\(fn): a file path expected, got an empty string") }
            let format = try call.isNil(at: 3) ? ReportFormat.forPath(path) : ReportFormat.parse(call.string(at: 3) ?? call.typeName(at: 3))
            let target = try env.reports.checkWritable(path, trusted: env.policy.trusted, function: fn)
            let text = format.render(env.reports.documents[r.id]!, terminalStyle: .plain)
            // In place only what the user named (the --output file) or a trusted script; a link or
            // device a sandboxed script names is refused, never replaced.
            let named = env.policy.trusted || env.reports.outputPath.flatMap(ReportSession.resolveForWriting) == target
            do {
                // Inside the reports folder: by descriptor, so nothing swapped in since the check
                // is followed (ReportSession+Save.swift).
                if named { try OwnerOnlyFiles.write(text, to: target, special: .writeInPlace) } else { try env.reports.saveInsideReportsFolder(Data(text.utf8), to: target) }
            } catch {
                // The path as the script gave it: where it resolved to stays untold.
                throw RuleViolation("\(fn): cannot write '\(path)': it exists and is not a regular file, or the folder is not writable.")
            }
            call.pushString(env.policy.trusted ? target : path)
            return 1
        },
    ]
}

/// A report being built, as the receiver of its methods.
struct ReportHandle: LuaObjectHandle {
    static let className = "Report"
    static let callHint = "call it on a report, as r:METHOD(…), with r from af.report.new{…}"
    let id: Int64

    init(id: Int64) { self.id = id }
}
