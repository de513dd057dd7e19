/*
 * Exact fast paths, in C, for the decimal class of LuaDecimals (Core's ExactDecimal as a
 * userdata): `+`, `-`, `*`, `<`, `<=`, `==` on two decimals whose units and places are small,
 * and an import profile's `num` on a plainly written number ("-12.50"). Each gives exactly
 * what the Swift binding gives for those operands; anything else (money, integers, strings,
 * large or out-of-range values, a result that may not fit, an error) goes to the Swift
 * binding itself, through the same trampoline, so its results and messages are unchanged.
 * No Swift frame is involved in a fast path: nothing here runs inside Swift.
 *
 * The userdata's layout, as Swift stores an ExactDecimal: the units as two 64-bit halves
 * (low first), the scale (0...38; 255 for the out-of-range state), the sign (1 below zero;
 * zero is never negative): 18 bytes; a rounded decimal has one more byte, its places. The
 * Swift side checks this layout before installing the paths (LuaState+DecimalFastPaths).
 *
 * Upvalues of every closure here: 1 the Swift binding's box (clua_trampoline's), 2 the
 * decimal metatable; `num` has 3, the number style.
 */
#include <string.h>
#include "internal.h"

#define DEC_SIZE 18
#define DEC_MAX_SCALE 38

typedef unsigned __int128 dec_u128;

typedef struct {
    dec_u128 units;
    int scale;
    int negative;
} dec_value;

static const uint64_t DEC_POW10[20] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL, 1000000000ULL,
    10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL, 100000000000000ULL,
    1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL, 1000000000000000000ULL,
    10000000000000000000ULL,
};

/* The in-range decimal at `idx` (a userdata with the decimal metatable), or 0. */
static int dec_read(lua_State *L, int idx, dec_value *d) {
    if (lua_type(L, idx) != LUA_TUSERDATA) return 0;
    size_t size = lua_rawlen(L, idx);
    if (size != DEC_SIZE && size != DEC_SIZE + 1) return 0;
    if (!lua_getmetatable(L, idx)) return 0;
    int same = lua_rawequal(L, -1, lua_upvalueindex(2));
    lua_pop(L, 1);
    if (!same) return 0;
    const unsigned char *p = (const unsigned char *)lua_touserdata(L, idx);
    if (p[16] > DEC_MAX_SCALE) return 0;
    uint64_t low, high;
    memcpy(&low, p, 8);
    memcpy(&high, p + 8, 8);
    d->units = ((dec_u128)high << 64) | low;
    d->scale = p[16];
    d->negative = p[17] != 0;
    return 1;
}

/* Pushes a decimal as Swift's ExactDecimal(units:scale:negative:) makes it. */
static void dec_push(lua_State *L, dec_u128 units, int scale, int negative) {
    unsigned char *p = (unsigned char *)lua_newuserdatauv(L, DEC_SIZE, 0);
    uint64_t low = (uint64_t)units, high = (uint64_t)(units >> 64);
    memcpy(p, &low, 8);
    memcpy(p + 8, &high, 8);
    p[16] = (unsigned char)scale;
    p[17] = (negative && units != 0) ? 1 : 0;
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_setmetatable(L, -2);
}

/* units × 10^places when units fit in 64 bits and places ≤ 19 (ExactDecimal.align's fast
   case; the rest is left to Swift). */
static int dec_align(dec_u128 *units, int places) {
    if (places > 19 || (*units >> 64) != 0) return 0;
    *units = (dec_u128)(uint64_t)*units * DEC_POW10[places];
    return 1;
}

/* ExactDecimal.fastSum: a + (±bUnits × 10^-bScale), 0 when Swift must decide. */
static int dec_sum(const dec_value *a, dec_u128 b_units, int b_scale, int b_negative, dec_value *out) {
    dec_u128 x = a->units, y = b_units;
    int scale;
    if (a->scale == b_scale) {
        scale = a->scale;
    } else if (a->scale > b_scale) {
        scale = a->scale;
        if (!dec_align(&y, a->scale - b_scale)) return 0;
    } else {
        scale = b_scale;
        if (!dec_align(&x, b_scale - a->scale)) return 0;
    }
    out->scale = scale;
    if (a->negative == b_negative) {
        dec_u128 sum = x + y;
        if (sum < x) return 0;
        out->units = sum;
        out->negative = a->negative;
    } else if (x >= y) {
        out->units = x - y;
        out->negative = a->negative;
    } else {
        out->units = y - x;
        out->negative = b_negative;
    }
    return 1;
}

/* -1, 0, 1 as |a| is below, equal to or above |b|; 2 when Swift must decide. */
static int dec_compare_magnitudes(const dec_value *a, const dec_value *b) {
    if (a->scale == b->scale) return a->units < b->units ? -1 : a->units > b->units ? 1 : 0;
    if (a->scale >= b->scale && a->units < b->units) return -1;
    if (b->scale >= a->scale && b->units < a->units) return 1;
    int scale = a->scale > b->scale ? a->scale : b->scale;
    dec_u128 x = a->units, y = b->units;
    if (!dec_align(&x, scale - a->scale) || !dec_align(&y, scale - b->scale)) return 2;
    return x < y ? -1 : x > y ? 1 : 0;
}

static int dec_add(lua_State *L) {
    dec_value a, b, r;
    if (dec_read(L, 1, &a) && dec_read(L, 2, &b) && dec_sum(&a, b.units, b.scale, b.negative, &r)) {
        dec_push(L, r.units, r.scale, r.negative);
        return 1;
    }
    return clua_trampoline(L);
}

static int dec_sub(lua_State *L) {
    dec_value a, b, r;
    if (dec_read(L, 1, &a) && dec_read(L, 2, &b) && dec_sum(&a, b.units, b.scale, !b.negative && b.units != 0, &r)) {
        dec_push(L, r.units, r.scale, r.negative);
        return 1;
    }
    return clua_trampoline(L);
}

static int dec_mul(lua_State *L) {
    dec_value a, b;
    if (dec_read(L, 1, &a) && dec_read(L, 2, &b) && (a.units >> 64) == 0 && (b.units >> 64) == 0
        && a.scale + b.scale <= DEC_MAX_SCALE) {
        dec_push(L, (dec_u128)(uint64_t)a.units * (uint64_t)b.units, a.scale + b.scale, a.negative != b.negative);
        return 1;
    }
    return clua_trampoline(L);
}

/* a < b as ExactDecimal's `<`: 0, 1, or 2 when Swift must decide. */
static int dec_less(lua_State *L, int ia, int ib) {
    dec_value a, b;
    if (!dec_read(L, ia, &a) || !dec_read(L, ib, &b)) return 2;
    if (a.negative != b.negative) return a.negative;
    int order = dec_compare_magnitudes(&a, &b);
    if (order == 2) return 2;
    return a.negative ? order > 0 : order < 0;
}

static int dec_lt(lua_State *L) {
    int less = dec_less(L, 1, 2);
    if (less == 2) return clua_trampoline(L);
    lua_pushboolean(L, less);
    return 1;
}

static int dec_le(lua_State *L) {
    int greater = dec_less(L, 2, 1);
    if (greater == 2) return clua_trampoline(L);
    lua_pushboolean(L, !greater);
    return 1;
}

static int dec_eq(lua_State *L) {
    dec_value a, b;
    if (dec_read(L, 1, &a) && dec_read(L, 2, &b)) {
        if (a.scale == b.scale) {
            lua_pushboolean(L, a.units == b.units && a.negative == b.negative);
            return 1;
        }
        int order = dec_compare_magnitudes(&a, &b);
        if (order != 2) {
            lua_pushboolean(L, a.negative == b.negative && order == 0);
            return 1;
        }
    }
    return clua_trampoline(L);
}

/* ProfileNumberStyle.plainValue then ExactDecimal.parse: a cell written as plain digits with
   at most a decimal point, read as the decimal its normalized text is (leading zeros and
   trailing fraction zeros dropped); 0 for anything else (zero too), and for more than 19
   digits, which Swift reads. Styles: 0 point, 1 comma, 2 auto, 3 last mark. */
#define DEC_MAX_INTEGER_DIGITS 15
#define DEC_MAX_FRACTION_DIGITS 18

static int dec_plain(const unsigned char *b, size_t n, int style, dec_value *out) {
    size_t i = 0;
    int negative = n > 0 && b[0] == '-';
    if (negative) i = 1;
    size_t int_start = i;
    while (i < n && b[i] == '0') i++;
    if (i > int_start && (i == n || b[i] == '.')) i--; /* keep one zero before the point */
    int_start = i;
    while (i < n && b[i] >= '0' && b[i] <= '9') i++;
    size_t int_end = i;
    if (int_end == int_start || int_end - int_start > DEC_MAX_INTEGER_DIGITS) return 0;
    size_t frac_start = i, frac_end = i;
    if (i < n) {
        if (b[i] != '.' || style == 1) return 0;
        i++;
        frac_start = i;
        while (i < n && b[i] >= '0' && b[i] <= '9') i++;
        if (i != n || i == frac_start || (style == 2 && i - frac_start == 3)) return 0;
        frac_end = i;
        while (frac_end > frac_start && b[frac_end - 1] == '0') frac_end--;
        if (frac_end - frac_start > DEC_MAX_FRACTION_DIGITS) return 0;
    }
    size_t places = frac_end > frac_start ? frac_end - frac_start : 0;
    if (int_end - int_start == 1 && b[int_start] == '0' && places == 0) return 0; /* zero */
    if ((int_end - int_start) + places > 19) return 0; /* below 10^19: fits in 64 bits */
    uint64_t units = 0;
    for (size_t k = int_start; k < int_end; k++) units = units * 10 + (uint64_t)(b[k] - '0');
    for (size_t k = frac_start; k < frac_start + places; k++) units = units * 10 + (uint64_t)(b[k] - '0');
    out->units = units;
    out->scale = (int)places;
    out->negative = negative;
    return 1;
}

static int dec_num(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t n;
        const unsigned char *s = (const unsigned char *)lua_tolstring(L, 1, &n);
        dec_value d;
        if (dec_plain(s, n, (int)lua_tointegerx(L, lua_upvalueindex(3), NULL), &d)) {
            dec_push(L, d.units, d.scale, d.negative);
            return 1;
        }
    }
    return clua_trampoline(L);
}

void clua_decimal_fast_paths(lua_State *L, int metatable) {
    static const struct {
        const char *name;
        lua_CFunction function;
    } paths[] = {
        { "__add", dec_add }, { "__sub", dec_sub }, { "__mul", dec_mul },
        { "__lt", dec_lt },   { "__le", dec_le },   { "__eq", dec_eq },
    };
    metatable = lua_absindex(L, metatable);
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        lua_pushstring(L, paths[i].name);
        if (lua_rawget(L, metatable) != LUA_TFUNCTION || lua_tocfunction(L, -1) != clua_trampoline) {
            lua_pop(L, 1);
            continue;
        }
        lua_getupvalue(L, -1, 1); /* the Swift binding's box */
        lua_pushvalue(L, metatable);
        lua_pushcclosure(L, paths[i].function, 2);
        lua_pushstring(L, paths[i].name);
        lua_insert(L, -2);
        lua_rawset(L, metatable);
        lua_pop(L, 1);
    }
}

void clua_push_decimal_reader(lua_State *L, void *box, int metatable, int style) {
    metatable = lua_absindex(L, metatable);
    clua_push_binding(L, box); /* the trampoline's closure: its box becomes ours too */
    lua_getupvalue(L, -1, 1);
    lua_remove(L, -2);
    lua_pushvalue(L, metatable);
    lua_pushinteger(L, style);
    lua_pushcclosure(L, dec_num, 3);
}
