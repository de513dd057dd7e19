#include "clua_shim.h"
#include "internal.h"
#include <lualib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#include <math.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#define CLUA_EVERY_STEP (LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT)

/* Once a limit fired, the hook runs on every call, return, line and instruction of the
   main thread and of every running coroutine (hooks are per thread): the error is raised
   again as soon as a script's pcall returns, so pcall cannot swallow it at any level. */
void clua_escalate(clua_host *h) {
    if (h->main) lua_sethook(h->main, clua_hook, CLUA_EVERY_STEP, 1);
    int n = h->nesting;
    for (int i = 0; i < n && i < CLUA_MAX_NESTING; i++)
        if (h->running[i]) lua_sethook(h->running[i], clua_hook, CLUA_EVERY_STEP, 1);
}

void clua_arm(clua_host *h, lua_State *co) {
    if (!h->enforcing) return;
    if (h->abort_kind || h->interrupted) lua_sethook(co, clua_hook, CLUA_EVERY_STEP, 1);
    else if (h->deadline_ns) lua_sethook(co, clua_hook, LUA_MASKCOUNT, 1000);
}

/* ---- allocator ------------------------------------------------------------------ */

/* Counts every byte. Refuses an allocation past the limit only while Lua code runs:
   inside a Swift binding (host_depth > 0) it never fails, it only notes the excess, and
   the trampoline raises once Swift has returned. */
static void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_host *h = (clua_host *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        h->used -= old;
        return NULL;
    }
    if (h->limit && nsize > old && h->used - old + nsize + h->host_held > h->limit) {
        if (h->enforcing && h->host_depth == 0) {
            h->abort_kind = 3;
            clua_escalate(h);
            return NULL;
        }
        h->over_limit = 1;
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    h->used = h->used - old + nsize;
    if (h->used > h->peak) h->peak = h->used;
    return p;
}

static int clua_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "assetflow: unprotected Lua error (%s)\n", msg ? msg : "?");
    abort();
}

lua_State *clua_newstate(void) {
    clua_host *h = calloc(1, sizeof(clua_host));
    if (!h) return NULL;
    h->running = calloc(CLUA_MAX_NESTING, sizeof(lua_State *));
    if (!h->running) { free(h); return NULL; }
    lua_State *L = lua_newstate(clua_alloc, h);
    if (!L) { free(h->running); free(h); return NULL; }
    lua_atpanic(L, clua_panic);
    *(clua_host **)lua_getextraspace(L) = h;
    h->main = L;
    return L;
}

clua_host *clua_gethost(lua_State *L) { return *(clua_host **)lua_getextraspace(L); }

/* lua_close runs the pending __gc finalizers. They run under the memory limit (the
   allocator keeps enforcing), and bindings they call fail cleanly once detached. */
int clua_close(lua_State *L, char *stopped, size_t size) {
    clua_host *h = clua_gethost(L);
    lua_sethook(L, NULL, 0, 0);
    h->enforcing = 1;
    h->host_depth = 0;
    h->interrupted = 0;
    h->abort_kind = 0;
    h->over_limit = 0;
    if (h->run_deadline_ns) {  /* finalizers get what is left of the run's time */
        int64_t now = clua_now_ns();
        h->deadline_ns = h->run_deadline_ns > now ? h->run_deadline_ns : now;
        clua_watch(h, h->deadline_ns);
    }
    lua_close(L);
    if (h->run_deadline_ns) clua_unwatch();
    int fired = h->abort_kind != 0;
    if (stopped && size) {
        const char *message = fired ? clua_host_abort_message(h) : "";
        snprintf(stopped, size, "%s", message ? message : "");
    }
    free(h->running);
    free(h);
    return fired;
}

void clua_detach(lua_State *L) { clua_gethost(L)->closing = 1; }

/* ---- libraries ------------------------------------------------------------------ */

static void clua_drop(lua_State *L, const char *lib, const char *name) {
    if (lua_getglobal(L, lib) == LUA_TTABLE) {
        lua_pushnil(L);
        lua_setfield(L, -2, name);
    }
    lua_pop(L, 1);
}

/* load(chunk [, name [, mode [, env]]]) with mode forced to "t": binary chunks can
   crash the VM. Whether env was passed matters (an explicit nil env is honoured). */
static int clua_load_text(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    if (n >= 2) lua_pushvalue(L, 2); else lua_pushnil(L);
    lua_pushliteral(L, "t");
    int args = 3;
    if (n >= 4) { lua_pushvalue(L, 4); args = 4; }
    lua_call(L, args, LUA_MULTRET);
    return lua_gettop(L) - n;
}

static int clua_openlibs_k(lua_State *L) {
    int trusted = (int)lua_tointeger(L, 1);
    if (trusted) {
        luaL_openlibs(L);
        clua_install_guards(L);
        return 0;
    }
    static const luaL_Reg safe[] = {
        {LUA_GNAME, luaopen_base},         {LUA_COLIBNAME, luaopen_coroutine},
        {LUA_TABLIBNAME, luaopen_table},   {LUA_STRLIBNAME, luaopen_string},
        {LUA_MATHLIBNAME, luaopen_math},   {LUA_UTF8LIBNAME, luaopen_utf8},
        {LUA_OSLIBNAME, luaopen_os},       {NULL, NULL}};
    for (const luaL_Reg *lib = safe; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    clua_install_guards(L);
    clua_drop(L, LUA_STRLIBNAME, "dump");
    lua_pushnil(L); lua_setglobal(L, "dofile");
    lua_pushnil(L); lua_setglobal(L, "loadfile");
    lua_getglobal(L, "load");
    lua_pushcclosure(L, clua_load_text, 1);
    lua_setglobal(L, "load");
    /* Lock the string metatable: scripts must not patch methods others rely on. */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}

int clua_openlibs(lua_State *L, int trusted) {
    lua_pushcfunction(L, clua_openlibs_k);
    lua_pushinteger(L, trusted);
    return clua_pcall(L, 1, 0, 1);
}

/* ---- sandbox: denials, guarded patterns, files under allowed folders ------------- */

/* A stand-in for a denied function: raises the message in its upvalue, which names the
   flag that would allow it. */
static int clua_denied(lua_State *L) {
    return luaL_error(L, "%s", lua_tostring(L, lua_upvalueindex(1)));
}

static void clua_deny(lua_State *L, int table, const char *lib, const char *name, const char *flag) {
    lua_pushfstring(L, "%s.%s is not available in the sandbox (run with %s)", lib, name, flag);
    lua_pushcclosure(L, clua_denied, 1);
    lua_setfield(L, table, name);
}

/* The folder listed in registry[key] that `resolved` lies in, or NULL. The string stays
   alive in the registry's table. */
static const char *clua_allowed(lua_State *L, const char *key, const char *resolved) {
    const char *found = NULL;
    if (lua_getfield(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, -1);
        for (lua_Integer i = 1; i <= n && !found; i++) {
            lua_rawgeti(L, -1, i);
            const char *dir = lua_tostring(L, -1);
            if (dir && clua_path_inside(resolved, dir)) found = dir;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return found;
}

/* open(2) flags for an io.open mode ("r", "w+", "ab" ...); -1 for a mode io.open refuses.
   O_TRUNC is left out: "w" truncates only once the file has been checked. */
static int clua_mode_flags(const char *mode) {
    int flags;
    switch (mode[0]) {
    case 'r': flags = 0; break;
    case 'w': flags = O_CREAT; break;
    case 'a': flags = O_CREAT | O_APPEND; break;
    default: return -1;
    }
    const char *rest = mode + 1;
    int plus = rest[0] == '+';
    if (plus) rest++;
    if (strspn(rest, "b") != strlen(rest)) return -1;
    return flags | (plus ? O_RDWR : (mode[0] == 'r' ? O_RDONLY : O_WRONLY));
}

static int clua_io_fclose(lua_State *L) {
    luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
    int ok = fclose(p->f) == 0;
    return luaL_fileresult(L, ok, NULL);
}

/* io.open and io.lines limited to the --allow-read and --allow-write folders: one path policy
   with af.import, require and the REPL's .load (Security.md). The path is resolved once, the
   resolved path must lie inside an allowed folder, and the file is opened under that folder's
   descriptor without following any link (clua_open_under): a regular file with one link only.
   Messages name the path as the script gave it, never where it resolved to, and a refusal
   reads the same whether or not the file exists. */
static int clua_checked_io(lua_State *L) {
    const char *given = luaL_checkstring(L, 1);
    const char *fn = lua_tostring(L, lua_upvalueindex(2));
    int opening = strcmp(fn, "open") == 0;
    const char *mode = opening ? luaL_optstring(L, 2, "r") : "r";
    int flags = clua_mode_flags(mode);
    luaL_argcheck(L, flags >= 0, 2, "invalid mode");
    int writing = strpbrk(mode, "wa+") != NULL;
    char resolved[PATH_MAX];
    int state = clua_resolve_path(given, resolved, sizeof resolved);
    const char *folder = NULL;
    if (state >= 0) {
        folder = clua_allowed(L, "clua.allow_write", resolved);
        if (!folder && !writing) folder = clua_allowed(L, "clua.allow_read", resolved);
    }
    int fd = -1, err = 0;
    if (folder) {
        fd = clua_open_under(resolved, folder, flags, 0600);
        if (fd < 0) err = errno;
        else if (mode[0] == 'w' && ftruncate(fd, 0) != 0) { err = errno; close(fd); fd = -1; }
    }
    if (!folder || err == CLUA_REFUSED_ERRNO)
        return luaL_error(L, "io.%s: %s '%s' is not allowed in the sandbox (run with %s DIR for a folder containing it, or --trusted)",
                          fn, writing ? "writing" : "reading", given, writing ? "--allow-write" : "--allow-read");
    if (fd < 0) {
        if (!opening) return luaL_error(L, "%s: %s", given, strerror(err));
        luaL_pushfail(L);
        lua_pushfstring(L, "%s: %s", given, strerror(err));
        lua_pushinteger(L, err);
        return 3;
    }
    luaL_Stream *p = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
    p->closef = NULL;  /* a closed file until fdopen succeeds */
    luaL_setmetatable(L, LUA_FILEHANDLE);
    p->f = fdopen(fd, mode);
    if (!p->f) {
        err = errno;
        close(fd);
        return luaL_error(L, "%s: %s", given, strerror(err));
    }
    p->closef = clua_io_fclose;
    if (opening) return 1;
    /* io.lines(name, ...): the file's own lines iterator, and the file as the to-be-closed
       value of a generic for, as Lua's io.lines returns them. */
    int file = lua_gettop(L);
    lua_getfield(L, file, "lines");
    lua_pushvalue(L, file);
    int formats = file - 2;  /* the arguments after the name, below the file */
    for (int i = 2; i < file; i++) lua_pushvalue(L, i);
    lua_call(L, 1 + formats, 1);
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushvalue(L, file);
    return 4;
}

static int clua_sandbox_k(lua_State *L) {
    int files = (int)lua_tointeger(L, 1);
    /* io: io.write stays (it only prints); open and lines only with an --allow flag. */
    luaL_requiref(L, "io", luaopen_io, 0);
    int real_io = lua_gettop(L);
    lua_createtable(L, 0, 4);
    int io = lua_gettop(L);
    lua_getfield(L, real_io, "write");
    lua_setfield(L, io, "write");
    const char *file_fns[] = {"open", "lines", NULL};
    for (const char **n = file_fns; *n; n++) {
        if (files) {
            lua_pushnil(L);  /* the checked version opens files itself */
            lua_pushstring(L, *n);
            lua_pushcclosure(L, clua_checked_io, 2);
            lua_setfield(L, io, *n);
        } else {
            clua_deny(L, io, "io", *n, "--allow-read DIR, --allow-write DIR or --trusted");
        }
    }
    const char *io_denied[] = {"read", "input", "output", "popen", "tmpfile", "close", NULL};
    for (const char **n = io_denied; *n; n++) clua_deny(L, io, "io", *n, "--trusted");
    lua_setglobal(L, "io");
    lua_settop(L, 1);
    /* os: the denied functions explain themselves. */
    lua_getglobal(L, "os");
    const char *os_denied[] = {"execute", "remove", "rename", "exit", "getenv", "tmpname", "setlocale", NULL};
    for (const char **n = os_denied; *n; n++) clua_deny(L, lua_gettop(L), "os", *n, "--trusted");
    lua_pop(L, 1);
    /* debug: only traceback. */
    luaL_requiref(L, "debug", luaopen_debug, 0);
    int real_debug = lua_gettop(L);
    lua_createtable(L, 0, 1);
    lua_getfield(L, real_debug, "traceback");
    lua_setfield(L, -2, "traceback");
    const char *debug_denied[] = {"getinfo", "getlocal", "setlocal", "getupvalue", "setupvalue", "sethook", "gethook",
                                  "getregistry", "getmetatable", "setmetatable", "upvalueid", "upvaluejoin", "debug", NULL};
    for (const char **n = debug_denied; *n; n++) clua_deny(L, lua_gettop(L), "debug", *n, "--trusted");
    lua_setglobal(L, "debug");
    lua_settop(L, 1);
    /* package.loadlib and C modules: there is no package library; require is the host's.
       Pattern functions count their steps against the limits (patterns.c, for every state). */
    return 0;
}

int clua_sandbox(lua_State *L, int files) {
    lua_pushcfunction(L, clua_sandbox_k);
    lua_pushinteger(L, files);
    return clua_pcall(L, 1, 0, 1);
}

/* For SQLite's progress handler: non-zero asks SQLite to interrupt the running statement
   once Ctrl-C or a deadline has come, so no query outlives the limits. */
int clua_should_interrupt(void *host) {
    clua_host *h = (clua_host *)host;
    if (!h->enforcing) return 0;
    if (h->interrupted && !h->abort_kind) h->abort_kind = 1;
    if (!h->abort_kind && h->deadline_ns && clua_now_ns() > h->deadline_ns) h->abort_kind = 2;
    if (h->abort_kind) clua_escalate(h);
    return h->abort_kind != 0;
}

/* ---- Swift bindings ------------------------------------------------------------- */

static clua_dispatch_fn g_dispatch = NULL;
static clua_release_fn g_release = NULL;
static const char *const BOX_META = "clua.box";

void clua_set_dispatcher(clua_dispatch_fn dispatch, clua_release_fn release) {
    g_dispatch = dispatch;
    g_release = release;
}

/* __gc of a box: release the Swift closure once, even if called again by a script. */
static int clua_box_gc(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, 1);
    if (slot && *slot) {
        void *box = *slot;
        *slot = NULL;
        if (g_release) g_release(box);
    }
    return 0;
}

int clua_reserve_host(lua_State *L, size_t bytes, int retain) {
    clua_host *h = clua_gethost(L);
    if (!h->limit || !h->enforcing) return 0;
    if (bytes > h->limit || h->used + h->host_held + bytes > h->limit) {
        h->over_limit = 1;
        return -1;
    }
    if (retain) h->host_held += bytes;
    return 0;
}

static void clua_raise_memory(lua_State *L) {
    clua_host *h = clua_gethost(L);
    h->over_limit = 0;
    h->abort_kind = 3;
    clua_escalate(h);
    lua_pushstring(L, clua_abort_message(L));
    lua_error(L);
}

/* Calls the Swift dispatcher and raises, from C, whatever error it handed back. */
int clua_trampoline(lua_State *L) {
    clua_host *h = clua_gethost(L);
    if (h->closing) {
        lua_pushliteral(L, "the script has ended: host functions are not available in finalizers run at close");
        return lua_error(L);
    }
    h->host_depth++;
    int r = g_dispatch(L);
    h->host_depth--;
    /* Past the memory limit in host code: that error wins over whatever the binding threw. */
    if (h->over_limit && h->enforcing && h->host_depth == 0) clua_raise_memory(L);
    if (r == CLUA_RAISE) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    if (r == CLUA_RAISE_RAW) return lua_error(L);
    /* A binding that ran past the deadline (a price fetch waiting on the network) or through
       a Ctrl-C: stop here, not some instructions later, so the script ends at its limit even
       when little of it is left. */
    if (h->host_depth == 0 && clua_limit_reached(L)) return clua_raise_abort(L);
    return r;
}

void clua_push_binding(lua_State *L, void *box) {
    void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
    *slot = box;
    if (luaL_newmetatable(L, BOX_META)) {
        lua_pushcfunction(L, clua_box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, clua_trampoline, 1);
}

void *clua_binding_box(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, lua_upvalueindex(1));
    return slot ? *slot : NULL;
}

/* ---- protected calls ------------------------------------------------------------ */

/* lua.c's msghandler: error object to text, plus a traceback. Aborts stay one line. */
static int clua_msghandler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    if (clua_gethost(L)->abort_kind) { lua_pushstring(L, msg); return 1; }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int clua_pcall(lua_State *L, int nargs, int nresults, int traceback) {
    int base = 0;
    if (traceback) {
        base = lua_gettop(L) - nargs;
        lua_pushcfunction(L, clua_msghandler);
        lua_insert(L, base);
    }
    int status = lua_pcall(L, nargs, nresults, base);
    if (traceback) lua_remove(L, base);
    return status;
}

int clua_pcall_nested(lua_State *L, int nargs, int nresults) {
    clua_host *h = clua_gethost(L);
    int depth = h->host_depth;
    h->host_depth = 0; /* the Lua callback runs under the limits again */
    int status = lua_pcall(L, nargs, nresults, 0);
    h->host_depth = depth;
    return status;
}

int clua_load(lua_State *L, const char *chunk, size_t len, const char *name) {
    return luaL_loadbufferx(L, chunk, len, name, "t");
}

static int clua_tostring_k(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int clua_ptostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, clua_tostring_k);
    lua_pushvalue(L, idx);
    return lua_pcall(L, 1, 1, 0);
}

/* ---- limits and interruption ---------------------------------------------------- */

int64_t clua_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

const char *clua_abort_message(lua_State *L) { return clua_host_abort_message(clua_gethost(L)); }

const char *clua_host_abort_message(clua_host *h) {
    static char buf[160];
    switch (h->abort_kind) {
    case 1: return "interrupted";
    case 2:
        snprintf(buf, sizeof buf, "timeout: the script ran longer than %g s (raise it with --timeout)", h->timeout_seconds);
        return buf;
    case 3:
        snprintf(buf, sizeof buf, "memory limit exceeded: %zu MB (raise it with --max-memory)", h->limit / (1024 * 1024));
        return buf;
    default: return NULL;
    }
}

/* Sticky: once a limit fired, every later tick raises again, so a script's own pcall
   cannot swallow the abort. */
void clua_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (clua_limit_reached(L)) {
        lua_sethook(L, clua_hook, CLUA_EVERY_STEP, 1); /* this thread too, whoever resumed it */
        clua_raise_abort(L);
    }
}

int clua_limit_reached(lua_State *L) {
    clua_host *h = clua_gethost(L);
    if (!h->enforcing) return 0;
    if (h->interrupted && !h->abort_kind) h->abort_kind = 1;
    if (!h->abort_kind && h->deadline_ns && clua_now_ns() > h->deadline_ns) h->abort_kind = 2;
    if (h->abort_kind) clua_escalate(h);
    return h->abort_kind != 0;
}

int clua_raise_abort(lua_State *L) {
    lua_pushstring(L, clua_abort_message(L));
    return lua_error(L);
}

void clua_set_memory_limit(lua_State *L, size_t bytes) { clua_gethost(L)->limit = bytes; }

void clua_set_timeout(lua_State *L, double seconds) { clua_gethost(L)->timeout_seconds = seconds; }

double clua_seconds_left(lua_State *L) {
    clua_host *h = clua_gethost(L);
    if (!h->deadline_ns) return HUGE_VAL;
    return (double)(h->deadline_ns - clua_now_ns()) / 1e9;
}

void clua_begin_run(lua_State *L) {
    clua_host *h = clua_gethost(L);
    h->enforcing = 1;
    if (h->timeout_seconds > 0) {
        h->deadline_ns = clua_now_ns() + (int64_t)(h->timeout_seconds * 1e9);
        h->run_deadline_ns = h->deadline_ns;
        lua_sethook(L, clua_hook, LUA_MASKCOUNT, 1000);
    }
    clua_watch(h, h->deadline_ns);  /* with no deadline too: Ctrl-C takes the watchdog's path */
}

void clua_end_run(lua_State *L) {
    clua_host *h = clua_gethost(L);
    h->enforcing = 0;
    h->deadline_ns = 0;
    lua_sethook(L, NULL, 0, 0);
    clua_unwatch();
}

/* From the signal handler: lua_sethook is async-signal-safe (ldebug.c). Every running
   coroutine gets the hook, not only the main thread. */
void clua_interrupt(lua_State *L) {
    clua_host *h = clua_gethost(L);
    h->interrupted = 1;
    lua_sethook(L, clua_hook, CLUA_EVERY_STEP, 1);
    int n = h->nesting;
    for (int i = 0; i < n && i < CLUA_MAX_NESTING; i++)
        if (h->running[i]) lua_sethook(h->running[i], clua_hook, CLUA_EVERY_STEP, 1);
}

void clua_clear_abort(lua_State *L) {
    clua_host *h = clua_gethost(L);
    h->interrupted = 0;
    h->abort_kind = 0;
    h->over_limit = 0;
}

static lua_State *volatile g_sigint_state = NULL;

static void clua_on_sigint(int sig) {
    (void)sig;
    lua_State *L = g_sigint_state;
    signal(SIGINT, SIG_DFL); /* a second Ctrl-C kills, as in lua.c */
    if (L) clua_interrupt(L);
    clua_watch_interrupted();
}

void clua_install_sigint(lua_State *L) {
    g_sigint_state = L;
    signal(SIGINT, clua_on_sigint);
    /* A parent may have blocked SIGINT (the mask survives exec): Ctrl-C must still work. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

void clua_restore_sigint(void) {
    signal(SIGINT, SIG_DFL);
    g_sigint_state = NULL;
}
