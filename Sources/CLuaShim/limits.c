/*
 * Guards around standard functions that loop in C, where the instruction hook never fires,
 * or that recurse on the C stack:
 *
 * - coroutine.resume, coroutine.wrap and coroutine.close count how deeply they nest and
 *   give each coroutine the hook the limits need (hooks are per thread). Lua 5.4.4 (Debian's
 *   library) overflows the C stack on deeply nested coroutine.close: closing a coroutine runs
 *   its __close handlers with a C-call count that does not include the caller's, so a chain
 *   of handlers that each close the previous coroutine recurses until SIGSEGV. Lua 5.4.6
 *   fixed it with lua_closethread(L, from), which inherits the caller's count; here the
 *   nesting limit does the same job.
 * - string.rep and table.move/insert/remove check the deadline and Ctrl-C while they copy,
 *   and return at once where there is nothing to copy.
 */
#include "internal.h"
#include <string.h>

/* Calls the original (upvalue 1) with every argument; returns all its results. */
static int clua_call_original(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---- coroutines ----------------------------------------------------------------- */

static int clua_too_deep(lua_State *L) {
    return luaL_error(L, "coroutines nested too deeply (more than %d resumes or closes at once)", CLUA_MAX_NESTING);
}

/* Runs the function below its `nargs` arguments under pcall with `co` on the host's list of
   running coroutines; re-raises its error once `co` is off the list again. */
static int clua_run_nested(lua_State *L, lua_State *co, int nargs) {
    clua_host *h = clua_gethost(L);
    if (h->nesting >= CLUA_MAX_NESTING) return clua_too_deep(L);
    int base = lua_gettop(L) - nargs - 1;
    if (co) clua_arm(h, co);
    h->running[h->nesting] = co;
    h->nesting++;
    int status = lua_pcall(L, nargs, LUA_MULTRET, 0);
    h->nesting--;
    h->running[h->nesting] = NULL;
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L) - base;
}

/* coroutine.resume(co, ...) and coroutine.close(co): the original in upvalue 1. */
static int clua_co_nested(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    return clua_run_nested(L, co, nargs);
}

/* The function coroutine.wrap returns: upvalue 1 the coroutine, 2 the guarded resume. */
static int clua_co_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 2);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    if (lua_toboolean(L, 1)) return lua_gettop(L) - 1;
    /* As Lua's own wrap: close a coroutine that died with an error (its to-be-closed
       variables), and add the position to a string error. */
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {
        clua_host *h = clua_gethost(L);
        if (h->nesting >= CLUA_MAX_NESTING) return clua_too_deep(L);
        h->running[h->nesting++] = co;
        status = lua_resetthread(co);
        h->running[--h->nesting] = NULL;
        if (lua_gettop(co) > 0) {
            lua_xmove(co, L, 1);
            lua_replace(L, 2);
        }
    }
    lua_settop(L, 2);
    if (status != LUA_ERRMEM && lua_type(L, 2) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap(f): upvalue 1 the original coroutine.create, 2 the guarded resume. */
static int clua_co_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushcclosure(L, clua_co_wrapped, 2);
    return 1;
}

static void clua_guard_coroutines(lua_State *L) {
    if (lua_getglobal(L, "coroutine") != LUA_TTABLE) { lua_pop(L, 1); return; }
    int co = lua_gettop(L);
    lua_getfield(L, co, "resume");
    lua_pushcclosure(L, clua_co_nested, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, co, "resume");
    int resume = lua_gettop(L);
    lua_getfield(L, co, "close");
    lua_pushcclosure(L, clua_co_nested, 1);
    lua_setfield(L, co, "close");
    lua_getfield(L, co, "create");
    lua_pushvalue(L, resume);
    lua_pushcclosure(L, clua_co_wrap, 2);
    lua_setfield(L, co, "wrap");
    lua_settop(L, co - 1);
}

/* ---- finalizers ------------------------------------------------------------------ */

/* Lua runs __gc finalizers with hooks turned off, so a finalizer that loops would outlive
   any timeout. setmetatable puts a guard in front of a Lua finalizer: the guard runs it in
   a fresh coroutine, where hooks work, with the hook the limits need. (A finalizer put in
   the metatable after setmetatable runs unguarded; the command line's watchdog stops it.) */
static int clua_gc_guard(lua_State *L) {
    clua_host *h = clua_gethost(L);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 2);
    if (h->nesting >= CLUA_MAX_NESTING) return clua_too_deep(L);
    clua_arm(h, co);
    h->running[h->nesting++] = co;
    int results = 0;
    int status = lua_resume(co, L, 1, &results);
    h->running[--h->nesting] = NULL;
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_xmove(co, L, 1);
        return lua_error(L);  /* a finalizer's error becomes a warning, as without the guard */
    }
    return 0;
}

/* setmetatable(t, mt): the original in upvalue 1. */
static int clua_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) == LUA_TFUNCTION && !lua_iscfunction(L, -1)) {
            lua_pushcclosure(L, clua_gc_guard, 1);
            lua_pushliteral(L, "__gc");
            lua_insert(L, -2);
            lua_rawset(L, 2);
        } else {
            lua_pop(L, 1);
        }
    }
    return clua_call_original(L);
}

/* ---- string.rep ----------------------------------------------------------------- */

/* Copies the first `unit` bytes over the rest of `out` by doubling, checking the limits
   between steps, so a gigabyte-sized result still stops at the deadline. Each copy starts
   at offset 0, so `done` must stay a whole number of units: a step capped at 16 MiB is
   rounded down to whole units (a 3-byte unit would otherwise shift every later copy). */
static void clua_fill(lua_State *L, char *out, size_t unit, size_t total) {
    const size_t cap = 16u << 20;
    size_t whole = cap - cap % unit;
    if (whole == 0) whole = unit;
    size_t done = unit;
    while (done < total) {
        size_t step = done < total - done ? done : total - done;
        if (step > whole) step = whole;
        memcpy(out + done, out, step);
        done += step;
        if (clua_limit_reached(L)) clua_raise_abort(L);
    }
}

/* string.rep(s, n [, sep]): the original (upvalue 1) for small results; an empty result
   at once (Lua's own loop runs n times even to repeat ""); big results copied in steps. */
static int clua_string_rep(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || (l == 0 && (lsep == 0 || n == 1))) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t unit = l + lsep;
    if (unit < l || (lua_Unsigned)n > (~(size_t)0 >> 1) / unit) return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * unit - lsep;
    if (total < (1u << 20)) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, lua_gettop(L) - 1, 1);
        return 1;
    }
    const char *s = lua_tostring(L, 1);
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total + lsep);
    memcpy(out, s, l);
    memcpy(out + l, sep, lsep);
    clua_fill(L, out, unit, total + lsep);
    luaL_pushresultsize(&b, total);
    return 1;
}

/* ---- table.move, table.insert, table.remove ------------------------------------- */

#define CLUA_CHUNK 4096

/* table.move(a1, f, e, t [, a2]): the original (upvalue 1) in chunks of CLUA_CHUNK
   elements, checking the limits between chunks. Chunks go in the direction Lua's own loop
   would take, so overlapping moves give the same result. */
static int clua_table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int dest = lua_isnoneornil(L, 5) ? 1 : 5;
    if (e < f || !(f > 0 || e < LUA_MAXINTEGER + f) || e - f < CLUA_CHUNK || t > LUA_MAXINTEGER - (e - f)) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, lua_gettop(L) - 1, 1);
        return 1;
    }
    lua_Integer n = e - f + 1;
    int backwards = !(t > e || t <= f || (dest != 1 && !lua_rawequal(L, 1, dest)));
    for (lua_Integer done = 0; done < n; done += CLUA_CHUNK) {
        lua_Integer count = n - done < CLUA_CHUNK ? n - done : CLUA_CHUNK;
        lua_Integer offset = backwards ? n - done - count : done;
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, 1);
        lua_pushinteger(L, f + offset);
        lua_pushinteger(L, f + offset + count - 1);
        lua_pushinteger(L, t + offset);
        lua_pushvalue(L, dest);
        lua_call(L, 5, 0);
        if (clua_limit_reached(L)) return clua_raise_abort(L);
    }
    lua_pushvalue(L, dest);
    return 1;
}

/* table.insert and table.remove shift every element between the position and the
   length, which a __len metamethod may make as large as math.maxinteger: the original
   (upvalue 1) runs only when the shift is no longer than the table's real array. */
static int clua_table_shift(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && luaL_getmetafield(L, 1, "__len") != LUA_TNIL) {
        lua_pop(L, 1);
        lua_Integer n = luaL_len(L, 1);
        lua_Integer real = (lua_Integer)lua_rawlen(L, 1);
        if (n > real + CLUA_CHUNK && n - real > CLUA_CHUNK)
            return luaL_error(L, "table length %I from __len is far beyond its %I elements: too long to shift in the sandbox",
                              (LUAI_UACINT)n, (LUAI_UACINT)real);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static void clua_wrap_field(lua_State *L, int table, const char *name, lua_CFunction guard) {
    lua_getfield(L, table, name);
    lua_pushcclosure(L, guard, 1);
    lua_setfield(L, table, name);
}

void clua_install_guards(lua_State *L) {
    clua_guard_coroutines(L);
    lua_pushglobaltable(L);
    clua_wrap_field(L, lua_gettop(L), "setmetatable", clua_setmetatable);
    lua_pop(L, 1);
    clua_install_patterns(L);
    if (lua_getglobal(L, "string") == LUA_TTABLE) clua_wrap_field(L, lua_gettop(L), "rep", clua_string_rep);
    lua_pop(L, 1);
    if (lua_getglobal(L, "table") == LUA_TTABLE) {
        int t = lua_gettop(L);
        clua_wrap_field(L, t, "move", clua_table_move);
        clua_wrap_field(L, t, "insert", clua_table_shift);
        clua_wrap_field(L, t, "remove", clua_table_shift);
    }
    lua_pop(L, 1);
}
