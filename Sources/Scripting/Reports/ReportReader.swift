import Core
import LuaBridge
import LuaDecimals

/// Reads the Lua tables given to Report methods (figures, rows, chart series) into the
/// report model, with errors that name the method, the row and the field.
struct ReportReader {
    let env: ScriptEnvironment
    let call: LuaCall
    let function: String

    init(_ env: ScriptEnvironment, _ call: LuaCall, _ function: String) {
        self.env = env
        self.call = call
        self.function = function
    }

    static let tableType: Int32 = 5, numberType: Int32 = 3, stringType: Int32 = 4, booleanType: Int32 = 1

    /// A format name: number, integer, money, percent, or text (nil: keep values as they are).
    func format(_ name: String) throws -> ReportNumberFormat? {
        if name == "text" { return nil }
        guard let format = ReportNumberFormat(rawValue: name) else {
            throw LuaArgumentError("\(function): unknown format '\(name)' (use number, integer, money, percent or text)")
        }
        return format
    }

    /// The value at `index` as a cell: numbers and decimals as numbers; strings too when a
    /// number format is asked for and they read as a decimal; nil empty; others as text.
    /// Money is money in its own currency (never labelled with the report's), unless another
    /// number format is asked for: then its amount, as that number.
    func cell(at index: Int32, format: ReportNumberFormat?, forceText: Bool = false) throws -> ReportCell {
        if !forceText, let money = env.lua.moneyValue(at: index) {
            if let format, format != .money { return .number(money.amount, format) }
            return .money(money.amount, currency: money.currency)
        }
        switch call.type(at: index) {
        case -1, 0: return .empty
        case ReportReader.booleanType: return .text(call.boolean(at: index) ? "yes" : "no")
        case ReportReader.stringType:
            let text = call.string(at: index) ?? ""
            if let format, !forceText, let number = ExactDecimal.parseOrNil(text) { return .number(number, format) }
            return .text(text)
        case ReportReader.numberType:
            guard !forceText, let number = try call.decimal(at: index) else { return .text(env.lua.describe(at: index)) }
            return .number(number, format ?? .number)
        default:
            if !forceText, let number = env.lua.decimalValue(at: index) { return .number(number, format ?? .number) }
            return .text(env.lua.describe(at: index))
        }
    }

    // MARK: Figures

    func figures(at index: Int32) throws -> [ReportFigure] {
        guard call.type(at: index) == ReportReader.tableType else {
            throw LuaArgumentError("\(function): a list of {label = …, value = …, format = …} expected, got \(call.typeName(at: index))")
        }
        var figures: [ReportFigure] = []
        for i in 0..<call.rawLength(at: index) {
            call.pushElement(i + 1, of: index)
            defer { call.pop() }
            let args = try NamedArguments(call, at: call.argumentCount, function: "\(function) (figure \(i + 1))", allowed: ReportBindings.figure.recordKeys)
            let label = try args.requiredString("label")
            let format = try args.string("format").flatMap(self.format)  // nil: a number, or money as money
            let forceText = try args.string("format") == "text"
            figures.append(ReportFigure(label: label, value: try call.field("value", of: -1) {
                try cell(at: $0, format: format ?? (env.lua.moneyValue(at: $0) != nil ? nil : .number), forceText: forceText)
            } ?? .empty))
        }
        return figures
    }

    // MARK: Tables

    /// Fields of the first row, in a readable order: date, year, name, key, label first.
    func keys(ofRow index: Int32) -> [String] {
        var keys: [String] = []
        call.forEachStringKey(of: index) { keys.append($0) }
        if keys.isEmpty { return (0..<call.rawLength(at: index)).map { String($0 + 1) } }
        let first = ["date", "year", "name", "key", "label"]
        return keys.sorted { a, b in
            let ia = first.firstIndex(of: a) ?? first.count, ib = first.firstIndex(of: b) ?? first.count
            return ia != ib ? ia < ib : a < b
        }
    }

    /// Pushes field `key` of the row on top (an integer key reads the array part).
    func pushField(_ key: String, ofRowAt index: Int32) {
        if let position = Int(key), position > 0 { call.pushElement(position, of: index) } else { call.rawField(key, of: index) }
    }

    /// A row set of `af.query` at `index`: pushes its rows (running the query) and returns
    /// true; anything else pushes nothing.
    func pushRowsOfRowSet(at index: Int32) throws -> Bool {
        guard call.type(at: index) == ReportReader.tableType else { return false }
        let table = call.absoluteIndex(index)
        guard call.rawField("_rows", of: table) == LuaTypeCode.function else {
            call.pop()
            return false
        }
        try call.callFunction(at: -1, results: 1) { call.pushValue(at: table); return 1 }
        call.remove(at: -2)  // the function
        return true
    }

    /// The fields of a row set in their order (keys, then aggregates), when it knows them.
    func fieldOrder(ofRowSet index: Int32) throws -> [ReportColumn]? {
        let table = call.absoluteIndex(index)
        guard call.rawField("_fields", of: table) == LuaTypeCode.function else {
            call.pop()
            return nil
        }
        try call.callFunction(at: -1, results: 1) { 0 }
        defer { call.pop(2) }
        return (0..<call.rawLength(at: -1)).compactMap { i in
            call.pushElement(i + 1, of: -1)
            defer { call.pop() }
            return call.string(at: -1).map { ReportColumn(key: $0) }
        }
    }

    /// The options of `Report:table`: title, columns and formats.
    struct TableOptions {
        var title: String?
        var columns: [ReportColumn]?
        var formats: [String: ReportNumberFormat?] = [:]
        var allFormat: ReportNumberFormat?? = nil
    }

    func tableOptions(at optionsIndex: Int32) throws -> TableOptions {
        var options = TableOptions()
        guard !call.isNil(at: optionsIndex) else { return options }
        let args = try NamedArguments(call, at: optionsIndex, function: function, allowed: ReportBindings.tableOptions.recordKeys)
        options.title = try args.string("title")
        options.columns = try args.value("columns") { try readColumns(at: $0) }
        _ = try args.value("format") { i -> Bool? in
            if let name = call.string(at: i) { options.allFormat = .some(try format(name)); return true }
            guard call.type(at: i) == ReportReader.tableType else { throw args.fieldError("format", "a format name or {column = format} expected") }
            var names: [String] = []
            call.forEachStringKey(of: i) { names.append($0) }
            for name in names { options.formats[name] = try format(call.field(name, of: i) { call.string(at: $0) } ?? "") }
            return true
        }
        return options
    }

    /// The cells of the row at `row` (a table, checked), one per column.
    func cells(ofRowAt row: Int32, columns: [ReportColumn], _ options: TableOptions) throws -> [ReportCell] {
        try columns.map { column in
            pushField(column.key, ofRowAt: row)
            defer { call.pop() }
            let format: ReportNumberFormat? = options.formats[column.key] ?? options.allFormat ?? nil
            let forceText = options.formats[column.key].map { $0 == nil } ?? false
            return try cell(at: -1, format: format, forceText: forceText)
        }
    }

    /// The table of `Report:table(rows, options)`. `rows` may be a function that returns
    /// the next row on each call and nil at the end (an iterator such as
    /// `af.each_realized_gain{…}`'s): its rows are packed as they come and counted against
    /// `--max-memory` as they are (`reserved`), so no list of them is ever held.
    func table(rows: Int32, options optionsIndex: Int32) throws -> (table: ReportTable, reserved: Int) {
        if call.type(at: rows) == LuaTypeCode.function { return try table(pulling: rows, options: optionsIndex) }
        return (try table(listed: rows, options: optionsIndex), 0)
    }

    func table(pulling function: Int32, options optionsIndex: Int32) throws -> (table: ReportTable, reserved: Int) {
        let options = try tableOptions(at: optionsIndex)
        var columns = options.columns
        var packed = ReportRows(), reserved = 0
        var r = 0
        while true {
            try call.callFunction(at: function, results: 1) { 0 }
            let row = call.argumentCount
            if call.isNil(at: row) {
                call.pop()
                break
            }
            r += 1
            guard call.type(at: row) == ReportReader.tableType else {
                defer { call.pop() }
                throw LuaArgumentError("\(self.function): row \(r) is a \(call.typeName(at: row)), expected a table of fields")
            }
            if columns == nil { columns = keys(ofRow: row).map { ReportColumn(key: $0) } }
            do {
                defer { call.pop() }
                packed.append(try cells(ofRowAt: row, columns: columns!, options))
            }
            if packed.byteCount - reserved >= 1 << 16 {
                try call.reserveHostMemory(packed.byteCount - reserved, retained: true)
                reserved = packed.byteCount
            }
        }
        return (ReportTable(title: options.title, columns: columns ?? [], packed: packed), reserved)
    }

    func table(listed rows: Int32, options optionsIndex: Int32) throws -> ReportTable {
        let isRowSet = try pushRowsOfRowSet(at: rows)
        let rowsIndex = isRowSet ? call.argumentCount : rows
        defer { if isRowSet { call.remove(at: rowsIndex) } }
        guard call.type(at: rowsIndex) == ReportReader.tableType else {
            throw LuaArgumentError("\(function): a list of rows (tables) or a function returning them expected, got \(call.typeName(at: rowsIndex))")
        }
        var options = try tableOptions(at: optionsIndex)
        if options.columns == nil, isRowSet { options.columns = try fieldOrder(ofRowSet: rows) }
        let count = call.rawLength(at: rowsIndex)
        if options.columns == nil {
            if count > 0 {
                call.pushElement(1, of: rowsIndex)
                defer { call.pop() }
                options.columns = call.type(at: -1) == ReportReader.tableType ? keys(ofRow: call.argumentCount).map { ReportColumn(key: $0) } : []
            } else {
                options.columns = []
            }
        }
        let resolved = options.columns!
        var packed = ReportRows()
        for r in 0..<count {
            call.pushElement(r + 1, of: rowsIndex)
            defer { call.pop() }
            let row = call.argumentCount
            guard call.type(at: row) == ReportReader.tableType else {
                throw LuaArgumentError("\(function): row \(r + 1) is a \(call.typeName(at: row)), expected a table of fields")
            }
            packed.append(try cells(ofRowAt: row, columns: resolved, options))
        }
        return ReportTable(title: options.title, columns: resolved, packed: packed)
    }

    /// `{"key", {"value", "Value"}, {key = "percent", label = "%"}}`.
    func readColumns(at index: Int32) throws -> [ReportColumn] {
        guard call.type(at: index) == ReportReader.tableType else { throw LuaArgumentError("\(function): columns must be a list of keys") }
        return try (0..<call.rawLength(at: index)).map { i in
            call.pushElement(i + 1, of: index)
            defer { call.pop() }
            if let key = call.string(at: -1) { return ReportColumn(key: key) }
            if let position = call.integer(at: -1) { return ReportColumn(key: String(position), label: "Column \(position)") }
            guard call.type(at: -1) == ReportReader.tableType else { throw LuaArgumentError("\(function): column \(i + 1) must be a key or {key, label}") }
            let top = call.argumentCount
            let key = call.field("key", of: top) { call.string(at: $0) } ?? { call.pushElement(1, of: top); defer { call.pop() }; return call.string(at: -1) }()
            guard let key else { throw LuaArgumentError("\(function): column \(i + 1) has no key") }
            let label = call.field("label", of: top) { call.string(at: $0) } ?? { call.pushElement(2, of: top); defer { call.pop() }; return call.string(at: -1) }()
            return ReportColumn(key: key, label: label)
        }
    }

    // MARK: Charts

    func chart(at index: Int32) throws -> ReportChart {
        let args = try NamedArguments(call, at: index, function: function, allowed: ReportBindings.chart.recordKeys)
        let kindName = try args.string("kind") ?? "line"
        guard let kind = ReportChartKind(rawValue: kindName) else {
            throw args.fieldError("kind", "unknown chart kind '\(kindName)' (use \(ReportChartKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let format = try args.string("format").flatMap(self.format) ?? .number
        let yFields: [String] = try args.value("y") { i -> [String]? in
            if let name = call.string(at: i) { return [name] }
            guard call.type(at: i) == ReportReader.tableType else { throw args.fieldError("y", "a field name or a list of them expected") }
            return (0..<call.rawLength(at: i)).compactMap { e in call.pushElement(e + 1, of: i); defer { call.pop() }; return call.string(at: -1) }
        } ?? ["value"]
        let names: [String]? = try args.value("names") { i in
            guard call.isTable(at: i) else { throw args.fieldError("names", "a list of series names expected, got \(call.typeName(at: i))") }
            return (0..<call.rawLength(at: i)).compactMap { e in call.pushElement(e + 1, of: i); defer { call.pop() }; return call.string(at: -1) }
        }
        let xField = try args.string("x")
        let title = try args.string("title")
        var series: [ReportSeries] = []
        _ = try call.field("series", of: index) { s -> Bool? in
            if call.isNil(at: s) { return nil }
            guard call.type(at: s) == ReportReader.tableType else { throw args.fieldError("series", "a list of rows or of {name, rows} expected") }
            let isRowSet = try pushRowsOfRowSet(at: s)
            defer { if isRowSet { call.pop() } }
            let top = call.argumentCount
            let count = call.rawLength(at: top)
            var isNamed = false
            if count > 0 {
                call.pushElement(1, of: top)
                if call.type(at: -1) == ReportReader.tableType {
                    isNamed = call.rawField("rows", of: -1) == ReportReader.tableType
                    call.pop()
                }
                call.pop()
            }
            if isNamed {
                for d in 0..<count {
                    call.pushElement(d + 1, of: top)
                    defer { call.pop() }
                    let dataset = call.argumentCount
                    let name = call.field("name", of: dataset) { call.string(at: $0) } ?? "Series \(d + 1)"
                    call.rawField("rows", of: dataset)
                    defer { call.pop() }
                    let isRowSet = try pushRowsOfRowSet(at: -1)
                    defer { if isRowSet { call.pop() } }
                    series += try readSeries(rowsAt: call.argumentCount, x: xField, y: yFields, names: yFields.count == 1 ? [name] : yFields.map { name + " " + $0 })
                }
            } else {
                let defaultNames = yFields.count == 1 ? [title ?? ReportColumn.defaultLabel(for: yFields[0])] : yFields.map(ReportColumn.defaultLabel)
                series = try readSeries(rowsAt: top, x: xField, y: yFields, names: names ?? defaultNames)
            }
            return true
        }
        if kind == .drawdown {  // values in, drawdowns (percent below the running peak) out
            return ReportChart(kind: kind, title: title, series: ReportChart.drawdowns(of: series), format: .percent)
        }
        return ReportChart(kind: kind, title: title, series: series, format: format)
    }

    /// One series per y field from the rows at `index`; rows without the y value are skipped.
    func readSeries(rowsAt index: Int32, x xField: String?, y yFields: [String], names: [String]) throws -> [ReportSeries] {
        var points = Array(repeating: [(x: ReportX, y: ExactDecimal)](), count: yFields.count)
        var x = xField
        for r in 0..<call.rawLength(at: index) {
            call.pushElement(r + 1, of: index)
            defer { call.pop() }
            let row = call.argumentCount
            guard call.type(at: row) == ReportReader.tableType else {
                throw LuaArgumentError("\(function): series row \(r + 1) is a \(call.typeName(at: row)), expected a table of fields")
            }
            if x == nil {
                x = ["date", "key", "year", "label", "name", "x"].first { call.field($0, of: row) { call.isNil(at: $0) ? nil : true } ?? false } ?? "date"
            }
            let xValue: ReportX = try call.field(x!, of: row) { i -> ReportX? in
                if let text = call.string(at: i) { return CalendarDate(text).map(ReportX.date) ?? .label(text) }
                if call.isNil(at: i) { throw LuaArgumentError("\(function): series row \(r + 1) has no '\(x!)' field (name the x field with x = \"…\")") }
                return .label(env.lua.describe(at: i))
            }!
            for (s, field) in yFields.enumerated() {
                let value = try call.field(field, of: row) { i -> ExactDecimal? in
                    do { return try call.decimal(at: i) } catch {
                        throw LuaArgumentError("\(function): series row \(r + 1) field '\(field)': \(error)")
                    }
                }
                if let value { points[s].append((xValue, value)) }
            }
        }
        return yFields.indices.map { ReportSeries(name: $0 < names.count ? names[$0] : ReportColumn.defaultLabel(for: yFields[$0]), points: points[$0]) }
    }
}
