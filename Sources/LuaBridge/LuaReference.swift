import CLua
import CLuaShim

/// A Lua value kept alive in the registry (luaL_ref), so Swift can hold on to a table or
/// function between calls and push it again.
public struct LuaReference: Equatable {
    let id: Int32
}

extension LuaState {
    /// Pops the top value into the registry and returns its reference. [-1, +0, m]
    public func makeReference() -> LuaReference {
        LuaReference(id: luaL_ref(L, clua_registryindex()))
    }

    /// Pushes the value `reference` holds. [-0, +1, -]
    public func push(_ reference: LuaReference) {
        lua_rawgeti(L, clua_registryindex(), lua_Integer(reference.id))
    }

    /// Frees `reference`; the value may then be collected. [-0, +0, -]
    public func release(_ reference: LuaReference) {
        luaL_unref(L, clua_registryindex(), reference.id)
    }
}
