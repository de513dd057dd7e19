import Core
import LuaBridge
import LuaDecimals

extension ProfileScript {
    /// The fields an operation table may have; any other is an error (a typo would
    /// otherwise be a value silently left out).
    static let operationFields: Set<String> = [
        "kind", "date", "asset", "asset_type", "currency", "cash_currency", "quantity", "price", "fees", "amount", "gross", "tax", "net",
        "to_currency", "to_amount", "ratio", "cost_basis", "acquired", "new_name", "new_asset", "cost_fraction", "note", "id", "cash",
    ]

    /// A field's value as the table held it.
    enum FieldValue {
        case text(String), decimal(ExactDecimal), flag(Bool)
    }

    /// Reads the operation table at `index` in one pass over its fields (a lookup per known
    /// field cost a Lua string per name and row); returns it and the broker id it names.
    func operation(at index: Int32, call: LuaCall, format: ImportDate?, accountCurrency: String?) throws -> (ProfileOperation, String?) {
        guard call.isTable(at: index) else { throw ProfileError("an operation is a table, not a \(call.typeName(at: index))") }
        var fields: [String: FieldValue] = [:]
        var unknown: String?
        try call.forEachStringKey(of: index) { key in
            guard Self.operationFields.contains(key) else { unknown = unknown ?? key; return }
            if let s = call.string(at: -1) {
                fields[key] = .text(s.trimmingCharacters(in: .whitespaces))
            } else if call.type(at: -1) == LuaTypeCode.boolean {
                fields[key] = .flag(call.boolean(at: -1))
            } else if let d = try call.decimal(at: -1) {
                fields[key] = .decimal(d)
            }
        }
        if let unknown { throw ProfileError("unknown operation field '\(unknown)'") }
        func text(_ key: String) -> String? {
            switch fields[key] {
            case .text(let s)?: return s.isEmpty ? nil : s
            case .decimal(let d)?: return d.plainText
            default: return nil
            }
        }
        func number(_ key: String, signed: Bool = false) throws -> ExactDecimal? {
            let value: ExactDecimal?
            switch fields[key] {
            case .text(let s)?: value = try descriptor.decimal.parse(s)
            case .decimal(let d)?: value = d
            default: value = nil
            }
            guard let value else { return nil }
            return signed || value >= 0 ? value : -value
        }
        func date(_ key: String) throws -> CalendarDate? {
            guard let raw = text(key) else { return nil }
            return try ImportDate.parse(raw, format: format)
        }
        guard let kindText = text("kind") else { throw ProfileError("an operation needs a kind") }
        guard let kind = ProfileOperation.Kind(rawValue: kindText) else {
            throw ProfileError("unknown operation kind '\(kindText)' (use: \(ProfileOperation.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let day = try date("date") else { throw ProfileError("a \(kindText) needs a date") }
        let unitsOnly: Set<ProfileOperation.Kind> = [.split, .stockDividend, .rename, .transferIn, .transferOut, .reward, .spinOff, .merger]
        guard let cash = text("cash_currency")?.uppercased() ?? descriptor.currency ?? accountCurrency
                ?? (unitsOnly.contains(kind) ? text("currency")?.uppercased() ?? "" : nil) else {
            throw ProfileError("the account's currency is unknown: give it with --currency CODE")
        }
        var op = ProfileOperation(kind: kind, date: day, cashCurrency: cash)
        op.asset = text("asset")
        if let type = text("asset_type") { op.assetType = try AssetType.parse(type) }
        op.currency = text("currency")?.uppercased()
        op.quantity = try number("quantity", signed: kind == .split)
        op.price = try number("price")
        op.fees = try number("fees") ?? 0
        op.amount = try number("amount")
        op.gross = try number("gross")
        op.tax = try number("tax")
        op.net = try number("net")
        op.toCurrency = text("to_currency")?.uppercased()
        op.toAmount = try number("to_amount")
        op.ratio = try text("ratio").map { try SplitRatio($0, allowsOne: kind == .merger) }
        op.costBasis = try number("cost_basis")
        op.acquired = try date("acquired")
        op.newName = text("new_name")
        op.newAsset = text("new_asset")
        op.costFraction = try number("cost_fraction")
        op.note = text("note") ?? ""
        if case .flag(let settles)? = fields["cash"] { op.settlesInCash = settles }
        return (op, text("id"))
    }
}
