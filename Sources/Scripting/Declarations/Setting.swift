/// A setting under `af.settings`: reading it calls its getter binding, assigning it calls
/// its setter, so the rules stay in one place. Declared in the registry (`Registry.settings`),
/// which builds `af.settings` and documents it.
public struct Setting {
    public let name: String
    public let type: LuaType
    public let summary: String
    /// Names of the `af` functions that read and write it.
    public let getter: String
    public let setter: String
}
