#ifndef CLUA_H
#define CLUA_H
/* The Lua 5.4 headers, found through pkg-config (lua5.4). */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif
