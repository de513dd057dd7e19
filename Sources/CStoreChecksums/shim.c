#include "cstorechecksums.h"
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ==== The checksum ====================================================================
   Four independent lanes of multiply-rotate-multiply over the page's 8-byte words, so the
   loop is not one long chain of multiplications. Each step is a bijection of its lane for
   a fixed word (odd multipliers, a rotation, an addition), and the lanes are summed and
   mixed by bijections too: a page that differs from the one written in any single byte, or
   any single word, never has the same checksum. The page number seeds every lane, so a
   sound page copied to another place does not match there. */

static const uint64_t cstorechecksums_k1 = 0x9e3779b97f4a7c15ULL;
static const uint64_t cstorechecksums_k2 = 0xc2b2ae3d27d4eb4fULL;
static const uint64_t cstorechecksums_k3 = 0x165667b19e3779f9ULL;
static const uint64_t cstorechecksums_k4 = 0xd6e8feb86659fd93ULL;

static inline uint64_t cstorechecksums_rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

/* Little-endian whatever the machine, so a store moves between machines (one load on a
   little-endian one). */
static inline uint64_t cstorechecksums_load(const unsigned char *p) {
    uint64_t w;
    memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

static inline void cstorechecksums_store(unsigned char *p, uint64_t w) {
    for (int i = 0; i < 8; i++) { p[i] = (unsigned char)w; w >>= 8; }
}

static inline uint64_t cstorechecksums_step(uint64_t lane, const unsigned char *p) {
    return cstorechecksums_rotl(lane + cstorechecksums_load(p) * cstorechecksums_k2, 31) * cstorechecksums_k1;
}

uint64_t cstorechecksums_compute(const unsigned char *page, size_t size, uint32_t page_number) {
    uint64_t a = cstorechecksums_k1 ^ page_number, b = cstorechecksums_k2 + page_number;
    uint64_t c = cstorechecksums_k3 ^ ((uint64_t)page_number << 32), d = cstorechecksums_k4 - page_number;
    size_t words = (size - CSTORECHECKSUMS_RESERVE) / 8, i = 0;
    for (; i + 4 <= words; i += 4) {
        const unsigned char *p = page + 8 * i;
        a = cstorechecksums_step(a, p);
        b = cstorechecksums_step(b, p + 8);
        c = cstorechecksums_step(c, p + 16);
        d = cstorechecksums_step(d, p + 24);
    }
    for (; i < words; i++) a = cstorechecksums_step(a, page + 8 * i);
    uint64_t h = cstorechecksums_rotl(a, 1) + cstorechecksums_rotl(b, 7) + cstorechecksums_rotl(c, 12) + cstorechecksums_rotl(d, 18);
    h ^= (uint64_t)size;
    h ^= h >> 33; h *= cstorechecksums_k2;
    h ^= h >> 29; h *= cstorechecksums_k3;
    return h ^ (h >> 32);
}

static int cstorechecksums_matches(const unsigned char *page, size_t size, uint32_t page_number) {
    return cstorechecksums_load(page + size - CSTORECHECKSUMS_RESERVE) == cstorechecksums_compute(page, size, page_number);
}

/* Page 1 of a file whose header says it has no reserved bytes: is it a checksummed page
   whose byte 20 was damaged? It is when it matches once that byte says 8 again (a page
   that never had a checksum matches by chance once in 2^64). */
static int cstorechecksums_lost_reserve(const unsigned char *page, size_t size) {
    unsigned char *copy = malloc(size);
    if (!copy) return 0;
    memcpy(copy, page, size);
    copy[20] = CSTORECHECKSUMS_RESERVE;
    int lost = cstorechecksums_matches(copy, size, 1);
    free(copy);
    return lost;
}

static int cstorechecksums_is_page(int amount, sqlite3_int64 offset) {
    return amount >= 512 && amount <= 65536 && (amount & (amount - 1)) == 0 && offset % amount == 0;
}

/* ==== The file shim ====================================================================
   Only main database files are looked at. The -wal file is passed through untouched: each
   of its frames carries SQLite's own checksum of the page image, computed before the page
   reaches xWrite, which a change here would break; pages reach the main file (and get
   their checksum) when the log is checkpointed. */

enum {
    CSTORECHECKSUMS_UNKNOWN,    /* no header read or written yet */
    CSTORECHECKSUMS_PLAIN,      /* the header says no reserved bytes: nothing computed or verified */
    CSTORECHECKSUMS_CHECKED,    /* the header says 8 reserved bytes: computed on write, verified on read */
    CSTORECHECKSUMS_CONVERTING  /* a VACUUM adds the reserve: computed on write, not verified */
};

typedef struct cstorechecksums_file {
    sqlite3_file base;
    sqlite3_file *inner;         /* the default VFS's file, allocated right after this struct */
    int is_main;
    int mode;
    int blind_writes;            /* pages written before the file had a header to say how */
    uint32_t damaged_page;       /* the first page found damaged, 0 while none */
    unsigned char *scratch;      /* a page-sized copy for writes (SQLite's buffer is const) */
    size_t scratch_size;
} cstorechecksums_file;

static sqlite3_vfs *cstorechecksums_inner_vfs;
static _Thread_local uint32_t cstorechecksums_last_damage;
static volatile int cstorechecksums_verifying = 1;
static long cstorechecksums_verified;  /* pages verified in this process (relaxed atomic) */

void cstorechecksums_set_verifying(int on) { cstorechecksums_verifying = on; }

long cstorechecksums_pages_verified(void) { return __atomic_load_n(&cstorechecksums_verified, __ATOMIC_RELAXED); }

uint32_t cstorechecksums_last_damaged_page(void) { return cstorechecksums_last_damage; }

static void cstorechecksums_learn(cstorechecksums_file *f, const unsigned char *header) {
    if (f->mode == CSTORECHECKSUMS_CONVERTING) return;
    f->mode = header[20] == CSTORECHECKSUMS_RESERVE ? CSTORECHECKSUMS_CHECKED : CSTORECHECKSUMS_PLAIN;
}

/* Reads the header from the file when nothing has said yet whether pages carry checksums. */
static void cstorechecksums_resolve(cstorechecksums_file *f) {
    if (f->mode != CSTORECHECKSUMS_UNKNOWN) return;
    unsigned char header[100];
    if (f->inner->pMethods->xRead(f->inner, header, sizeof header, 0) == SQLITE_OK) cstorechecksums_learn(f, header);
}

static int cstorechecksums_close(sqlite3_file *file) {
    cstorechecksums_file *f = (cstorechecksums_file *)file;
    int rc = f->inner->pMethods->xClose(f->inner);
    free(f->scratch);
    f->scratch = NULL;
    return rc;
}

static int cstorechecksums_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    cstorechecksums_file *f = (cstorechecksums_file *)file;
    int rc = f->inner->pMethods->xRead(f->inner, buffer, amount, offset);
    if (rc != SQLITE_OK || !f->is_main) return rc;
    const unsigned char *data = buffer;
    if (offset == 0 && amount >= 100) cstorechecksums_learn(f, data);
    if (!cstorechecksums_is_page(amount, offset) || !cstorechecksums_verifying) return SQLITE_OK;
    cstorechecksums_resolve(f);
    uint32_t page = (uint32_t)(offset / amount) + 1;
    int damaged = 0;
    if (f->mode == CSTORECHECKSUMS_CHECKED) {
        __atomic_fetch_add(&cstorechecksums_verified, 1, __ATOMIC_RELAXED);
        damaged = !cstorechecksums_matches(data, (size_t)amount, page);
    } else if (f->mode == CSTORECHECKSUMS_PLAIN && page == 1) damaged = cstorechecksums_lost_reserve(data, (size_t)amount);
    if (!damaged) return SQLITE_OK;
    if (f->damaged_page == 0) f->damaged_page = page;
    cstorechecksums_last_damage = page;
    return SQLITE_IOERR_DATA;
}

/* Writes the checksum of every page after page 1 that is already in the file: pages that
   were written before page 1 told whether they should carry one (a new file). */
static int cstorechecksums_fill_blind_pages(cstorechecksums_file *f, int page_size) {
    sqlite3_int64 size = 0;
    int rc = f->inner->pMethods->xFileSize(f->inner, &size);
    for (sqlite3_int64 offset = page_size; rc == SQLITE_OK && offset + page_size <= size; offset += page_size) {
        rc = f->inner->pMethods->xRead(f->inner, f->scratch, page_size, offset);
        if (rc != SQLITE_OK) break;
        cstorechecksums_store(f->scratch + page_size - CSTORECHECKSUMS_RESERVE,
                              cstorechecksums_compute(f->scratch, (size_t)page_size, (uint32_t)(offset / page_size) + 1));
        rc = f->inner->pMethods->xWrite(f->inner, f->scratch, page_size, offset);
    }
    return rc;
}

static int cstorechecksums_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    cstorechecksums_file *f = (cstorechecksums_file *)file;
    if (!f->is_main) return f->inner->pMethods->xWrite(f->inner, buffer, amount, offset);
    if (f->damaged_page != 0) return SQLITE_IOERR_WRITE;  // nothing is written after damage was found
    if (!cstorechecksums_is_page(amount, offset)) return f->inner->pMethods->xWrite(f->inner, buffer, amount, offset);
    const unsigned char *data = buffer;
    if (offset == 0) cstorechecksums_learn(f, data); else cstorechecksums_resolve(f);
    if (f->mode == CSTORECHECKSUMS_UNKNOWN) f->blind_writes = 1;
    if (f->mode == CSTORECHECKSUMS_UNKNOWN || f->mode == CSTORECHECKSUMS_PLAIN) {
        return f->inner->pMethods->xWrite(f->inner, buffer, amount, offset);
    }
    if (f->scratch_size < (size_t)amount) {
        unsigned char *grown = realloc(f->scratch, (size_t)amount);
        if (!grown) return SQLITE_NOMEM;
        f->scratch = grown;
        f->scratch_size = (size_t)amount;
    }
    memcpy(f->scratch, data, (size_t)amount);
    cstorechecksums_store(f->scratch + amount - CSTORECHECKSUMS_RESERVE,
                          cstorechecksums_compute(f->scratch, (size_t)amount, (uint32_t)(offset / amount) + 1));
    int rc = f->inner->pMethods->xWrite(f->inner, f->scratch, amount, offset);
    if (rc == SQLITE_OK && offset == 0 && f->blind_writes) {
        f->blind_writes = 0;
        rc = cstorechecksums_fill_blind_pages(f, amount);
    }
    return rc;
}

static int cstorechecksums_file_control(sqlite3_file *file, int op, void *arg) {
    cstorechecksums_file *f = (cstorechecksums_file *)file;
    if (f->is_main) {
        switch (op) {
        case CSTORECHECKSUMS_FCNTL_DAMAGED_PAGE:
            *(int *)arg = (int)f->damaged_page;
            return SQLITE_OK;
        case CSTORECHECKSUMS_FCNTL_STATUS:
            cstorechecksums_resolve(f);
            *(int *)arg = f->mode == CSTORECHECKSUMS_CHECKED;
            return SQLITE_OK;
        case CSTORECHECKSUMS_FCNTL_CONVERTING:
            f->mode = *(int *)arg ? CSTORECHECKSUMS_CONVERTING : CSTORECHECKSUMS_UNKNOWN;
            return SQLITE_OK;
        }
    }
    return f->inner->pMethods->xFileControl(f->inner, op, arg);
}

/* Pages are never handed out as pointers into a memory map: every page is read through
   xRead, where it is verified. */
static int cstorechecksums_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    (void)file; (void)offset; (void)amount;
    *pointer = NULL;
    return SQLITE_OK;
}

static int cstorechecksums_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    (void)file; (void)offset; (void)pointer;
    return SQLITE_OK;
}

#define CSTORECHECKSUMS_INNER(file) (((cstorechecksums_file *)(file))->inner)
static int cstorechecksums_truncate(sqlite3_file *f, sqlite3_int64 size) { return CSTORECHECKSUMS_INNER(f)->pMethods->xTruncate(CSTORECHECKSUMS_INNER(f), size); }
static int cstorechecksums_sync(sqlite3_file *f, int flags) { return CSTORECHECKSUMS_INNER(f)->pMethods->xSync(CSTORECHECKSUMS_INNER(f), flags); }
static int cstorechecksums_file_size(sqlite3_file *f, sqlite3_int64 *size) { return CSTORECHECKSUMS_INNER(f)->pMethods->xFileSize(CSTORECHECKSUMS_INNER(f), size); }
static int cstorechecksums_lock(sqlite3_file *f, int level) { return CSTORECHECKSUMS_INNER(f)->pMethods->xLock(CSTORECHECKSUMS_INNER(f), level); }
static int cstorechecksums_unlock(sqlite3_file *f, int level) { return CSTORECHECKSUMS_INNER(f)->pMethods->xUnlock(CSTORECHECKSUMS_INNER(f), level); }
static int cstorechecksums_reserved(sqlite3_file *f, int *out) { return CSTORECHECKSUMS_INNER(f)->pMethods->xCheckReservedLock(CSTORECHECKSUMS_INNER(f), out); }
static int cstorechecksums_sector_size(sqlite3_file *f) { return CSTORECHECKSUMS_INNER(f)->pMethods->xSectorSize(CSTORECHECKSUMS_INNER(f)); }
static int cstorechecksums_device(sqlite3_file *f) { return CSTORECHECKSUMS_INNER(f)->pMethods->xDeviceCharacteristics(CSTORECHECKSUMS_INNER(f)); }
static int cstorechecksums_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    return CSTORECHECKSUMS_INNER(f)->pMethods->xShmMap(CSTORECHECKSUMS_INNER(f), region, size, extend, out);
}
static int cstorechecksums_shm_lock(sqlite3_file *f, int offset, int n, int flags) { return CSTORECHECKSUMS_INNER(f)->pMethods->xShmLock(CSTORECHECKSUMS_INNER(f), offset, n, flags); }
static void cstorechecksums_shm_barrier(sqlite3_file *f) { CSTORECHECKSUMS_INNER(f)->pMethods->xShmBarrier(CSTORECHECKSUMS_INNER(f)); }
static int cstorechecksums_shm_unmap(sqlite3_file *f, int delete_flag) { return CSTORECHECKSUMS_INNER(f)->pMethods->xShmUnmap(CSTORECHECKSUMS_INNER(f), delete_flag); }

static const sqlite3_io_methods cstorechecksums_io = {
    3, cstorechecksums_close, cstorechecksums_read, cstorechecksums_write, cstorechecksums_truncate,
    cstorechecksums_sync, cstorechecksums_file_size, cstorechecksums_lock, cstorechecksums_unlock,
    cstorechecksums_reserved, cstorechecksums_file_control, cstorechecksums_sector_size,
    cstorechecksums_device, cstorechecksums_shm_map, cstorechecksums_shm_lock, cstorechecksums_shm_barrier,
    cstorechecksums_shm_unmap, cstorechecksums_fetch, cstorechecksums_unfetch
};

/* ==== The VFS: opens wrap the default VFS's files; everything else is passed on ========= */

static int cstorechecksums_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    cstorechecksums_file *f = (cstorechecksums_file *)file;
    memset(f, 0, sizeof *f);
    f->inner = (sqlite3_file *)(f + 1);
    int rc = cstorechecksums_inner_vfs->xOpen(cstorechecksums_inner_vfs, name, f->inner, flags, out_flags);
    if (rc != SQLITE_OK || f->inner->pMethods == NULL) {
        f->base.pMethods = NULL;  // SQLite calls no method of a file whose open failed
        return rc;
    }
    f->is_main = (flags & SQLITE_OPEN_MAIN_DB) != 0;
    f->base.pMethods = &cstorechecksums_io;
    return SQLITE_OK;
}

#define CSTORECHECKSUMS_VFS cstorechecksums_inner_vfs
static int cstorechecksums_delete(sqlite3_vfs *v, const char *name, int sync) { (void)v; return CSTORECHECKSUMS_VFS->xDelete(CSTORECHECKSUMS_VFS, name, sync); }
static int cstorechecksums_access(sqlite3_vfs *v, const char *name, int flags, int *out) { (void)v; return CSTORECHECKSUMS_VFS->xAccess(CSTORECHECKSUMS_VFS, name, flags, out); }
static int cstorechecksums_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) { (void)v; return CSTORECHECKSUMS_VFS->xFullPathname(CSTORECHECKSUMS_VFS, name, n, out); }
static void *cstorechecksums_dl_open(sqlite3_vfs *v, const char *name) { (void)v; return CSTORECHECKSUMS_VFS->xDlOpen(CSTORECHECKSUMS_VFS, name); }
static void cstorechecksums_dl_error(sqlite3_vfs *v, int n, char *out) { (void)v; CSTORECHECKSUMS_VFS->xDlError(CSTORECHECKSUMS_VFS, n, out); }
static void (*cstorechecksums_dl_sym(sqlite3_vfs *v, void *handle, const char *name))(void) { (void)v; return CSTORECHECKSUMS_VFS->xDlSym(CSTORECHECKSUMS_VFS, handle, name); }
static void cstorechecksums_dl_close(sqlite3_vfs *v, void *handle) { (void)v; CSTORECHECKSUMS_VFS->xDlClose(CSTORECHECKSUMS_VFS, handle); }
static int cstorechecksums_randomness(sqlite3_vfs *v, int n, char *out) { (void)v; return CSTORECHECKSUMS_VFS->xRandomness(CSTORECHECKSUMS_VFS, n, out); }
static int cstorechecksums_sleep(sqlite3_vfs *v, int micros) { (void)v; return CSTORECHECKSUMS_VFS->xSleep(CSTORECHECKSUMS_VFS, micros); }
static int cstorechecksums_current_time(sqlite3_vfs *v, double *out) { (void)v; return CSTORECHECKSUMS_VFS->xCurrentTime(CSTORECHECKSUMS_VFS, out); }
static int cstorechecksums_last_error(sqlite3_vfs *v, int n, char *out) { (void)v; return CSTORECHECKSUMS_VFS->xGetLastError(CSTORECHECKSUMS_VFS, n, out); }
static int cstorechecksums_current_time64(sqlite3_vfs *v, sqlite3_int64 *out) { (void)v; return CSTORECHECKSUMS_VFS->xCurrentTimeInt64(CSTORECHECKSUMS_VFS, out); }

static sqlite3_vfs cstorechecksums_vfs;
static pthread_once_t cstorechecksums_once = PTHREAD_ONCE_INIT;
static int cstorechecksums_registered = SQLITE_ERROR;

static void cstorechecksums_register_once(void) {
    sqlite3_vfs *inner = sqlite3_vfs_find(NULL);
    if (inner == NULL) return;
    cstorechecksums_inner_vfs = inner;
    sqlite3_vfs v = {
        2, (int)sizeof(cstorechecksums_file) + inner->szOsFile, inner->mxPathname, NULL, "assetflow-checksums", NULL,
        cstorechecksums_open, cstorechecksums_delete, cstorechecksums_access, cstorechecksums_full_pathname,
        cstorechecksums_dl_open, cstorechecksums_dl_error, cstorechecksums_dl_sym, cstorechecksums_dl_close,
        cstorechecksums_randomness, cstorechecksums_sleep, cstorechecksums_current_time, cstorechecksums_last_error,
        cstorechecksums_current_time64, NULL, NULL, NULL
    };
    if (inner->iVersion < 2 || inner->xCurrentTimeInt64 == NULL) { v.iVersion = 1; v.xCurrentTimeInt64 = NULL; }
    cstorechecksums_vfs = v;
    cstorechecksums_registered = sqlite3_vfs_register(&cstorechecksums_vfs, 1);
}

int cstorechecksums_register(void) {
    pthread_once(&cstorechecksums_once, cstorechecksums_register_once);
    return cstorechecksums_registered;
}

/* ==== Verifying a whole file, for `assetflow check` ===================================== */

long cstorechecksums_verify_file(const char *path, uint32_t *damaged, size_t capacity, long *pages) {
    *pages = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    unsigned char header[100];
    if (pread(fd, header, sizeof header, 0) != (ssize_t)sizeof header) { close(fd); return -1; }
    long size = ((long)header[16] << 8) | header[17];
    if (size == 1) size = 65536;
    if (size < 512 || (size & (size - 1)) != 0) size = 4096;  // a damaged header: page 1 will not match
    unsigned char *page = malloc((size_t)size);
    if (!page) { close(fd); return -1; }
    long found = 0;
    int checked = header[20] == CSTORECHECKSUMS_RESERVE;
    for (uint32_t number = 1;; number++) {
        ssize_t got = pread(fd, page, (size_t)size, (off_t)(number - 1) * size);
        if (got < size) break;
        *pages += 1;
        int bad;
        if (number == 1 && !checked) {
            bad = cstorechecksums_lost_reserve(page, (size_t)size);
            if (!bad) break;  // a store without checksums
            checked = 1;
        } else {
            bad = !cstorechecksums_matches(page, (size_t)size, number);
        }
        if (bad) {
            if ((size_t)found < capacity) damaged[found] = number;
            found++;
        }
    }
    free(page);
    close(fd);
    return checked ? found : -2;
}
