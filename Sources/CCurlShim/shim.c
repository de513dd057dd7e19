#include "ccurl_shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few numbers of libcurl's interface used here. libcurl keeps them fixed for the life
   of its ABI (soname 4: option numbers are never reused), so they are stated here rather
   than requiring libcurl's development headers at build time. */
enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_ERRORBUFFER = 10010,
    OPT_WRITEFUNCTION = 20011,
    OPT_USERAGENT = 10018,
    OPT_FOLLOWLOCATION = 52,
    OPT_MAXREDIRS = 68,
    OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181,
    OPT_REDIR_PROTOCOLS = 182,
    OPT_HTTPHEADER = 10023,
    INFO_REDIRECT_URL = 0x100000 + 31,
    CURLE_OPERATION_TIMEDOUT = 28,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    PROTO_HTTP_HTTPS = (1 << 0) | (1 << 1),
    GLOBAL_ALL = 3,
    ERROR_SIZE = 256,
    /* libcurl's URL API (curl_url, 7.62): parts and flags, fixed like the option numbers. */
    UPART_URL = 0,
    UPART_SCHEME = 1,
    UPART_HOST = 5,
    U_DISALLOW_USER = 1 << 5,
    U_URLDECODE = 1 << 6
};

typedef void CURL;
typedef int (*global_init_fn)(long flags);
typedef CURL *(*easy_init_fn)(void);
typedef int (*easy_setopt_fn)(CURL *, int option, ...);
typedef int (*easy_perform_fn)(CURL *);
typedef int (*easy_getinfo_fn)(CURL *, int info, ...);
typedef void (*easy_cleanup_fn)(CURL *);
typedef void (*easy_reset_fn)(CURL *);
typedef const char *(*easy_strerror_fn)(int);
typedef void *(*slist_append_fn)(void *, const char *);
typedef void (*slist_free_all_fn)(void *);
typedef void *(*url_fn)(void);
typedef void (*url_cleanup_fn)(void *);
typedef int (*url_set_fn)(void *, int part, const char *content, unsigned int flags);
typedef int (*url_get_fn)(void *, int part, char **content, unsigned int flags);
typedef void (*curl_free_fn)(void *);

struct ccurl_client {
    easy_setopt_fn setopt;
    easy_perform_fn perform;
    easy_getinfo_fn getinfo;
    easy_cleanup_fn cleanup;
    easy_reset_fn reset;
    easy_strerror_fn strerror;
    slist_append_fn slist_append;     /* for request headers (ccurl_request) */
    slist_free_all_fn slist_free_all;
    /* libcurl's own URL parser (NULL before 7.62): the host a provider's address is checked
       against is the one libcurl connects to (ccurl_parse). */
    url_fn url;
    url_cleanup_fn url_cleanup;
    url_set_fn url_set;
    url_get_fn url_get;
    curl_free_fn curl_free;
    CURL *easy;
};

/* curl_global_init is not thread-safe in every libcurl still in use: once per process. */
static pthread_mutex_t g_init_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_initialized = 0;

static void copy_message(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message ? message : "unknown error");
}

ccurl_client *ccurl_open(const char *library, char *error, size_t error_size) {
    /* Never closed: unloading libcurl (and the TLS library under it) is not safe while
       other threads may use them, and a loaded library costs nothing more. */
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) { copy_message(error, error_size, dlerror()); return NULL; }
    ccurl_client client;
    global_init_fn global_init = (global_init_fn)dlsym(handle, "curl_global_init");
    easy_init_fn easy_init = (easy_init_fn)dlsym(handle, "curl_easy_init");
    client.setopt = (easy_setopt_fn)dlsym(handle, "curl_easy_setopt");
    client.perform = (easy_perform_fn)dlsym(handle, "curl_easy_perform");
    client.getinfo = (easy_getinfo_fn)dlsym(handle, "curl_easy_getinfo");
    client.cleanup = (easy_cleanup_fn)dlsym(handle, "curl_easy_cleanup");
    client.reset = (easy_reset_fn)dlsym(handle, "curl_easy_reset");
    client.strerror = (easy_strerror_fn)dlsym(handle, "curl_easy_strerror");
    client.slist_append = (slist_append_fn)dlsym(handle, "curl_slist_append");
    client.slist_free_all = (slist_free_all_fn)dlsym(handle, "curl_slist_free_all");
    client.url = (url_fn)dlsym(handle, "curl_url");
    client.url_cleanup = (url_cleanup_fn)dlsym(handle, "curl_url_cleanup");
    client.url_set = (url_set_fn)dlsym(handle, "curl_url_set");
    client.url_get = (url_get_fn)dlsym(handle, "curl_url_get");
    client.curl_free = (curl_free_fn)dlsym(handle, "curl_free");
    if (!global_init || !easy_init || !client.setopt || !client.perform || !client.getinfo || !client.cleanup
        || !client.reset || !client.strerror || !client.slist_append || !client.slist_free_all) {
        copy_message(error, error_size, "a libcurl function is missing (libcurl 7.16 or later is needed)");
        return NULL;
    }
    pthread_mutex_lock(&g_init_lock);
    int status = g_initialized ? 0 : global_init(GLOBAL_ALL);
    if (status == 0) g_initialized = 1;
    pthread_mutex_unlock(&g_init_lock);
    if (status != 0) { copy_message(error, error_size, client.strerror(status)); return NULL; }
    client.easy = easy_init();
    if (!client.easy) { copy_message(error, error_size, "curl_easy_init failed"); return NULL; }
    ccurl_client *result = malloc(sizeof client);
    if (!result) { client.cleanup(client.easy); copy_message(error, error_size, "out of memory"); return NULL; }
    *result = client;
    return result;
}

/* The body read so far; `failed` once it would pass `limit` or memory ran out. */
typedef struct {
    char *bytes;
    size_t length, capacity, limit;
    int too_large;
} buffer;

static size_t on_data(char *data, size_t size, size_t count, void *context) {
    buffer *b = context;
    size_t n = size * count;
    if (n > b->limit - b->length) { b->too_large = 1; return 0; }  /* 0 stops the transfer */
    if (b->length + n > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 16384;
        while (capacity < b->length + n) capacity *= 2;
        char *grown = realloc(b->bytes, capacity);
        if (!grown) return 0;
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, n);
    b->length += n;
    return n;
}

int ccurl_get(ccurl_client *client, const char *url, long timeout_ms, size_t limit,
              long *status, char **body, size_t *length, char *error, size_t error_size) {
    CURL *easy = client->easy;
    char message[ERROR_SIZE] = "";
    buffer b = { NULL, 0, 0, limit, 0 };
    /* Reset keeps the open connections and the DNS cache, so a range of days reuses one. */
    client->reset(easy);
    client->setopt(easy, OPT_URL, url);
    client->setopt(easy, OPT_WRITEFUNCTION, on_data);
    client->setopt(easy, OPT_WRITEDATA, &b);
    client->setopt(easy, OPT_ERRORBUFFER, message);
    client->setopt(easy, OPT_USERAGENT, "assetflow");
    client->setopt(easy, OPT_FOLLOWLOCATION, 1L);
    client->setopt(easy, OPT_MAXREDIRS, 10L);
    client->setopt(easy, OPT_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
    client->setopt(easy, OPT_REDIR_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
    /* No SIGALRM for timeouts: other threads of the process must not see it. */
    client->setopt(easy, OPT_NOSIGNAL, 1L);
    client->setopt(easy, OPT_TIMEOUT_MS, timeout_ms);
    client->setopt(easy, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    int code = client->perform(easy);
    client->setopt(easy, OPT_ERRORBUFFER, (char *)NULL);
    if (b.too_large) { free(b.bytes); return CCURL_TOO_LARGE; }
    if (code != 0) {
        copy_message(error, error_size, message[0] ? message : client->strerror(code));
        free(b.bytes);
        return CCURL_NETWORK;
    }
    *status = 0;
    client->getinfo(easy, INFO_RESPONSE_CODE, status);
    *body = b.bytes;
    *length = b.length;
    return CCURL_OK;
}

int ccurl_request(ccurl_client *client, const char *url, const char *const *headers, size_t header_count,
                  long timeout_ms, size_t limit, long *status, char **body, size_t *length,
                  char *location, size_t location_size, char *error, size_t error_size) {
    CURL *easy = client->easy;
    char message[ERROR_SIZE] = "";
    buffer b = { NULL, 0, 0, limit, 0 };
    void *list = NULL;
    for (size_t i = 0; i < header_count; i++) {
        void *grown = client->slist_append(list, headers[i]);
        if (!grown) { client->slist_free_all(list); copy_message(error, error_size, "out of memory"); return CCURL_NETWORK; }
        list = grown;
    }
    client->reset(easy);
    client->setopt(easy, OPT_URL, url);
    client->setopt(easy, OPT_WRITEFUNCTION, on_data);
    client->setopt(easy, OPT_WRITEDATA, &b);
    client->setopt(easy, OPT_ERRORBUFFER, message);
    client->setopt(easy, OPT_USERAGENT, "assetflow");
    client->setopt(easy, OPT_FOLLOWLOCATION, 0L);  /* the caller checks each new host */
    client->setopt(easy, OPT_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
    client->setopt(easy, OPT_NOSIGNAL, 1L);
    client->setopt(easy, OPT_TIMEOUT_MS, timeout_ms);
    client->setopt(easy, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    if (list) client->setopt(easy, OPT_HTTPHEADER, list);
    int code = client->perform(easy);
    client->setopt(easy, OPT_ERRORBUFFER, (char *)NULL);
    client->setopt(easy, OPT_HTTPHEADER, (void *)NULL);
    if (list) client->slist_free_all(list);
    if (b.too_large) { free(b.bytes); return CCURL_TOO_LARGE; }
    if (code != 0) {
        copy_message(error, error_size, message[0] ? message : client->strerror(code));
        free(b.bytes);
        return code == CURLE_OPERATION_TIMEDOUT ? CCURL_TIMEOUT : CCURL_NETWORK;
    }
    *status = 0;
    client->getinfo(easy, INFO_RESPONSE_CODE, status);
    char *redirect = NULL;
    client->getinfo(easy, INFO_REDIRECT_URL, &redirect);
    copy_message(location, location_size, redirect ? redirect : "");
    *body = b.bytes;
    *length = b.length;
    return CCURL_OK;
}

/* Copies one part of the parsed address; 0 when libcurl has none or it does not fit. */
static int copy_part(ccurl_client *client, void *u, int part, unsigned int flags, char *out, size_t size) {
    char *text = NULL;
    if (client->url_get(u, part, &text, flags) != 0 || !text) return 0;
    size_t n = strlen(text);
    int fits = n < size;
    if (fits) memcpy(out, text, n + 1);
    client->curl_free(text);
    return fits;
}

int ccurl_parse(ccurl_client *client, const char *url, char *scheme, size_t scheme_size, char *host, size_t host_size,
                char *normalized, size_t normalized_size, char *error, size_t error_size) {
    if (!client->url || !client->url_cleanup || !client->url_set || !client->url_get || !client->curl_free) {
        copy_message(error, error_size, "libcurl 7.62 or later is needed to check addresses");
        return 1;
    }
    void *u = client->url();
    if (!u) { copy_message(error, error_size, "out of memory"); return 1; }
    int status = client->url_set(u, UPART_URL, url, U_DISALLOW_USER);
    if (status != 0) {
        copy_message(error, error_size, "libcurl cannot read it as an address without a user name");
        client->url_cleanup(u);
        return 1;
    }
    int ok = copy_part(client, u, UPART_SCHEME, 0, scheme, scheme_size)
        && copy_part(client, u, UPART_HOST, U_URLDECODE, host, host_size)
        && copy_part(client, u, UPART_URL, 0, normalized, normalized_size);
    client->url_cleanup(u);
    if (!ok) { copy_message(error, error_size, "it has no host, or a part too long"); return 1; }
    return 0;
}

void ccurl_free(char *body) { free(body); }

void ccurl_close(ccurl_client *client) {
    if (!client) return;
    client->cleanup(client->easy);
    free(client);
}
