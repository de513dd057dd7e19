#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H
/*
 * The C side of the Lua bridge. Swift never calls a Lua API function that can raise an
 * error (a longjmp would skip Swift frames): whatever may raise lives here, in C, or runs
 * under lua_pcall. Every name is prefixed with clua_.
 */
#include <lua.h>
#include <lauxlib.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <sys/types.h>

/* What a Swift binding returns to the trampoline instead of raising. */
#define CLUA_RAISE (-1)      /* error message on top of the stack: add "file:line:" and raise */
#define CLUA_RAISE_RAW (-2)  /* error value on top of the stack: raise it untouched */

/* Per-state host data, kept in the allocator's userdata and in lua_getextraspace. */
typedef struct clua_host {
    size_t used;               /* bytes allocated by Lua now */
    size_t peak;               /* highest `used` seen */
    size_t limit;              /* 0 = unlimited */
    int host_depth;            /* > 0 while a Swift binding runs: allocations never fail */
    int enforcing;             /* 1 while Lua code runs under a limit */
    int over_limit;            /* set when an allocation went past the limit in host code */
    volatile int interrupted;  /* set by the SIGINT handler */
    int abort_kind;            /* sticky once a limit fired: 0 none, 1 interrupt, 2 timeout, 3 memory */
    int64_t deadline_ns;       /* CLOCK_MONOTONIC deadline, 0 = none */
    double timeout_seconds;    /* for the message only */
    void *swift_host;          /* the Swift object that owns this state */
    lua_State *main;           /* the main thread, for re-arming the hook */
    int closing;               /* 1 once the Swift owner is gone: bindings refuse to run */
    lua_State **running;       /* the coroutines being resumed or closed, innermost last */
    volatile int nesting;      /* how many of them */
    int64_t run_deadline_ns;   /* the last run's deadline, kept for the finalizers run at close */
    size_t host_held;          /* bytes the host keeps for the script (report contents), counted in the limit */
} clua_host;

typedef int (*clua_dispatch_fn)(lua_State *L);
typedef void (*clua_release_fn)(void *box);

/* State life cycle. */
lua_State *clua_newstate(void);
/* Runs the pending finalizers under the limits (what is left of the last run's time, the
   memory limit) and frees the state. Returns 1, with the limit's message in `stopped`, when
   a limit stopped a finalizer. */
int clua_close(lua_State *L, char *stopped, size_t size);
/* Marks the state as losing its Swift owner: from now on (finalizers run by lua_close),
   every Swift binding raises a Lua error instead of running. */
void clua_detach(lua_State *L);
clua_host *clua_gethost(lua_State *L);

/* Libraries: the sandbox's safe set, or everything when trusted. Run under pcall. */
int clua_openlibs(lua_State *L, int trusted);

/* The sandbox's second layer, after clua_openlibs(L, 0): denied functions that say which
   flag allows them, io.open/io.lines limited to registry["clua.allow_read"/"clua.allow_write"]
   folders when `files`, guarded pattern functions. Run under pcall. */
int clua_sandbox(lua_State *L, int files);
/* Paths for the sandbox's file checks (paths.c). clua_resolve_path writes the absolute path
   `path` leads to, every existing component resolved (symbolic links too), the missing tail as
   plain names; returns 0 when it exists, 1 when its tail is missing, -1 when it cannot be
   resolved safely (a dangling link, ".." after a missing folder, too long). */
int clua_resolve_path(const char *path, char *out, size_t size);
/* 1 when the resolved path is `folder` or lies inside it. */
int clua_path_inside(const char *resolved, const char *folder);
/* Creates the missing folders of resolved path `folder`, only inside `inside`, refusing any
   component that is not a real folder. 0 on success. */
int clua_make_folders(const char *folder, const char *inside);

/* The errno of a file the confined opener refuses: a symbolic link, a device, a FIFO, a
   socket, a folder, or a file with more than one name (a hard link). */
#define CLUA_REFUSED_ERRNO EXDEV
/* Opens `relative` under `folder` without following any link below the folder, and only a
   regular file with one link (paths.c). Returns a descriptor, or -1 with errno. */
int clua_open_relative(const char *folder, const char *relative, int flags, mode_t mode);
/* The same for `resolved` (as clua_resolve_path wrote it), which must lie inside `folder`. */
int clua_open_under(const char *resolved, const char *folder, int flags, mode_t mode);

/* For sqlite3_progress_handler: 1 once Ctrl-C or the deadline has come. */
int clua_should_interrupt(void *host);

/* Swift closures as Lua functions. */
void clua_set_dispatcher(clua_dispatch_fn dispatch, clua_release_fn release);
void clua_push_binding(lua_State *L, void *box);
void *clua_binding_box(lua_State *L);
/* Exact C fast paths for the decimal class (decimals.c): replaces the `__add`, `__sub`,
   `__mul`, `__lt`, `__le`, `__eq` bindings of the metatable at `metatable` by closures that
   compute small operands in C and hand every other case to the same Swift binding. */
void clua_decimal_fast_paths(lua_State *L, int metatable);
/* Pushes a Swift binding (`box`, as clua_push_binding) that reads a plainly written number
   string in C as a decimal of the metatable at `metatable` (style 0 point, 1 comma, 2 auto,
   3 last mark) and hands anything else to the binding. [-0, +1, m] */
void clua_push_decimal_reader(lua_State *L, void *box, int metatable, int style);

/* Pushes a new table holding a CSV row's `n` cells as strings, cell i being bytes
   spans[2i] ..< spans[2i + 1] of `bytes`, as its elements 1…n; when `names` is a stack index
   (not 0), each cell i < `named` is also set under element i + 1 of the table there, when that
   is a non-empty string (its column's header; a later column with the same header wins).
   Room is made for n elements and `named` fields. Raw sets, no metamethods; fails only on
   memory, which the host allocator never refuses outside a run. [-0, +1, m] */
void clua_push_row(lua_State *L, const char *bytes, const int32_t *spans, int n, int names, int named);

/* Protected calls. msgh: 1 adds a traceback to string errors (top level), 0 keeps the
   error value untouched (nested calls whose error is re-raised). */
int clua_pcall(lua_State *L, int nargs, int nresults, int traceback);
/* A call from a Swift binding back into Lua: the error value is left untouched. */
int clua_pcall_nested(lua_State *L, int nargs, int nresults);
int clua_load(lua_State *L, const char *chunk, size_t len, const char *name);

/* Protected helpers for operations that may raise. */
int clua_ptostring(lua_State *L, int idx);   /* pushes tostring(value) or returns non-zero */

/* Host memory a binding is about to use because of the script: counted against the memory
   limit before it is allocated (`retain`: kept as long as the state, like a report's
   contents). Returns 0, or -1 when it does not fit: the binding then stops, and the
   trampoline raises the (sticky) memory-limit error once it has returned. */
int clua_reserve_host(lua_State *L, size_t bytes, int retain);

/* Limits and interruption. */
void clua_set_memory_limit(lua_State *L, size_t bytes);
void clua_set_timeout(lua_State *L, double seconds);
/* Seconds left before the running code's deadline; a negative number when it has passed, and
   HUGE_VAL when there is none (nothing running, or no timeout). */
double clua_seconds_left(lua_State *L);
void clua_begin_run(lua_State *L);  /* arm the limits: Lua code is about to run */
void clua_end_run(lua_State *L);
void clua_interrupt(lua_State *L);  /* async-signal-safe */
void clua_clear_abort(lua_State *L);
const char *clua_abort_message(lua_State *L);
void clua_install_sigint(lua_State *L);
/* For the command-line tool only: from now on, a run still going 0.1 s past its deadline
   where no hook reaches (a __gc finalizer, a long host computation) ends the process with
   the timeout message and `exit_status`, before anything is committed. */
void clua_enable_watchdog(int exit_status);
void clua_restore_sigint(void);

/* Function-like macros of lua.h that do not import into Swift. */
static inline void clua_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline const char *clua_tolstring(lua_State *L, int i, size_t *len) { return lua_tolstring(L, i, len); }
static inline void *clua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
static inline void clua_insert(lua_State *L, int idx) { lua_rotate(L, idx, 1); }
static inline void clua_remove(lua_State *L, int idx) { lua_rotate(L, idx, -1); lua_settop(L, -2); }
static inline int clua_isinteger(lua_State *L, int idx) { return lua_isinteger(L, idx); }
static inline lua_Integer clua_tointeger(lua_State *L, int idx) { return lua_tointegerx(L, idx, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int idx) { return lua_tonumberx(L, idx, NULL); }

#endif
