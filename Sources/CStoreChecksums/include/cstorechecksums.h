#ifndef CSTORECHECKSUMS_H
#define CSTORECHECKSUMS_H
/* Per-page checksums for the store (Documentation/Store.md, "Damage caught on read").

   A store keeps 8 reserved bytes at the end of every page (byte 20 of the database header).
   A VFS shim over SQLite's own default VFS fills them with a 64-bit checksum of the rest of
   the page, seeded with the page number, each time a page of a main database file is
   written, and verifies them each time a page is read from the file: a mismatch is
   SQLITE_IOERR_DATA, so the statement fails and its transaction rolls back. Every name is
   prefixed with cstorechecksums_. */
#include <stdint.h>
#include <stddef.h>

/* Reserved bytes a checksummed store has at the end of each page. */
#define CSTORECHECKSUMS_RESERVE 8

/* File-control opcodes (sqlite3_file_control on "main") the shim answers. */
enum {
    /* int*: set to the first page found damaged on this connection's file, 0 when none. */
    CSTORECHECKSUMS_FCNTL_DAMAGED_PAGE = 0x41460c01,
    /* int*: set to 1 when the file's pages carry checksums (verified on read), else 0. */
    CSTORECHECKSUMS_FCNTL_STATUS = 0x41460c02,
    /* int*: 1 makes every page written from now on carry its checksum, whatever the
       header says, and suspends verification (a VACUUM converting the store); 0 goes back
       to following the header. */
    CSTORECHECKSUMS_FCNTL_CONVERTING = 0x41460c03
};

/* Registers the shim as SQLite's default VFS, once per process (later calls do nothing).
   Returns SQLITE_OK or SQLite's error code. */
int cstorechecksums_register(void);

/* The last page found damaged by a read on the calling thread, 0 when none: for the message
   when the connection that read it is already gone (a failed open). */
uint32_t cstorechecksums_last_damaged_page(void);

/* Turns the verification of pages read off (0) or on (1, the default) for the whole process;
   checksums are still written. Only the read-cost benchmark turns it off. */
void cstorechecksums_set_verifying(int on);

/* How many pages this process has verified on read so far (for the read-cost
   benchmark: the cost per page). */
long cstorechecksums_pages_verified(void);

/* The checksum of page `page_number` (1-based) of `size` bytes: every byte but the last 8. */
uint64_t cstorechecksums_compute(const unsigned char *page, size_t size, uint32_t page_number);

/* Reads the database file at `path` directly and verifies every page's checksum. Writes the
   numbers of at most `capacity` damaged pages to `damaged` and returns how many there are
   in all (0: every page matches); -1 when the file cannot be read, -2 when its pages carry
   no checksums. `*pages` receives the number of pages read. */
long cstorechecksums_verify_file(const char *path, uint32_t *damaged, size_t capacity, long *pages);
#endif
