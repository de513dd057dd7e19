#ifndef CLUA_INTERNAL_H
#define CLUA_INTERNAL_H
/* Shared by the shim's C files; not part of the module Swift imports. */
#include "clua_shim.h"

/* Nested coroutine resumes and closes allowed at once: below Lua's own C-call limit
   (LUAI_MAXCCALLS, 200), so the C stack never overflows through coroutines. */
#define CLUA_MAX_NESTING 160

int64_t clua_now_ns(void);
const char *clua_host_abort_message(clua_host *h);
void clua_hook(lua_State *L, lua_Debug *ar);
/* Once a limit fired: the hook on every instruction of the main thread and of every
   coroutine being resumed or closed, so no pcall at any level can swallow the abort. */
void clua_escalate(clua_host *h);
/* Gives a coroutine about to run the hook the limits need (hooks are per thread). */
void clua_arm(clua_host *h, lua_State *co);
/* For loops in C, where hooks never fire: 1 once Ctrl-C or the deadline has come. */
int clua_limit_reached(lua_State *L);
/* The C function of every Swift binding (upvalue 1: its box): calls the Swift dispatcher and
   raises what it handed back. The decimal fast paths (decimals.c) fall back to it. */
int clua_trampoline(lua_State *L);
/* Raises the abort message (timeout, interrupt, memory) of a limit that fired. */
int clua_raise_abort(lua_State *L);

/* The watchdog (watchdog.c): ends the process when a watched run is stuck past its deadline. */
void clua_watch(clua_host *h, int64_t deadline_ns);
void clua_unwatch(void);
/* Ctrl-C came during a watched run: the watchdog ends the process if it does not stop soon. */
void clua_watch_interrupted(void);

/* Installs the guarded coroutine, string.rep and table functions (limits.c). */
void clua_install_guards(lua_State *L);
/* Replaces string.find/match/gmatch/gsub with the step-counting matcher (patterns.c). */
void clua_install_patterns(lua_State *L);

#endif
