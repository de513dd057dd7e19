/*
 * Paths as the kernel will resolve them, for the sandbox's file checks (io.open, io.lines,
 * Report:save). The check and the later open must agree on where a path leads, so every
 * existing component is resolved (symbolic links included) and the missing tail is kept as
 * plain names; a dangling symbolic link or a ".." after a missing folder is refused, since
 * creating through either could land anywhere.
 */
#include "clua_shim.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int clua_resolve_path(const char *path, char *out, size_t size) {
    char buf[PATH_MAX * 2];
    if (path == NULL || path[0] == 0) return -1;
    if (path[0] == '/') {
        if ((size_t)snprintf(buf, sizeof buf, "%s", path) >= sizeof buf) return -1;
    } else {
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof cwd)) return -1;
        if ((size_t)snprintf(buf, sizeof buf, "%s/%s", cwd, path) >= sizeof buf) return -1;
    }
    char resolved[PATH_MAX] = "";  /* "" is the root */
    int missing = 0;
    char *save = NULL;
    for (char *name = strtok_r(buf, "/", &save); name; name = strtok_r(NULL, "/", &save)) {
        if (strcmp(name, ".") == 0) continue;
        if (strcmp(name, "..") == 0) {
            if (missing) return -1;
            char *slash = strrchr(resolved, '/');
            if (slash) *slash = 0;
            continue;
        }
        char candidate[PATH_MAX];
        if ((size_t)snprintf(candidate, sizeof candidate, "%s/%s", resolved, name) >= sizeof candidate) return -1;
        if (!missing) {
            struct stat st;
            if (lstat(candidate, &st) != 0) {
                if (errno != ENOENT) return -1;
                missing = 1;
            } else if (S_ISLNK(st.st_mode)) {
                char real[PATH_MAX];
                if (!realpath(candidate, real)) return -1;  /* dangling, a loop, or unreadable */
                memcpy(candidate, real, sizeof real);
            }
        }
        memcpy(resolved, candidate, sizeof candidate);
    }
    if (resolved[0] == 0) strcpy(resolved, "/");
    if ((size_t)snprintf(out, size, "%s", resolved) >= size) return -1;
    return missing;
}

int clua_path_inside(const char *resolved, const char *folder) {
    size_t n = strlen(folder);
    while (n > 1 && folder[n - 1] == '/') n--;
    if (n == 1 && folder[0] == '/') return resolved[0] == '/';
    return strncmp(resolved, folder, n) == 0 && (resolved[n] == '/' || resolved[n] == 0);
}

int clua_make_folders(const char *resolved, const char *inside) {
    char prefix[PATH_MAX];
    size_t len = strlen(resolved);
    if (len >= sizeof prefix) return -1;
    for (size_t i = 1; i <= len; i++) {
        if (resolved[i] != '/' && resolved[i] != 0) continue;
        memcpy(prefix, resolved, i);
        prefix[i] = 0;
        struct stat st;
        if (lstat(prefix, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) return -1;  /* a file, or a link put there since the check */
            continue;
        }
        if (errno != ENOENT || !clua_path_inside(prefix, inside)) return -1;
        if (mkdir(prefix, 0700) != 0 && errno != EEXIST) return -1;
        if (lstat(prefix, &st) != 0 || !S_ISDIR(st.st_mode)) return -1;
    }
    return 0;
}

/* Opens `relative` (plain names separated by '/', no "." or "..") under the folder open at
   `dirfd`, one component at a time with O_NOFOLLOW: a symbolic link anywhere below the
   folder, even one put there after a path was checked, is never followed. The file must be
   a regular file with a single link (a hard link could be a file outside the folder under a
   second name). O_NONBLOCK while opening, so a FIFO cannot block the open. Returns the
   descriptor, or -1 with errno: ENOENT (missing), CLUA_REFUSED_ERRNO (a link, a device, a FIFO,
   a socket, a folder, a file with other names), or what the kernel said. */
static int clua_open_below(int dirfd, const char *relative, int flags, mode_t mode) {
    char buf[PATH_MAX];
    if ((size_t)snprintf(buf, sizeof buf, "%s", relative) >= sizeof buf) { errno = ENAMETOOLONG; return -1; }
    int dir = dup(dirfd);
    if (dir < 0) return -1;
    char *save = NULL;
    char *name = strtok_r(buf, "/", &save);
    if (!name) { close(dir); errno = CLUA_REFUSED_ERRNO; return -1; }
    for (;;) {
        char *next = strtok_r(NULL, "/", &save);
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) { close(dir); errno = CLUA_REFUSED_ERRNO; return -1; }
        if (next) {
            int sub = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            int saved = errno;
            close(dir);
            if (sub < 0) { errno = (saved == ELOOP || saved == ENOTDIR) ? CLUA_REFUSED_ERRNO : saved; return -1; }
            dir = sub;
            name = next;
            continue;
        }
        int fd = openat(dir, name, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, mode);
        int saved = errno;
        close(dir);
        if (fd < 0) { errno = (saved == ELOOP || saved == EISDIR || saved == ENXIO) ? CLUA_REFUSED_ERRNO : saved; return -1; }
        struct stat st;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1) {
            close(fd);
            errno = CLUA_REFUSED_ERRNO;
            return -1;
        }
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
        return fd;
    }
}

int clua_open_relative(const char *folder, const char *relative, int flags, mode_t mode) {
    int dirfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0) return -1;
    int fd = clua_open_below(dirfd, relative, flags, mode);
    int saved = errno;
    close(dirfd);
    errno = saved;
    return fd;
}

int clua_open_under(const char *resolved, const char *folder, int flags, mode_t mode) {
    if (!clua_path_inside(resolved, folder)) { errno = CLUA_REFUSED_ERRNO; return -1; }
    size_t n = strlen(folder);
    while (n > 1 && folder[n - 1] == '/') n--;
    const char *relative = resolved + (n == 1 ? 1 : n);
    while (*relative == '/') relative++;
    return clua_open_relative(folder, relative, flags, mode);
}
