/*
 * string.find, string.match, string.gmatch and string.gsub with Lua 5.4's pattern language,
 * written for the limits: the matcher counts its steps (every item tried, every backtrack,
 * every character %b scans) and checks the deadline and Ctrl-C every 65,536 of them. Lua's
 * own matcher runs in C where the instruction hook never fires, so `.-b` on 100 KB (41 s),
 * `a?`×26 `a`×26 `b` (34 s) or `%b[x.-.-.-.-z` (never) outlived any timeout; here they stop
 * at the deadline like any other script. Work is bounded by what it costs, not by the
 * pattern's shape: cheap patterns on long subjects are not refused.
 *
 * Semantics follow the Lua 5.4 manual (§6.4.1): character classes and sets, the four
 * quantifiers, captures and position captures, back-references, %b, %f, anchors; the same
 * errors for malformed patterns; at most 32 captures and 200 nested items.
 */
#define _GNU_SOURCE  /* memmem */
#include "internal.h"
#include <ctype.h>
#include <string.h>

#define PM_UNFINISHED (-1)
#define PM_POSITION (-2)
#define PM_MAX_DEPTH 200
#define PM_MAX_CAPTURES 32  /* Lua's default LUA_MAXCAPTURES */

typedef struct pm_state {
    lua_State *L;
    const char *subject, *subject_end;
    const char *pattern_end;
    int depth_left;
    int captures;
    const char *capture_start[PM_MAX_CAPTURES];
    ptrdiff_t capture_length[PM_MAX_CAPTURES];
    unsigned ticks;
} pm_state;

static void pm_tick(pm_state *st) {
    if ((++st->ticks & 0xFFFFu) == 0 && clua_limit_reached(st->L)) clua_raise_abort(st->L);
}

static void pm_reset(pm_state *st) {
    st->captures = 0;
    st->depth_left = PM_MAX_DEPTH;
}

/* ---- single characters ----------------------------------------------------------- */

/* %a, %d, … (upper case: the complement); any other letter stands for itself. */
static int pm_class(int c, int letter) {
    int result;
    switch (tolower(letter)) {
    case 'a': result = isalpha(c); break;
    case 'c': result = iscntrl(c); break;
    case 'd': result = isdigit(c); break;
    case 'g': result = isgraph(c); break;
    case 'l': result = islower(c); break;
    case 'p': result = ispunct(c); break;
    case 's': result = isspace(c); break;
    case 'u': result = isupper(c); break;
    case 'w': result = isalnum(c); break;
    case 'x': result = isxdigit(c); break;
    case 'z': result = c == 0; break;  /* deprecated in Lua 5.2, still accepted */
    default: return letter == c;
    }
    if (isupper(letter)) result = !result;
    return result != 0;
}

/* Where the single-character item at p ends: after %x, after a [set], or after one char. */
static const char *pm_item_end(pm_state *st, const char *p) {
    const char *end = st->pattern_end;
    if (*p == '%') {
        if (p + 1 >= end) luaL_error(st->L, "malformed pattern (ends with '%%')");
        return p + 2;
    }
    if (*p != '[') return p + 1;
    const char *q = p + 1;
    if (q < end && *q == '^') q++;
    for (;;) {  /* the first member is taken literally, so "[]]" is a set of one ']' */
        if (q >= end) luaL_error(st->L, "malformed pattern (missing ']')");
        char c = *q++;
        if (c == '%' && q < end) q++;
        if (q >= end) luaL_error(st->L, "malformed pattern (missing ']')");
        if (*q == ']') return q + 1;
    }
}

/* Whether c is in the set from '[' at p to the closing ']' at close. */
static int pm_in_set(int c, const char *p, const char *close) {
    int wanted = 1;
    p++;
    if (*p == '^') { wanted = 0; p++; }
    while (p < close) {
        if (*p == '%' && p + 1 < close) {
            if (pm_class(c, (unsigned char)p[1])) return wanted;
            p += 2;
        } else if (p + 2 < close && p[1] == '-') {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return wanted;
            p += 3;
        } else {
            if ((unsigned char)*p == c) return wanted;
            p++;
        }
    }
    return !wanted;
}

/* Whether the character at s matches the single-character item [p, item_end). */
static int pm_single(pm_state *st, const char *s, const char *p, const char *item_end) {
    if (s >= st->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return pm_class(c, (unsigned char)p[1]);
    case '[': return pm_in_set(c, p, item_end - 1);
    default: return (unsigned char)*p == c;
    }
}

/* ---- the matcher ------------------------------------------------------------------ */

static const char *pm_match(pm_state *st, const char *s, const char *p);

/* Item* and item+ (after the first): as many as possible, then fewer while the rest fails. */
static const char *pm_greedy(pm_state *st, const char *s, const char *p, const char *item_end) {
    ptrdiff_t count = 0;
    while (pm_single(st, s + count, p, item_end)) { count++; pm_tick(st); }
    for (; count >= 0; count--) {
        const char *r = pm_match(st, s + count, item_end + 1);
        if (r) return r;
        pm_tick(st);
    }
    return NULL;
}

/* Item-: as few as possible, one more each time the rest fails. */
static const char *pm_lazy(pm_state *st, const char *s, const char *p, const char *item_end) {
    for (;;) {
        const char *r = pm_match(st, s, item_end + 1);
        if (r) return r;
        if (!pm_single(st, s, p, item_end)) return NULL;
        s++;
        pm_tick(st);
    }
}

static const char *pm_open_capture(pm_state *st, const char *s, const char *p, ptrdiff_t kind) {
    if (st->captures >= PM_MAX_CAPTURES) luaL_error(st->L, "too many captures");
    st->capture_start[st->captures] = s;
    st->capture_length[st->captures] = kind;
    st->captures++;
    const char *r = pm_match(st, s, p);
    if (!r) st->captures--;
    return r;
}

static const char *pm_close_capture(pm_state *st, const char *s, const char *p) {
    int open = st->captures - 1;
    while (open >= 0 && st->capture_length[open] != PM_UNFINISHED) open--;
    if (open < 0) luaL_error(st->L, "invalid pattern capture");
    st->capture_length[open] = s - st->capture_start[open];
    const char *r = pm_match(st, s, p);
    if (!r) st->capture_length[open] = PM_UNFINISHED;
    return r;
}

/* %bxy at p (pointing at x): a balanced run from x to its matching y. */
static const char *pm_balanced(pm_state *st, const char *s, const char *p) {
    if (p + 1 >= st->pattern_end) luaL_error(st->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= st->subject_end || *s != p[0]) return NULL;
    int open = 1;
    for (const char *q = s + 1; q < st->subject_end; q++) {
        pm_tick(st);
        if (*q == p[1]) {
            if (--open == 0) return q + 1;
        } else if (*q == p[0]) {
            open++;
        }
    }
    return NULL;
}

/* %1…%9 at p: the text of an earlier, closed capture again. */
static const char *pm_backreference(pm_state *st, const char *s, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= st->captures || st->capture_length[index] == PM_UNFINISHED)
        luaL_error(st->L, "invalid capture index %%%d", index + 1);
    ptrdiff_t length = st->capture_length[index];
    if (length < 0 || st->subject_end - s < length) return NULL;  /* a position capture never matches */
    if (memcmp(st->capture_start[index], s, (size_t)length) != 0) return NULL;
    return s + length;
}

/* Matches pattern p at subject position s; returns the end of the match or NULL. */
static const char *pm_match(pm_state *st, const char *s, const char *p) {
    if (st->depth_left-- == 0) luaL_error(st->L, "pattern too complex");
    const char *result = NULL;
    for (;;) {
        pm_tick(st);
        if (p >= st->pattern_end) { result = s; break; }
        if (*p == '(') {
            if (p + 1 < st->pattern_end && p[1] == ')') result = pm_open_capture(st, s, p + 2, PM_POSITION);
            else result = pm_open_capture(st, s, p + 1, PM_UNFINISHED);
            break;
        }
        if (*p == ')') { result = pm_close_capture(st, s, p + 1); break; }
        if (*p == '$' && p + 1 == st->pattern_end) { result = s == st->subject_end ? s : NULL; break; }
        if (*p == '%' && p + 1 < st->pattern_end) {
            char next = p[1];
            if (next == 'b') {
                s = pm_balanced(st, s, p + 2);
                if (!s) break;
                p += 4;
                continue;
            }
            if (next == 'f') {
                p += 2;
                if (p >= st->pattern_end || *p != '[') luaL_error(st->L, "missing '[' after '%%f' in pattern");
                const char *set_end = pm_item_end(st, p);
                int before = s == st->subject ? 0 : (unsigned char)s[-1];
                int here = s < st->subject_end ? (unsigned char)*s : 0;
                if (pm_in_set(before, p, set_end - 1) || !pm_in_set(here, p, set_end - 1)) break;
                p = set_end;
                continue;
            }
            if (isdigit((unsigned char)next)) {
                s = pm_backreference(st, s, next);
                if (!s) break;
                p += 2;
                continue;
            }
        }
        const char *item_end = pm_item_end(st, p);
        char quantifier = item_end < st->pattern_end ? *item_end : 0;
        int here = pm_single(st, s, p, item_end);
        if (quantifier == '?') {
            if (here) {
                const char *r = pm_match(st, s + 1, item_end + 1);
                if (r) { result = r; break; }
            }
            p = item_end + 1;
            continue;
        }
        if (quantifier == '+') { result = here ? pm_greedy(st, s + 1, p, item_end) : NULL; break; }
        if (quantifier == '*') { result = pm_greedy(st, s, p, item_end); break; }
        if (quantifier == '-') { result = pm_lazy(st, s, p, item_end); break; }
        if (!here) break;
        s++;
        p = item_end;
    }
    st->depth_left++;
    return result;
}

/* ---- results ---------------------------------------------------------------------- */

/* Pushes capture i of the match [s, e); with no captures, capture 0 is the whole match. */
static void pm_push_capture(pm_state *st, int i, const char *s, const char *e) {
    if (i >= st->captures) {
        if (i != 0) luaL_error(st->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(st->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = st->capture_length[i];
    if (length == PM_UNFINISHED) luaL_error(st->L, "unfinished capture");
    if (length == PM_POSITION) lua_pushinteger(st->L, (lua_Integer)(st->capture_start[i] - st->subject) + 1);
    else lua_pushlstring(st->L, st->capture_start[i], (size_t)length);
}

/* Pushes every capture (or the whole match when there is none and s is given). */
static int pm_push_captures(pm_state *st, const char *s, const char *e) {
    int n = (st->captures == 0 && s) ? 1 : st->captures;
    luaL_checkstack(st->L, n, "too many captures");
    for (int i = 0; i < n; i++) pm_push_capture(st, i, s, e);
    return n;
}

static void pm_init(pm_state *st, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    st->L = L;
    st->subject = s;
    st->subject_end = s + ls;
    st->pattern_end = p + lp;
    st->ticks = 0;
    pm_reset(st);
}

/* A start position as Lua reads it: negative from the end, clamped to 1. */
static size_t pm_start(lua_Integer pos, size_t length) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)length) return 1;
    return length + (size_t)pos + 1;
}

static int pm_has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (strchr("^$*+?.([%-", p[i]) && p[i] != 0) return 1;
    return 0;
}

static int pm_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = pm_start(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) { luaL_pushfail(L); return 1; }
    if (find && (lua_toboolean(L, 4) || !pm_has_specials(p, lp))) {
        /* Plain search: memmem is linear, whatever the texts. */
        const char *at = lp == 0 ? s + init : memmem(s + init, ls - init, p, lp);
        if (!at) { luaL_pushfail(L); return 1; }
        lua_pushinteger(L, (lua_Integer)(at - s) + 1);
        lua_pushinteger(L, (lua_Integer)(at - s + lp));
        return 2;
    }
    pm_state st;
    int anchored = lp > 0 && *p == '^';
    if (anchored) { p++; lp--; }
    pm_init(&st, L, s, ls, p, lp);
    const char *start = s + init;
    do {
        pm_reset(&st);
        const char *e = pm_match(&st, start, p);
        if (e) {
            if (!find) return pm_push_captures(&st, start, e);
            lua_pushinteger(L, (lua_Integer)(start - s) + 1);
            lua_pushinteger(L, (lua_Integer)(e - s));
            return pm_push_captures(&st, NULL, NULL) + 2;
        }
    } while (start++ < st.subject_end && !anchored);
    luaL_pushfail(L);
    return 1;
}

static int pm_find(lua_State *L) { return pm_find_or_match(L, 1); }
static int pm_match_fn(lua_State *L) { return pm_find_or_match(L, 0); }

/* ---- gmatch ------------------------------------------------------------------------ */

typedef struct pm_iterator {
    size_t next;         /* where the next search starts */
    ptrdiff_t last_end;  /* end of the last match, -1 before the first */
} pm_iterator;

/* Upvalues: the subject, the pattern, the iterator state. A '^' is an ordinary character
   here (an anchor would stop the iteration), as in Lua. */
static int pm_gmatch_next(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    pm_iterator *it = (pm_iterator *)lua_touserdata(L, lua_upvalueindex(3));
    pm_state st;
    pm_init(&st, L, s, ls, p, lp);
    for (const char *start = s + it->next; start <= st.subject_end; start++) {
        pm_reset(&st);
        const char *e = pm_match(&st, start, p);
        if (e && (it->last_end < 0 || e != s + it->last_end)) {
            it->next = (size_t)(e - s);
            it->last_end = e - s;
            return pm_push_captures(&st, start, e);
        }
    }
    it->next = ls + 1;
    return 0;
}

static int pm_gmatch(lua_State *L) {
    size_t ls;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t init = pm_start(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1;
    lua_settop(L, 2);
    pm_iterator *it = (pm_iterator *)lua_newuserdatauv(L, sizeof(pm_iterator), 0);
    it->next = init;
    it->last_end = -1;
    lua_pushcclosure(L, pm_gmatch_next, 3);
    return 1;
}

/* ---- gsub -------------------------------------------------------------------------- */

/* Appends a replacement string with its %0–%9 and %% escapes. */
static void pm_add_string(pm_state *st, luaL_Buffer *b, const char *s, const char *e) {
    size_t lr;
    const char *r = lua_tolstring(st->L, 3, &lr);
    for (size_t i = 0; i < lr; i++) {
        if (r[i] != '%') { luaL_addchar(b, r[i]); continue; }
        i++;
        if (i < lr && r[i] == '%') { luaL_addchar(b, '%'); continue; }
        if (i < lr && isdigit((unsigned char)r[i])) {
            if (r[i] == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else {
                pm_push_capture(st, r[i] - '1', s, e);
                luaL_tolstring(st->L, -1, NULL);
                lua_remove(st->L, -2);
                luaL_addvalue(b);
            }
            continue;
        }
        luaL_error(st->L, "invalid use of '%%' in replacement string");
    }
}

/* Appends the replacement for the match [s, e): from the string, table or function. */
static void pm_add_replacement(pm_state *st, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = st->L;
    if (kind == LUA_TSTRING || kind == LUA_TNUMBER) { pm_add_string(st, b, s, e); return; }
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = pm_push_captures(st, s, e);
        lua_call(L, n, 1);
    } else {
        pm_push_capture(st, 0, s, e);
        lua_gettable(L, 3);
    }
    if (!lua_toboolean(L, -1)) {  /* false or nil: keep the original text */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

static int pm_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    int anchored = lp > 0 && *p == '^';
    if (anchored) { p++; lp--; }
    pm_state st;
    pm_init(&st, L, s, ls, p, lp);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *at = s, *last_end = NULL;
    lua_Integer count = 0;
    while (count < max) {
        pm_reset(&st);
        const char *e = pm_match(&st, at, p);
        if (e && e != last_end) {
            count++;
            pm_add_replacement(&st, &b, at, e, kind);
            at = last_end = e;
        } else if (at < st.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    luaL_addlstring(&b, at, (size_t)(st.subject_end - at));
    luaL_pushresult(&b);
    lua_pushinteger(L, count);
    return 2;
}

void clua_install_patterns(lua_State *L) {
    if (lua_getglobal(L, "string") == LUA_TTABLE) {
        /* Lua's own functions stay reachable from the registry only, for the tests that
           compare the two matchers. */
        lua_createtable(L, 0, 4);
        const char *names[] = {"find", "match", "gmatch", "gsub", NULL};
        for (const char **n = names; *n; n++) {
            lua_getfield(L, -2, *n);
            lua_setfield(L, -2, *n);
        }
        lua_setfield(L, LUA_REGISTRYINDEX, "clua.lua_patterns");
        static const luaL_Reg functions[] = {
            {"find", pm_find}, {"match", pm_match_fn}, {"gmatch", pm_gmatch}, {"gsub", pm_gsub}, {NULL, NULL}};
        luaL_setfuncs(L, functions, 0);
    }
    lua_pop(L, 1);
}
