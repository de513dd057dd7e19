import Core
import Foundation
import Store

/// What `assetflow settings [KEY [VALUE]]` does, behind one facade so the command line
/// reaches the store only through Scripting. The keys are `af.settings`'s
/// (`Registry.settings`); every write is the setting's Core command, all or nothing.
public enum SettingsRun {
    /// The known keys, in the order `assetflow settings` lists them.
    public static var keys: [String] { Registry.settings.map(\.name) }

    /// Every setting with its value, one per line ("key  value").
    public static func list(storePath: String) throws -> [String] {
        try RatesRun.open(storePath).withSession { session in
            let width = keys.map(\.count).max() ?? 0
            return try keys.map { key in
                key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (try value(of: key, in: session))
            }
        }
    }

    /// One setting's value ("(not set)" for an unset goal or platform).
    public static func get(_ key: String, storePath: String) throws -> String {
        try requireKnown(key)
        return try RatesRun.open(storePath).withSession { try value(of: key, in: $0) }
    }

    /// Sets `key` to `value` (an empty value clears the goal or the platform) and says what
    /// it is now.
    public static func set(_ key: String, to value: String, storePath: String) throws -> String {
        try requireKnown(key)
        if key == SetMainCurrency.settingKey { return try RatesRun.mainCurrency(storePath: storePath, set: value) }
        return try DataTransfer.userErrors {
            try RatesRun.open(storePath).withSession { session in
                try session.begin()
                let line: String
                switch key {
                case SetFinancialGoal.settingKey:
                    let goal = try session.execute(SetFinancialGoal(text: value))
                    line = try goal.map { "Financial goal: \($0.plainText) \(try session.mainCurrency())" } ?? "Financial goal cleared."
                case MarketPrices.settingKey:
                    guard let on = ["true": true, "on": true, "false": false, "off": false][value.lowercased()] else {
                        throw ScriptRunError("prices_from_trades is true or false, not '\(value)'.")
                    }
                    line = "Prices from trades: " + (try session.execute(SetPricesFromTrades(enabled: on)) ? "on" : "off")
                case SetLongTermDays.settingKey:
                    try session.execute(SetLongTermDays(text: value))
                    line = "Long-term days: \(try Self.value(of: key, in: session))"
                case SetDateFormat.settingKey:
                    let format = try session.execute(SetDateFormat(text: value))
                    line = "Date format: \(format.rawValue) (\(format.format(session.today)))"
                case SetDefaultPortfolio.settingKey:
                    let portfolio = try session.execute(SetDefaultPortfolio(name: value))
                    line = portfolio.isEmpty ? "Default portfolio cleared." : "Default portfolio: \(portfolio)"
                default:
                    let platform = try session.execute(SetDefaultPlatform(name: value))
                    line = platform.isEmpty ? "Default platform cleared." : "Default platform: \(platform)"
                }
                try session.commit()
                return line
            }
        }
    }

    static func value(of key: String, in session: StoreSession) throws -> String {
        switch key {
        case SetMainCurrency.settingKey: return try session.mainCurrency()
        case SetDateFormat.settingKey: return try session.dateFormat().rawValue
        case MarketPrices.settingKey: return try session.pricesFromTrades() ? "true" : "false"
        case SetLongTermDays.settingKey: return String(try session.setting(key).flatMap { Int($0) } ?? HoldingPeriod.defaultLongTermDays)
        default:
            let text = try session.setting(key) ?? ""
            return text.isEmpty ? "(not set)" : text
        }
    }

    static func requireKnown(_ key: String) throws {
        guard keys.contains(key) else {
            throw ScriptRunError("Unknown setting '\(key)'. Known settings: \(keys.joined(separator: ", ")).")
        }
    }
}
