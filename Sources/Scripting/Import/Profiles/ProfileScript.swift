import Core
import LuaBridge
import LuaDecimals

/// A profile loaded in a Lua state of its own: the sandbox's safe libraries, exact decimals
/// and three helpers (`num`, `D`, `round`), no store and no files. `row` runs the script's
/// row function on one row and reads back what it returned.
final class ProfileScript {
    let profile: ImportProfile
    let lua: LuaState
    private(set) var descriptor: ProfileDescriptor
    private var rowFunction: LuaReference?
    var rowFunctionReference: LuaReference? { rowFunction }
    /// `finish = function() … end`: called after the last row (a profile that pairs rows
    /// raises there for a row left without its pair).
    private(set) var finishFunction: LuaReference?
    /// `preamble = function(lines) … end`: called once with the lines above the header (an
    /// export that names the account's currency only in its title block, as XTB's).
    private(set) var preambleFunction: LuaReference?
    /// Date texts already read in this run (`parseDate`), with their format.
    var dateMemo: [String: CalendarDate] = [:]
    /// The same, for date fields that are Lua strings: a Lua table from the string to its
    /// day number, alive while `run` runs (`memoizedDate`); and how many it holds.
    var dateMemoTable: LuaReference?
    var dateMemoCount = 0
    /// The fields of the operation being read (`operation(at:)`), kept between operations.
    var fieldScratch = Fields()
    /// The operation fields' names to their places, a Lua table (`fieldPlaces()`).
    var fieldPlacesTable: LuaReference?

    /// Seconds and bytes a profile may use for a whole file.
    static let timeoutSeconds = 60.0, memoryBytes = 256 << 20

    init(_ profile: ImportProfile) throws {
        self.profile = profile
        lua = try LuaState(policy: SandboxPolicy())
        lua.installDecimals()
        lua.setLimits(timeoutSeconds: Self.timeoutSeconds, memoryBytes: Self.memoryBytes)
        descriptor = ProfileDescriptor(name: profile.name, title: profile.name, platform: profile.name, headerSets: [])
        installHelpers(style: .point)
        // A profile makes a row table, operation tables and decimals for every row, all
        // garbage a row later: Lua's generational collector frees such young objects without
        // walking the rest (Trading 212's 100,000 rows: about a fifth less CPU than the
        // incremental collector). The memory limit holds in either mode.
        _ = try? lua.execute("collectgarbage('generational')", name: "=profile gc")
        let chunk = profile.origin == "built-in" ? "=profile \(profile.name)" : "@" + profile.origin
        do {
            guard try lua.execute(profile.source, name: chunk, results: 1) == 1 else { throw ProfileError("the profile must return a table") }
        } catch let error as LuaError {
            throw ProfileError("profile \(profile.name): \(error.description)")
        }
        defer { lua.setTop(0) }
        try readDescriptor()
        installHelpers(style: descriptor.decimal)
    }

    deinit { lua.close() }

    /// Reads the returned table's fields and keeps its row function.
    private func readDescriptor() throws {
        let call = LuaCall(lua.L)
        guard call.isTable(at: -1) else { throw ProfileError("profile \(profile.name): the script must return a table") }
        func text(_ key: String) -> String? { call.field(key, of: -1) { call.string(at: $0) } }
        descriptor.name = text("name") ?? profile.name
        descriptor.title = text("title") ?? descriptor.name
        descriptor.platform = text("platform") ?? descriptor.title
        descriptor.currency = text("currency")?.uppercased()
        descriptor.dateFormat = text("date_format")
        descriptor.idColumn = text("id")
        descriptor.summary = text("summary") ?? ""
        descriptor.raw = call.field("raw", of: -1) { call.boolean(at: $0) } ?? false
        if let style = text("decimal") {
            guard let parsed = ProfileNumberStyle(rawValue: style) else { throw ProfileError("profile \(profile.name): decimal is point, comma or auto, not '\(style)'") }
            descriptor.decimal = parsed
        }
        call.rawField("headers", of: -1)
        descriptor.headerSets = Self.headerSets(call)
        call.pop()
        guard descriptor.headers.count > 0 else { throw ProfileError("profile \(profile.name): headers = { … } lists the columns it recognizes") }
        guard call.rawField("row", of: -1) == LuaTypeCode.function else {
            call.pop()
            throw ProfileError("profile \(profile.name): row = function(r) … end is missing")
        }
        rowFunction = lua.makeReference()
        if call.rawField("finish", of: -1) == LuaTypeCode.function { finishFunction = lua.makeReference() } else { call.pop() }
        if call.rawField("preamble", of: -1) == LuaTypeCode.function { preambleFunction = lua.makeReference() } else { call.pop() }
    }

    /// `{ "A", "B" }` (one set) or `{ { "A", "B" }, { "C", "D" } }` (alternatives) on top.
    private static func headerSets(_ call: LuaCall) -> [[String]] {
        var sets: [[String]] = [], single: [String] = []
        for i in 0..<call.rawLength(at: -1) {
            call.pushElement(i + 1, of: -1)
            if let h = call.string(at: -1) { single.append(h) } else if call.isTable(at: -1) {
                var set: [String] = []
                for j in 0..<call.rawLength(at: -1) {
                    call.pushElement(j + 1, of: -1)
                    if let h = call.string(at: -1) { set.append(h) }
                    call.pop()
                }
                if !set.isEmpty { sets.append(set) }
            }
            call.pop()
        }
        return single.isEmpty ? sets : [single] + sets
    }

    /// `num(text)`: the profile's number style; `D(x)`: a decimal from a string, integer or
    /// decimal; `round(d, places)`: half away from zero.
    private func installHelpers(style: ProfileNumberStyle) {
        // A plainly written number ("-12.50") is read in C, without a Swift call; the same
        // decimal as `style.parse` (ProfileNumberFastPathTests).
        lua.pushDecimalReader(style: style.fastPathCode) { call in
            guard let text = call.string(at: 1) else { call.pushNil(); return 1 }
            do { call.pushOptionalDecimal(try style.parse(text)) } catch { throw call.error(String(describing: error)) }
            return 1
        }
        lua.setGlobal("num")
        lua.pushFunction { call in
            call.pushOptionalDecimal(try call.decimal(at: 1))
            return 1
        }
        lua.setGlobal("D")
        lua.pushFunction { call in
            guard let value = try call.decimal(at: 1) else { call.pushNil(); return 1 }
            let mode: ExactDecimal.RoundingMode = call.string(at: 3) == "down" ? .down : call.string(at: 3) == "up" ? .up : .plain
            call.pushDecimal(value.rounded(places: Int(call.integer(at: 2) ?? 0), mode: mode))
            return 1
        }
        lua.setGlobal("round")
    }
}

extension ProfileNumberStyle {
    /// The style's code for the C reader of plain numbers (`pushDecimalReader`).
    var fastPathCode: Int32 {
        switch self {
        case .point: 0
        case .comma: 1
        case .auto: 2
        case .lastMark: 3
        }
    }
}

/// A profile that cannot be loaded or read a file: the message says which and why.
public struct ProfileError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
