/*
 * A CSV row as a Lua table in one C call, for import profiles: the cells are pushed from
 * the file's bytes (no host string per cell) and set as elements and as named fields.
 * Only API functions that can fail on memory alone are used, and the host allocator never
 * refuses memory outside a run, so nothing here raises.
 */
#include "internal.h"

void clua_push_row(lua_State *L, const char *bytes, const int32_t *spans, int n, int names, int named) {
    if (names) names = lua_absindex(L, names);
    lua_createtable(L, n, named);
    int t = lua_gettop(L);
    for (int i = 0; i < n; i++) {
        lua_pushlstring(L, bytes + spans[2 * i], (size_t)(spans[2 * i + 1] - spans[2 * i]));
        if (names && i < named) {
            if (lua_rawgeti(L, names, i + 1) == LUA_TSTRING && lua_rawlen(L, -1) > 0) {
                lua_pushvalue(L, -2);
                lua_rawset(L, t);  /* the named cell: the same string */
            } else {
                lua_pop(L, 1);
            }
        }
        lua_rawseti(L, t, i + 1);
    }
}
