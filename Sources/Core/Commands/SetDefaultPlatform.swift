import Foundation

/// Sets the default platform: the platform of assets an import creates when neither the
/// row nor the import names one. Spelled like an asset's platform (trimmed, inner spaces
/// collapsed); empty text clears it. Returns the platform set ("" when cleared).
public struct SetDefaultPlatform: Command {
    /// The setting's key in the store.
    public static let settingKey = "default_platform"

    public var name: String

    public init(name: String) { self.name = name }

    public func run(in store: CommandStore) throws -> String {
        let platform = AssetRules.normalizedPlatform(name)
        try store.setSetting(Self.settingKey, platform.isEmpty ? nil : platform)
        return platform
    }
}
