import Core

/// An import profile: a Lua script that says which files it reads (their headers) and turns
/// each row into operations. Built-in ones are embedded in the binary (`BuiltInProfiles`);
/// a user's is any `.lua` file written the same way (`--profile my.lua`).
public struct ImportProfile: Sendable {
    /// The name `--profile` takes ("trading212").
    public let name: String
    /// The Lua source.
    public let source: String
    /// "built-in" or the file it was read from.
    public let origin: String

    public init(name: String, source: String, origin: String = "built-in") {
        self.name = name
        self.source = source
        self.origin = origin
    }
}

/// What a profile's script declares about itself (the table it returns).
public struct ProfileDescriptor: Sendable {
    public var name: String
    /// The broker's name, as the help and messages show it.
    public var title: String
    /// The platform of the assets it creates (and the cash asset's name prefix).
    public var platform: String
    /// Headers a file must have, all of them (trimmed, ignoring case), on its header line:
    /// the first of `headerSets`.
    public var headers: [String] { headerSets.first ?? [] }
    /// Each set of headers the profile recognizes (a broker whose header follows the
    /// user's language has one per language).
    public var headerSets: [[String]]
    /// The account's currency when the rows do not say it.
    public var currency: String?
    public var decimal: ProfileNumberStyle = .point
    /// The dates' format (`ImportDate`), nil for ISO (a time after it is ignored).
    public var dateFormat: String?
    /// The column holding the broker's transaction id, if any.
    public var idColumn: String?
    /// Rows come as arrays of every line after the title lines (for sectioned files that
    /// change their header, such as an IBKR activity statement), not by header.
    public var raw = false
    public var summary: String = ""
}
