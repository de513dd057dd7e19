import Core
import Foundation
import LuaBridge
import Store

/// `af.report.new{…}` and the Report methods: build a report from rows the other bindings
/// return, then render it as terminal text, Markdown, CSV, JSON or HTML, or save it.
enum ReportBindings {
    static let all: [Binding] = [
        .function("af.report", "new", "{title, currency} -> Report",
                  "A new, empty report. currency (for money columns) defaults to the assets' currency when they share one.",
                  example: #"local r = af.report.new{ title = "Overview" }"#) { env, call in
            let fn = "af.report.new"
            var title = "Report", currency: String?
            if !call.isNil(at: 1) {
                let args = try NamedArguments(call, at: 1, function: fn, allowed: ["title", "currency"])
                title = try args.string("title") ?? title
                currency = try args.string("currency")
            }
            if currency == nil {
                let currencies = Set(try env.session.assets().map(\.currency))
                currency = currencies.count == 1 ? currencies.first! : ""
            }
            env.lua.pushObject(env.reports.add(ReportDocument(title: title, currency: currency!)), className: "Report")
            return 1
        },
        .field("Report", "title", "string", "The report's title.") { env, call, id in
            call.pushString(env.reports.documents[id]?.title ?? "")
        },
        .method("Report", "text", "(string) -> Report", "Adds a paragraph.", example: #"r:text("Values on " .. os.date("%Y-%m-%d"))"#) { env, call in
            let id = try report(env, call, "Report:text")
            guard let text = call.string(at: 2) else { throw LuaArgumentError("Report:text: a string expected, got \(call.typeName(at: 2))") }
            try env.reports.append(.text(text), to: id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method("Report", "figures", "{{label, value, format}} -> Report",
                "Adds key figures; format is number, integer, money, percent or text (default: number).",
                example: #"r:figures{ { label = "Net worth", value = af.net_worth(), format = "money" } }"#) { env, call in
            let id = try report(env, call, "Report:figures")
            try env.reports.append(.figures(try ReportReader(env, call, "Report:figures").figures(at: 2)), to: id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method("Report", "table", "(rows, {columns, format, title}) -> Report",
                "Adds a table of rows (tables of fields). columns: keys or {key, label}; format: one format or {column = format}.",
                example: #"r:table(p:allocation{}, { columns = { "key", "value", "percent" }, format = { value = "money", percent = "percent" } })"#) { env, call in
            let id = try report(env, call, "Report:table")
            try env.reports.append(.table(try ReportReader(env, call, "Report:table").table(rows: 2, options: 3)), to: id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method("Report", "chart", "{kind, series, x, y, names, title, format} -> Report",
                "Adds a chart: kind line, area, bar, pie or fan; series: rows, or {{name, rows}}; x and y name the fields (default date and value; y may list several).",
                example: #"r:chart{ kind = "line", series = p:timeline{ from = "2024-01-01", every = "month" }, format = "money" }"#) { env, call in
            let id = try report(env, call, "Report:chart")
            try env.reports.append(.chart(try ReportReader(env, call, "Report:chart").chart(at: 2)), to: id, call)
            call.pushValue(at: 1)
            return 1
        },
        .method("Report", "render", "(format) -> string",
                "The report as terminal (default), markdown, csv (its tables), json or html text.", example: #"print(r:render("markdown"))"#) { env, call in
            let id = try report(env, call, "Report:render")
            let format = try call.isNil(at: 2) ? .terminal : ReportFormat.parse(call.string(at: 2) ?? call.typeName(at: 2))
            call.pushString(format.render(env.reports.documents[id]!, terminalStyle: env.reports.terminalStyle))
            return 1
        },
        .method("Report", "save", "(path, format) -> string",
                "Writes the report (format from the extension by default) and returns the path. In the sandbox only the --output file or the reports folder.",
                example: #"r:save("overview.html")"#) { env, call in
            let fn = "Report:save"
            let id = try report(env, call, fn)
            guard let path = call.string(at: 2), !path.isEmpty else { throw LuaArgumentError("\(fn): a file path expected, got \(call.typeName(at: 2))") }
            let format = try call.isNil(at: 3) ? ReportFormat.forPath(path) : ReportFormat.parse(call.string(at: 3) ?? call.typeName(at: 3))
            let trusted = env.policy.trusted
            let target = try env.reports.checkWritable(path, trusted: trusted, function: fn)
            let text = format.render(env.reports.documents[id]!, terminalStyle: .plain)
            do {
                try OwnerOnlyFiles.write(text, to: target)
            } catch {
                throw RuleViolation("\(fn): cannot write \(target): \(error.localizedDescription)")
            }
            call.pushString(target)
            return 1
        },
    ]

    static func report(_ env: ScriptEnvironment, _ call: LuaCall, _ fn: String) throws -> Int64 {
        guard let id = env.lua.objectID(at: 1, className: "Report"), env.reports.documents[id] != nil else {
            throw LuaArgumentError("\(fn): call it on a report, as r:\(fn.split(separator: ":").last ?? "")(…), with r from af.report.new{…}")
        }
        return id
    }
}
