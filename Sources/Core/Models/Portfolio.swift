import Foundation

/// A named group of assets.
public struct Portfolio: Equatable, Sendable {
    public var id: Int64?
    public var name: String
    public var description: String
    public var isActive: Bool

    public init(id: Int64? = nil, name: String, description: String = "", isActive: Bool = true) {
        self.id = id
        self.name = name
        self.description = description
        self.isActive = isActive
    }
}
