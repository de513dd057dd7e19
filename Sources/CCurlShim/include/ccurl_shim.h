#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
/* HTTP GET over libcurl, loaded with dlopen on the first request instead of linked: the
   rates fetch is the only code that talks to the network, and linking it (through
   FoundationNetworking) made every start of assetflow load libcurl and the ~30 libraries
   it needs. Every name is prefixed with ccurl_. */
#include <stddef.h>

typedef struct ccurl_client ccurl_client;

/* Loads `library` (e.g. "libcurl.so.4") and opens a client that keeps its connections
   between requests; NULL with the loader's message in `error` when the library or one of
   its functions cannot be found. */
ccurl_client *ccurl_open(const char *library, char *error, size_t error_size);

enum {
    CCURL_OK = 0,        /* a response arrived: see *status and *body */
    CCURL_NETWORK = 1,   /* no response (refused, unreachable, timed out, TLS): see error */
    CCURL_TOO_LARGE = 2, /* the body passed the limit given */
    CCURL_TIMEOUT = 3    /* ccurl_request only: the time limit passed */
};

/* GET `url` with a total time limit, following redirects (http and https only). On
   CCURL_OK, *status is the HTTP status and *body (malloc'd, release with ccurl_free) holds
   *length bytes. */
int ccurl_get(ccurl_client *client, const char *url, long timeout_ms, size_t limit,
              long *status, char **body, size_t *length, char *error, size_t error_size);
/* One GET that never follows a redirect, for quote providers: the caller checks the host of
   each new address before asking for it. `headers` ("Name: value", `header_count` of them)
   are sent with the request. On CCURL_OK with a 3xx status, `location` holds the address the
   response points to ("" when none). */
int ccurl_request(ccurl_client *client, const char *url, const char *const *headers, size_t header_count,
                  long timeout_ms, size_t limit, long *status, char **body, size_t *length,
                  char *location, size_t location_size, char *error, size_t error_size);
/* Parses `url` with libcurl's own URL parser, as the request will: on 0, `scheme`, `host`
   (percent-decoded) and `normalized` (the address as libcurl writes it back, the one to
   request) are filled. An address with a user name or password is refused (1, with why in
   `error`), as is any libcurl cannot read. */
int ccurl_parse(ccurl_client *client, const char *url, char *scheme, size_t scheme_size, char *host, size_t host_size,
                char *normalized, size_t normalized_size, char *error, size_t error_size);
void ccurl_free(char *body);
void ccurl_close(ccurl_client *client);
#endif
