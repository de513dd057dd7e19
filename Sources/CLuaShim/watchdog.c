/*
 * The last resort behind --timeout, for the command-line tool. Hooks never run inside
 * __gc finalizers (Lua turns them off there), nor inside a long Swift computation: a
 * finalizer with `while true do end` cannot be stopped from inside the process without
 * corrupting the Lua state. When enabled, a watchdog thread ends the process once a run is
 * 0.1 s past its deadline and still has not returned: it prints the timeout message and
 * exits with the given status, before anything was committed (the store's transaction
 * rolls back as after a crash: SQLite's journal guarantees all or nothing).
 *
 * Ctrl-C takes the same path: a run still going 0.5 s after the first Ctrl-C (a looping
 * xpcall handler, a finalizer reached from a C function) ends the same way, with the
 * interrupt's message, so the first Ctrl-C stops whatever the timeout stops.
 */
#include "internal.h"
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CLUA_GRACE_NS 100000000LL  /* 0.1 s */
#define CLUA_INTERRUPT_GRACE_NS 500000000LL  /* 0.5 s: an interrupted run unwinds well within it */

static volatile int g_watch_enabled = 0;
static volatile int g_watch_exit_status = 1;
static volatile int64_t g_watch_deadline_ns = 0;  /* 0: no run is being watched */
static volatile double g_watch_timeout_seconds = 0;
static volatile int g_watch_running = 0;          /* a run is going (with or without deadline) */
static volatile int64_t g_watch_interrupt_ns = 0; /* when Ctrl-C came during it; 0: not yet */
static pthread_once_t g_watch_once = PTHREAD_ONCE_INIT;

/* Runs nest: a binding of a watched run may run another state (a quote provider, inside
   af.fetch_prices). The inner run is watched until the earlier of the two deadlines, and
   when it ends the outer run is watched again as before, never left unwatched. */
#define CLUA_WATCH_DEPTH 8
typedef struct { int64_t deadline_ns; double timeout_seconds; int running; int64_t interrupt_ns; } clua_watch_frame;
static clua_watch_frame g_watch_saved[CLUA_WATCH_DEPTH];
static int g_watch_depth = 0;

static void *clua_watchdog_main(void *unused) {
    (void)unused;
    struct timespec pause = {0, 10000000};  /* 10 ms */
    for (;;) {
        nanosleep(&pause, NULL);
        int64_t deadline = g_watch_deadline_ns, interrupt = g_watch_interrupt_ns;
        if (g_watch_running && interrupt && clua_now_ns() > interrupt + CLUA_INTERRUPT_GRACE_NS) {
            static const char message[] =
                "interrupted: the script was stopped where the interpreter could not be interrupted "
                "(a __gc finalizer, an error handler or a long host computation)\n"
                "The store is unchanged (the script's changes were rolled back).\n";
            ssize_t w = write(STDERR_FILENO, message, sizeof message - 1);
            (void)w;
            _exit(g_watch_exit_status);
        }
        if (deadline && clua_now_ns() > deadline + CLUA_GRACE_NS) {
            char message[256];
            int n = snprintf(message, sizeof message,
                             "timeout: the script ran longer than %g s (raise it with --timeout); it was stopped where "
                             "the interpreter could not be interrupted (a __gc finalizer or a long host computation)\n"
                             "The store is unchanged (the script's changes were rolled back).\n",
                             g_watch_timeout_seconds);
            if (n > 0) { ssize_t w = write(STDERR_FILENO, message, (size_t)n < sizeof message ? (size_t)n : sizeof message - 1); (void)w; }
            _exit(g_watch_exit_status);
        }
    }
    return NULL;
}

static void clua_watchdog_start(void) {
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &attr, clua_watchdog_main, NULL);
    pthread_attr_destroy(&attr);
}

void clua_enable_watchdog(int exit_status) {
    g_watch_exit_status = exit_status;
    g_watch_enabled = 1;
}

void clua_watch(clua_host *h, int64_t deadline_ns) {
    if (!g_watch_enabled) return;
    pthread_once(&g_watch_once, clua_watchdog_start);
    if (g_watch_depth < CLUA_WATCH_DEPTH) {
        clua_watch_frame outer = { g_watch_deadline_ns, g_watch_timeout_seconds, g_watch_running, g_watch_interrupt_ns };
        g_watch_saved[g_watch_depth] = outer;
    }
    g_watch_depth++;
    int64_t outer_deadline = g_watch_running ? g_watch_deadline_ns : 0;
    if (outer_deadline && (!deadline_ns || outer_deadline <= deadline_ns)) {
        /* the outer run's limit comes first: keep watching it, with its message */
        g_watch_running = 1;
        return;
    }
    if (!g_watch_running) g_watch_interrupt_ns = 0;  /* a Ctrl-C of the outer run still counts */
    g_watch_timeout_seconds = h->timeout_seconds;
    g_watch_deadline_ns = deadline_ns;
    g_watch_running = 1;
}

/* From the SIGINT handler: clock_gettime and plain stores are async-signal-safe. */
void clua_watch_interrupted(void) {
    if (g_watch_running) g_watch_interrupt_ns = clua_now_ns();
}

void clua_unwatch(void) {
    if (g_watch_depth > 0) g_watch_depth--;
    if (g_watch_depth > 0 && g_watch_depth <= CLUA_WATCH_DEPTH) {
        clua_watch_frame outer = g_watch_saved[g_watch_depth];
        g_watch_timeout_seconds = outer.timeout_seconds;
        g_watch_deadline_ns = outer.deadline_ns;
        g_watch_running = outer.running;
        if (!g_watch_interrupt_ns) g_watch_interrupt_ns = outer.interrupt_ns;
        return;
    }
    g_watch_running = 0;
    g_watch_deadline_ns = 0;
    g_watch_interrupt_ns = 0;
}
