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
    }

    /// `operationFields` in a fixed order: a field's place in `Fields`.
    static let fieldNames = ["kind", "date", "asset", "asset_type", "currency", "cash_currency", "quantity", "price", "fees", "amount", "gross",
                             "tax", "net", "to_currency", "to_amount", "ratio", "cost_basis", "acquired", "new_name", "new_asset", "cost_fraction", "note", "id",
                             "cash", "to_asset", "to_quantity"]
    private static let fieldBytes = fieldNames.map { Array($0.utf8) }

    /// The place of the field whose name is `key`'s bytes, nil for an unknown one.
    private static func place(of key: UnsafeRawBufferPointer) -> Int? {
        for (i, name) in fieldBytes.enumerated() where name.count == key.count && name.first == key.first {
            if name.withUnsafeBytes({ memcmp($0.baseAddress!, key.baseAddress!, key.count) }) == 0 { return i }
        }
        return nil
    }

    /// An operation field, by its place in `fieldNames`.
    enum Field: Int {
        case kind, date, asset, assetType, currency, cashCurrency, quantity, price, fees, amount, gross, tax, net, toCurrency, toAmount, ratio, costBasis, acquired, newName, newAsset,
             costFraction, note, id, cash, toAsset, toQuantity
    }

    /// An operation table's fields by place.
    struct Fields {
        var values: [FieldValue?] = Array(repeating: nil, count: ProfileScript.fieldNames.count)
        subscript(_ field: Field) -> FieldValue? { values[field.rawValue] }
    }

    /// Reads the operation table at `index` in one pass over its fields, matching each key's
    /// bytes in place (a lookup per known field cost a Lua string per name and row, a
    /// dictionary of `String` keys one allocation per field); returns it and the broker id.
    func operation(at index: Int32, call: LuaCall, format: ImportDate?, accountCurrency: String?) throws -> (ProfileOperation, String?) {
        guard call.isTable(at: index) else { throw ProfileError("an operation is a table, not a \(call.typeName(at: index))") }
        var fields = Fields()
        var unknown: String?
        try call.forEachStringKeyBytes(of: index) { key in
            guard let place = Self.place(of: key) else {
                unknown = unknown ?? String(decoding: key, as: UTF8.self)
                return
            }
            if let s = call.string(at: -1) {
                fields.values[place] = .text(Self.trimmed(s))
            } else if call.type(at: -1) == LuaTypeCode.boolean {
                fields.values[place] = .flag(call.boolean(at: -1))
            } else if let d = try call.decimal(at: -1) {
                fields.values[place] = .decimal(d)
            }
        }
        if let unknown { throw ProfileError("unknown operation field '\(unknown)'") }
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
            case .text(let s)?: value = try descriptor.decimal.parse(s)
            case .decimal(let d)?: value = d
            default: value = nil
            }
            guard let value else { return nil }
            return signed || value >= 0 ? value : -value
        }
        func date(_ key: Field) throws -> CalendarDate? {
            guard let raw = text(key) else { return nil }
            return try parseDate(raw, format: format)
        }
        guard let kindText = text(.kind) else { throw ProfileError("an operation needs a kind") }
        guard let kind = ProfileOperation.Kind(rawValue: kindText) else {
            throw ProfileError("unknown operation kind '\(kindText)' (use: \(ProfileOperation.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let day = try date(.date) else { throw ProfileError("a \(kindText) needs a date") }
        let unitsOnly: Set<ProfileOperation.Kind> = [.split, .stockDividend, .rename, .transferIn, .transferOut, .reward, .spinOff, .merger, .swap]
        // A trade that moves no cash (`cash = false`: a fee paid in a coin, sold at 0) needs no account currency either.
        let movesNoCash: Bool = { if case .flag(false)? = fields[.cash] { return true } else { return false } }()
        guard let cash = text(.cashCurrency)?.uppercased() ?? descriptor.currency ?? accountCurrency
                ?? (unitsOnly.contains(kind) || movesNoCash ? text(.currency)?.uppercased() ?? "" : nil) else {
            throw ProfileError("the account's currency is unknown: give it with --currency CODE")
        }
        var op = ProfileOperation(kind: kind, date: day, cashCurrency: cash)
        op.asset = text(.asset)
        if let type = text(.assetType) { op.assetType = try AssetType.parse(type) }
        op.currency = text(.currency)?.uppercased()
        op.quantity = try number(.quantity, signed: kind == .split)
        op.price = try number(.price)
        op.fees = try number(.fees) ?? 0
        op.amount = try number(.amount)
        op.gross = try number(.gross)
        op.tax = try number(.tax)
        op.net = try number(.net)
        op.toCurrency = text(.toCurrency)?.uppercased()
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

    /// Trimmed of spaces and tabs; the text itself when it has none at its ends (the common
    /// case, without Foundation's scan).
    static func trimmed(_ s: String) -> String {
        guard let first = s.utf8.first, let last = s.utf8.last else { return s }
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
        return blank(first) || blank(last) ? s.trimmingCharacters(in: .whitespaces) : s
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
