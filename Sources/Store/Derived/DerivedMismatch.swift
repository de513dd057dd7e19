/// A derived row that differs from the replay of its asset's history.
public struct DerivedMismatch: Equatable, Sendable, CustomStringConvertible {
    /// The asset's name ("#id" when the asset itself is gone).
    public var asset: String
    public var table: String
    /// The column, or the checkpoint's month ("levels 2024-03"), or "row" for a row that should not exist.
    public var field: String
    /// As stored ("none" for a missing row).
    public var stored: String
    /// What the replay gives ("none" when there should be no row).
    public var replayed: String

    public var description: String {
        "\(table) of \(asset): \(field) is \(stored), the replay of its history gives \(replayed)"
    }
}
