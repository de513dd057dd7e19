import Foundation

/// Sets after how many days a lot is long term (`HoldingPeriod`): for every asset
/// (`long_term_days`, 365 when unset) or for one asset type (`long_term_days.crypto`, which
/// wins over the general one). nil clears it. "Long-term days must be a whole number of
/// days, 0 or more (-1)."
public struct SetLongTermDays: Command {
    public static let settingKey = "long_term_days"

    public var days: Int?
    public var type: AssetType?

    public init(days: Int?, type: AssetType? = nil) {
        self.days = days
        self.type = type
    }

    /// From text (`assetflow settings long_term_days 400`): "" clears it.
    public init(text: String, type: AssetType? = nil) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.isEmpty || Int(trimmed) != nil else {
            throw RuleViolation(Self.invalidMessage(text), rule: .outOfRange)
        }
        self.init(days: Int(trimmed), type: type)
    }

    /// "Long-term days must be a whole number of days, 0 or more (soon)."
    public static func invalidMessage(_ given: String) -> String {
        "Long-term days must be a whole number of days, 0 or more (\(given))."
    }

    /// The key of the setting for `type` (the general one when nil).
    public static func key(for type: AssetType?) -> String { type.map { settingKey + "." + $0.rawValue } ?? settingKey }

    /// The holding period for an asset of `type`, from the stored settings.
    public static func period(for type: AssetType, setting: (String) throws -> String?) throws -> HoldingPeriod {
        let text = try setting(key(for: type)) ?? setting(settingKey)
        return HoldingPeriod(longTermDays: text.flatMap { Int($0) } ?? HoldingPeriod.defaultLongTermDays)
    }

    public func run(in store: CommandStore) throws {
        if let days, days < 0 {
            throw RuleViolation(Self.invalidMessage(String(days)), rule: .outOfRange)
        }
        try store.setSetting(Self.key(for: type), days.map(String.init))
    }
}
