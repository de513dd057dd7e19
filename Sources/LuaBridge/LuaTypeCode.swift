import CLua

/// Lua's type codes (lua.h) by name, so code above the bridge never compares with a bare number.
public enum LuaTypeCode {
    public static let none = LUA_TNONE
    public static let `nil` = LUA_TNIL
    public static let boolean = LUA_TBOOLEAN
    public static let lightUserdata = LUA_TLIGHTUSERDATA
    public static let number = LUA_TNUMBER
    public static let string = LUA_TSTRING
    public static let table = LUA_TTABLE
    public static let function = LUA_TFUNCTION
    public static let userdata = LUA_TUSERDATA
}
