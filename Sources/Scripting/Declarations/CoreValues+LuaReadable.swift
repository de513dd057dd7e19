import Core
import LuaBridge

/// A Core enumeration read from its name with Core's own parser, so the error is the
/// seed's message naming the choices, and declared as the list of its names.
public protocol LuaParsedEnumeration: LuaReadable, CaseIterable, RawRepresentable where RawValue == String {
    static func parse(_ text: String) throws -> Self
}

extension LuaParsedEnumeration {
    public static var luaType: LuaType { .oneOf(allCases.map(\.rawValue)) }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Self {
        try parse(String.read(reader, at: index))
    }
}

extension AllocationDimension: LuaParsedEnumeration {}
extension AssetType: LuaParsedEnumeration {}
extension TransactionType: LuaParsedEnumeration {}
extension RiskTolerance: LuaParsedEnumeration {}
extension InvestmentPlanStatus: LuaParsedEnumeration {}
extension SavingFrequency: LuaParsedEnumeration {}
extension SavingExecutionMethod: LuaParsedEnumeration {}
extension BandDestination: LuaParsedEnumeration {}
extension ContributionFrequency: LuaParsedEnumeration {}

/// A value that may be given as `false` to remove it: `a:update{ portfolio = false }`.
public enum Removable<Value: LuaReadable>: LuaReadable {
    case remove
    case set(Value)

    /// The value, or `false` (LuaLS has no literal-false type: `boolean`).
    public static var luaType: LuaType { .union([Value.luaType, .boolean]) }
    public static func read(_ reader: ArgumentReader, at index: Int32) throws -> Removable {
        if reader.call.type(at: index) == LuaTypeCode.boolean, !reader.call.boolean(at: index) { return .remove }
        return .set(try Value.read(reader, at: index))
    }

    /// `.some(nil)` to remove, `.some(x)` to set: the shape of UpdateAsset's fields.
    func map<T>(_ transform: (Value) throws -> T?) rethrows -> T?? {
        switch self {
        case .remove: .some(nil)
        case .set(let v): .some(try transform(v))
        }
    }
}
