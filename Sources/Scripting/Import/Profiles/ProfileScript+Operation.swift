import Core
import Foundation
import LuaBridge
import LuaDecimals

extension ProfileScript {
    /// The fields an operation table may have; any other is an error (a typo would
    /// otherwise be a value silently left out).
    static let operationFields: Set<String> = [
        "kind", "date", "asset", "asset_type", "currency", "cash_currency", "quantity", "price", "fees", "amount", "gross", "tax", "net",
        "to_currency", "to_amount", "ratio", "cost_basis", "acquired", "new_name", "new_asset", "cost_fraction", "note", "id", "cash",
        "to_asset", "to_quantity",
    ]

    /// A field's value as the table held it.
    enum FieldValue {
        case text(String), decimal(ExactDecimal), flag(Bool)
        /// A date field's text already read (`memoizedDate`).
        case day(CalendarDate)
    }

    /// `operationFields` in a fixed order: a field's place in `Fields`.
    static let fieldNames = ["kind", "date", "asset", "asset_type", "currency", "cash_currency", "quantity", "price", "fees", "amount", "gross",
                             "tax", "net", "to_currency", "to_amount", "ratio", "cost_basis", "acquired", "new_name", "new_asset", "cost_fraction", "note", "id",
                             "cash", "to_asset", "to_quantity"]

    /// `fieldNames` in a Lua table, each name to its place (made once per script): an
    /// operation's keys are looked up there by the Lua string itself (`operation(at:)`).
    func fieldPlaces() -> LuaReference {
        if let made = fieldPlacesTable { return made }
        let call = LuaCall(lua.L)
        call.newTable(fieldCount: Self.fieldNames.count)
        for (i, name) in Self.fieldNames.enumerated() {
            call.pushInteger(Int64(i))
            call.setField(name, of: -2)
        }
        let made = lua.makeReference()
        fieldPlacesTable = made
        return made
    }

    /// An operation field, by its place in `fieldNames`.
    enum Field: Int {
        case kind, date, asset, assetType, currency, cashCurrency, quantity, price, fees, amount, gross, tax, net, toCurrency, toAmount, ratio, costBasis, acquired, newName, newAsset,
             costFraction, note, id, cash, toAsset, toQuantity
    }

    /// An operation table's fields by place.
    struct Fields {
        var values: [FieldValue?] = Array(repeating: nil, count: ProfileScript.fieldNames.count)
        /// Bit `place` set for each field given: an absent field is answered without
        /// touching `values`.
        var given: UInt32 = 0
        subscript(_ field: Field) -> FieldValue? { given & (1 << UInt32(field.rawValue)) == 0 ? nil : values[field.rawValue] }
        mutating func put(_ value: FieldValue, at place: Int) {
            values[place] = value
            given |= 1 << UInt32(place)
        }
        /// Every field unset again, the storage kept (one per script, not one per operation).
        mutating func clear() {
            var rest = given
            while rest != 0 {
                values[rest.trailingZeroBitCount] = nil
                rest &= rest - 1
            }
            given = 0
        }
    }

    /// Reads the operation table at `index` in one pass over its fields, matching each key's
    /// bytes in place (a lookup per known field cost a Lua string per name and row, a
    /// dictionary of `String` keys one allocation per field); returns it and the broker id.
    func operation(at index: Int32, call: LuaCall, format: ImportDate?, accountCurrency: String?) throws -> (ProfileOperation, String?) {
        guard call.isTable(at: index) else { throw ProfileError("an operation is a table, not a \(call.typeName(at: index))") }
        var fields = Fields(values: [])
        swap(&fields, &fieldScratch)
        defer {
            fields.clear()
            swap(&fields, &fieldScratch)
        }
        var unknown: String?
        let table = call.absoluteIndex(index)
        lua.push(fieldPlaces())
        defer { call.pop() }
        try call.forEachStringKey(of: table, places: -1) { place, key in
            guard let place, place >= 0, place < Self.fieldNames.count else {
                unknown = unknown ?? String(decoding: key, as: UTF8.self)
                return
            }
            if (place == Field.date.rawValue || place == Field.acquired.rawValue), let day = memoizedDate(call: call, format: format) {
                fields.put(.day(day), at: place)
            } else if let bytes = call.stringBytes(at: -1) {
                fields.put(.text(Self.trimmed(bytes)), at: place)
            } else if call.type(at: -1) == LuaTypeCode.boolean {
                fields.put(.flag(call.boolean(at: -1)), at: place)
            } else if let d = try call.decimal(at: -1) {
                fields.put(.decimal(d), at: place)
            }
        }
        if let unknown { throw ProfileError("unknown operation field '\(unknown)'") }
        return try operation(fields, format: format, accountCurrency: accountCurrency)
    }

    /// The operation of an operation table's fields, and its broker id. (`fields` a
    /// parameter, not a variable the nested functions capture: those paid an exclusivity
    /// check per field read.)
    private func operation(_ fields: Fields, format: ImportDate?, accountCurrency: String?) throws -> (ProfileOperation, String?) {
        let style = descriptor.decimal
        func text(_ key: Field) -> String? {
            switch fields[key] {
            case .text(let s)?: return s.isEmpty ? nil : s
            case .decimal(let d)?: return d.plainText
            default: return nil
            }
        }
        func number(_ key: Field, signed: Bool = false) throws -> ExactDecimal? {
            let value: ExactDecimal?
            switch fields[key] {
            case .text(let s)?: value = try style.parse(s)
            case .decimal(let d)?: value = d
            default: value = nil
            }
            guard let value else { return nil }
            return signed || value >= 0 ? value : -value
        }
        func date(_ key: Field) throws -> CalendarDate? {
            if case .day(let day)? = fields[key] { return day }
            guard let raw = text(key) else { return nil }
            return try parseDate(raw, format: format)
        }
        guard let kindText = text(.kind) else { throw ProfileError("an operation needs a kind") }
        guard let kind = ProfileOperation.Kind(rawValue: kindText) else {
            throw ProfileError("unknown operation kind '\(kindText)' (use: \(ProfileOperation.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let day = try date(.date) else { throw ProfileError("a \(kindText) needs a date") }
        // A trade that moves no cash (`cash = false`: a fee paid in a coin, sold at 0) needs no account currency either.
        let movesNoCash: Bool = { if case .flag(false)? = fields[.cash] { return true } else { return false } }()
        guard let cash = text(.cashCurrency).map(Self.uppercased) ?? descriptor.currency ?? accountCurrency
                ?? (Self.unitsOnly.contains(kind) || movesNoCash ? text(.currency).map(Self.uppercased) ?? "" : nil) else {
            throw ProfileError("the account's currency is unknown: give it with --currency CODE")
        }
        var op = ProfileOperation(kind: kind, date: day, cashCurrency: cash)
        op.asset = text(.asset)
        if let type = text(.assetType) { op.assetType = try AssetType.parse(type) }
        op.currency = text(.currency).map(Self.uppercased)
        op.quantity = try number(.quantity, signed: kind == .split)
        op.price = try number(.price)
        op.fees = try number(.fees) ?? 0
        op.amount = try number(.amount)
        op.gross = try number(.gross)
        op.tax = try number(.tax)
        op.net = try number(.net)
        op.toCurrency = text(.toCurrency).map(Self.uppercased)
        op.toAmount = try number(.toAmount)
        op.ratio = try text(.ratio).map { try SplitRatio($0, allowsOne: kind == .merger) }
        op.costBasis = try number(.costBasis)
        op.acquired = try date(.acquired)
        op.newName = text(.newName)
        op.newAsset = text(.newAsset)
        op.costFraction = try number(.costFraction)
        op.toAsset = text(.toAsset)
        op.toQuantity = try number(.toQuantity)
        op.note = text(.note) ?? ""
        if case .flag(let settles)? = fields[.cash] { op.settlesInCash = settles }
        return (op, text(.id))
    }

    /// The kinds that move units only: no cash currency needed.
    private static let unitsOnly: Set<ProfileOperation.Kind> = [.split, .stockDividend, .rename, .transferIn, .transferOut, .reward, .spinOff, .merger, .swap]

    /// `s.uppercased()`; `s` itself when it has no lowercase letter and is ASCII (a currency
    /// code as written, "EUR"), without the Unicode case mapping.
    static func uppercased(_ s: String) -> String {
        s.utf8.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) } ? s : s.uppercased()
    }

    /// `trimmed` of the text of a Lua string's bytes, made once.
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> String {
        guard let first = bytes.first, let last = bytes.last else { return "" }
        let s = String(decoding: bytes, as: UTF8.self)
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
        return blank(first) || blank(last) ? s.trimmingCharacters(in: .whitespaces) : s
    }

    /// Trimmed of spaces and tabs; the text itself when it has none at its ends (the common
    /// case, without Foundation's scan).
    static func trimmed(_ s: String) -> String {
        guard let first = s.utf8.first, let last = s.utf8.last else { return s }
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
        return blank(first) || blank(last) ? s.trimmingCharacters(in: .whitespaces) : s
    }

    /// The date that the Lua string on top of the stack reads as, from the run's memo table
    /// (keyed by the Lua string itself: a lookup there needs no Swift string and no hashing,
    /// as Lua's short strings carry their hash); read and kept there the first time. nil when
    /// it is not a string or does not read as a date: the caller reads it the usual way, which
    /// gives the same error. [-0, +0, m]
    func memoizedDate(call: LuaCall, format: ImportDate?) -> CalendarDate? {
        guard let memo = dateMemoTable, call.type(at: -1) == LuaTypeCode.string else { return nil }
        lua.push(memo)
        defer { call.pop() }
        call.pushValue(at: -2)
        call.rawGet(of: -2)
        let known = call.integer(at: -1)
        call.pop()
        if let known { return CalendarDate(dayNumber: Int(known)) }
        guard let raw = call.string(at: -2).map(Self.trimmed), !raw.isEmpty,
              let day = Self.isoDay(raw, format: format) ?? (try? ImportDate.parse(raw, format: format)) else { return nil }
        if dateMemoCount >= 50_000 {  // a file of distinct timestamps: start a new memo, not one that grows without end
            call.pop()
            lua.release(memo)
            call.newTable()
            dateMemoTable = lua.makeReference()
            dateMemoCount = 0
            lua.push(dateMemoTable!)
        }
        call.pushValue(at: -2)
        call.pushInteger(Int64(day.dayNumber))
        call.rawSet(of: -3)
        dateMemoCount += 1
        return day
    }

    /// The day `ImportDate.parse(raw, format: format)` reads for an ISO date (`2024-03-01`,
    /// any format) or date-time written exactly `2024-03-01 10:00:00` or `2024-03-01T10:00:00`
    /// (no format: the time is ignored), without the general reader; nil for anything else,
    /// which the general reader decides (ProfileFastPathTests compares the two).
    static func isoDay(_ raw: String, format: ImportDate?) -> CalendarDate? {
        var raw = raw
        return raw.withUTF8 { b -> CalendarDate? in
            if b.count == 10 { return CalendarDate(utf8: b) }
            guard format == nil, b.count == 19, b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "T"),
                  b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
            for i in [11, 12, 14, 15, 17, 18] where b[i] < UInt8(ascii: "0") || b[i] > UInt8(ascii: "9") { return nil }
            return CalendarDate(utf8: UnsafeBufferPointer(rebasing: b[0..<10]))
        }
    }

    /// A date cell read once per distinct text in a run (a file repeats its dates).
    func parseDate(_ raw: String, format: ImportDate?) throws -> CalendarDate? {
        if let known = dateMemo[raw] { return known }
        let parsed = try ImportDate.parse(raw, format: format)
        if let parsed {
            if dateMemo.count > 50_000 { dateMemo.removeAll(keepingCapacity: true) }
            dateMemo[raw] = parsed
        }
        return parsed
    }
}
