#define _GNU_SOURCE
#include <time.h>
#include <dlfcn.h>
#include <sys/time.h>
/* Moves the wall clock three years back (CLOCK_REALTIME only), to show that no test depends
   on the machine's clock:

     gcc -shared -fPIC -o /tmp/clock-back.so scripts/testing/clock-back.c -ldl
     LD_PRELOAD=/tmp/clock-back.so swift test --skip-build

   (Run after a build: a build under a moved clock sees every file as from the future.) */
#define SHIFT (3L * 365 * 24 * 3600)
int clock_gettime(clockid_t id, struct timespec *ts) {
    static int (*real)(clockid_t, struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "clock_gettime");
    int r = real(id, ts);
    if (r == 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)) ts->tv_sec -= SHIFT;
    return r;
}
int gettimeofday(struct timeval *tv, void *tz) {
    static int (*real)(struct timeval *, void *);
    if (!real) real = dlsym(RTLD_NEXT, "gettimeofday");
    int r = real(tv, tz);
    if (r == 0) tv->tv_sec -= SHIFT;
    return r;
}
time_t time(time_t *t) {
    struct timespec ts; clock_gettime(CLOCK_REALTIME, &ts);
    if (t) *t = ts.tv_sec;
    return ts.tv_sec;
}
