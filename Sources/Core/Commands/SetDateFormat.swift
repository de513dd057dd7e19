import Foundation

/// Sets how dates are shown to a person (`DateDisplayFormat`: numeric, abbreviated, long
/// or complete). Returns the format set.
public struct SetDateFormat: Command {
    /// The setting's key in the store.
    public static let settingKey = "date_format"

    public var text: String

    public init(text: String) { self.text = text }

    public func run(in store: CommandStore) throws -> DateDisplayFormat {
        let format = try DateDisplayFormat.parse(text)
        try store.setSetting(Self.settingKey, format.rawValue)
        return format
    }
}
