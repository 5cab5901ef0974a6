// libcurl's easy API, declared here and loaded with dlopen: the runtime library is on every machine Foundation runs
// on, its development headers often are not. The option and info numbers are libcurl's stable ABI (curl.h).
#include "CHTTPClient.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void CURL;
typedef int CURLcode;
typedef int64_t curl_off_t;
struct curl_slist;

enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_ERRORBUFFER = 10010,
    OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029,
    OPT_CUSTOMREQUEST = 10036,
    OPT_NOPROGRESS = 43,
    OPT_FOLLOWLOCATION = 52,
    OPT_XFERINFODATA = 10057,
    OPT_FRESH_CONNECT = 74,
    OPT_FORBID_REUSE = 75,
    OPT_HEADERFUNCTION = 20079,
    OPT_HTTPGET = 80,
    OPT_HTTP_VERSION = 84,
    OPT_NOSIGNAL = 99,
    OPT_ACCEPT_ENCODING = 10102,
    OPT_MAXFILESIZE_LARGE = 30117,
    OPT_POSTFIELDSIZE_LARGE = 30120,
    OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181,
    OPT_XFERINFOFUNCTION = 20219,
};
enum { INFO_RESPONSE_CODE = 0x200002, INFO_REDIRECT_URL = 0x10001F };
enum { PROTO_HTTP = 1, PROTO_HTTPS = 2, HTTP_VERSION_1_1 = 2, GLOBAL_ALL = 3 };
enum {
    E_OK = 0,
    E_FAILED_INIT = 2,
    E_COULDNT_CONNECT = 7,
    E_PARTIAL_FILE = 18,
    E_WRITE_ERROR = 23,
    E_OPERATION_TIMEDOUT = 28,
    E_ABORTED_BY_CALLBACK = 42,
    E_GOT_NOTHING = 52,
    E_SEND_ERROR = 55,
    E_RECV_ERROR = 56,
    E_FILESIZE_EXCEEDED = 63,
};

typedef void CURLM;
typedef int CURLMcode;
typedef struct {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;
enum { MSG_DONE = 1 };

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    const char *(*easy_strerror)(CURLcode);
    // The multi interface (libcurl 7.68+), so a cancel wakes the waiting poll at once; NULL: easy_perform, whose
    // progress callback notices a cancel within about a second.
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, void *, unsigned, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    const char *failure;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
    static const char *const names[] = {"libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "/usr/lib/libcurl.4.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        curl.failure = "libcurl (libcurl.so.4) cannot be loaded";
        return;
    }
#define LOAD(field, symbol)                                                                                            \
    *(void **)(&curl.field) = dlsym(library, symbol);                                                                  \
    if (curl.field == NULL) {                                                                                          \
        curl.failure = "libcurl lacks " symbol;                                                                        \
        return;                                                                                                        \
    }
    LOAD(global_init, "curl_global_init")
    LOAD(easy_init, "curl_easy_init")
    LOAD(easy_setopt, "curl_easy_setopt")
    LOAD(easy_perform, "curl_easy_perform")
    LOAD(easy_getinfo, "curl_easy_getinfo")
    LOAD(easy_cleanup, "curl_easy_cleanup")
    LOAD(slist_append, "curl_slist_append")
    LOAD(slist_free_all, "curl_slist_free_all")
    LOAD(easy_strerror, "curl_easy_strerror")
#undef LOAD
    static const char *const multi[] = {"curl_multi_init", "curl_multi_add_handle", "curl_multi_remove_handle",
        "curl_multi_perform", "curl_multi_poll", "curl_multi_wakeup", "curl_multi_info_read", "curl_multi_cleanup"};
    void **slots[] = {(void **)&curl.multi_init, (void **)&curl.multi_add_handle, (void **)&curl.multi_remove_handle,
        (void **)&curl.multi_perform, (void **)&curl.multi_poll, (void **)&curl.multi_wakeup,
        (void **)&curl.multi_info_read, (void **)&curl.multi_cleanup};
    int complete = 1;
    for (size_t i = 0; i < sizeof multi / sizeof multi[0]; i++) {
        *slots[i] = dlsym(library, multi[i]);
        if (*slots[i] == NULL) complete = 0;
    }
    if (!complete) curl.multi_init = NULL;
    if (curl.global_init(GLOBAL_ALL) != E_OK) curl.failure = "curl_global_init failed";
}

struct segue_http_cancel_token {
    atomic_int cancelled;
    /// The multi handle the exchange waits in, to wake; guarded by `lock` so a cancel never wakes a freed one.
    pthread_mutex_t lock;
    CURLM *waiting;
};

segue_http_cancel_token *segue_http_cancel_token_new(void) {
    segue_http_cancel_token *token = calloc(1, sizeof *token);
    if (token == NULL) return NULL;
    atomic_init(&token->cancelled, 0);
    pthread_mutex_init(&token->lock, NULL);
    return token;
}

void segue_http_cancel_token_cancel(segue_http_cancel_token *token) {
    if (token == NULL) return;
    atomic_store(&token->cancelled, 1);
    pthread_mutex_lock(&token->lock);
    if (token->waiting != NULL) curl.multi_wakeup(token->waiting);
    pthread_mutex_unlock(&token->lock);
}

void segue_http_cancel_token_free(segue_http_cancel_token *token) {
    if (token == NULL) return;
    pthread_mutex_destroy(&token->lock);
    free(token);
}

static int is_cancelled(segue_http_cancel_token *token) { return token != NULL && atomic_load(&token->cancelled); }

static void set_waiting(segue_http_cancel_token *token, CURLM *multi) {
    if (token == NULL) return;
    pthread_mutex_lock(&token->lock);
    token->waiting = multi;
    pthread_mutex_unlock(&token->lock);
}

/// Runs the transfer in a multi handle, waiting in `curl_multi_poll` (no CPU) until the transfer ends or a cancel
/// wakes it; the connection is closed as soon as the cancel is seen. Falls back to `curl_easy_perform`.
static CURLcode run_transfer(CURL *handle, segue_http_cancel_token *token) {
    CURLM *multi = curl.multi_init != NULL ? curl.multi_init() : NULL;
    if (multi == NULL) return curl.easy_perform(handle);
    if (curl.multi_add_handle(multi, handle) != 0) {
        curl.multi_cleanup(multi);
        return curl.easy_perform(handle);
    }
    set_waiting(token, multi);
    CURLcode result = E_FAILED_INIT;
    int running = 1;
    while (!is_cancelled(token)) {
        if (curl.multi_perform(multi, &running) != 0) break;
        int queued = 0;
        CURLMsg *message = curl.multi_info_read(multi, &queued);
        if (message != NULL && message->msg == MSG_DONE) {
            result = message->data.result;
            break;
        }
        if (running == 0) break;
        if (curl.multi_poll(multi, NULL, 0, 1000, NULL) != 0) break;
    }
    set_waiting(token, NULL);
    curl.multi_remove_handle(multi, handle);
    curl.multi_cleanup(multi);
    return result;
}

enum { HEADER_LIMIT = 16 * 1024 };

/// The exchange's running state, shared with libcurl's callbacks.
typedef struct {
    segue_http_response *response;
    segue_http_cancel_token *token;
    int64_t limit;
    size_t capacity;
    size_t header_capacity;
    int too_large;
} exchange;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    exchange *state = context;
    size_t length = size * count;
    segue_http_response *response = state->response;
    if ((int64_t)(response->body_length + length) > state->limit) {
        state->too_large = 1;
        return 0;
    }
    if (response->body_length + length > state->capacity) {
        size_t capacity = state->capacity == 0 ? 16 * 1024 : state->capacity;
        while (capacity < response->body_length + length) capacity *= 2;
        if ((int64_t)capacity > state->limit) capacity = (size_t)state->limit;
        uint8_t *grown = realloc(response->body, capacity);
        if (grown == NULL) return 0;
        response->body = grown;
        state->capacity = capacity;
    }
    memcpy(response->body + response->body_length, data, length);
    response->body_length += length;
    return length;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    exchange *state = context;
    size_t length = size * count;
    segue_http_response *response = state->response;
    // A new status line (after `100 Continue`) starts the final response's headers afresh.
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) response->headers_length = 0;
    if (response->headers == NULL) {
        response->headers = malloc(HEADER_LIMIT + 1);
        if (response->headers == NULL) return 0;
    }
    size_t room = HEADER_LIMIT - response->headers_length;
    size_t kept = length < room ? length : room;
    memcpy(response->headers + response->headers_length, data, kept);
    response->headers_length += kept;
    response->headers[response->headers_length] = '\0';
    return length;
}

static int on_progress(void *context, curl_off_t total, curl_off_t now, curl_off_t upload_total, curl_off_t upload_now) {
    (void)upload_total;
    (void)upload_now;
    exchange *state = context;
    if (is_cancelled(state->token)) return 1;
    if (total > state->limit || now > state->limit) {
        state->too_large = 1;
        return 1;
    }
    return 0;
}

static segue_http_status classify(CURLcode code, const exchange *state) {
    if (is_cancelled(state->token)) return SEGUE_HTTP_CANCELLED;
    if (state->too_large || code == E_FILESIZE_EXCEEDED) return SEGUE_HTTP_TOO_LARGE;
    switch (code) {
    case E_OK: return SEGUE_HTTP_OK;
    case E_COULDNT_CONNECT: return SEGUE_HTTP_REFUSED;
    case E_OPERATION_TIMEDOUT: return SEGUE_HTTP_TIMEOUT;
    case E_PARTIAL_FILE:
    case E_GOT_NOTHING:
    case E_SEND_ERROR:
    case E_RECV_ERROR: return SEGUE_HTTP_CONNECTION_RESET;
    case E_ABORTED_BY_CALLBACK: return SEGUE_HTTP_CANCELLED;
    default: return SEGUE_HTTP_TRANSPORT;
    }
}

static double thread_cpu_seconds(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static segue_http_status perform(
    const segue_http_request *request, segue_http_cancel_token *token, segue_http_response *response);

segue_http_status segue_http_perform(
    const segue_http_request *request, segue_http_cancel_token *token, segue_http_response *response) {
    memset(response, 0, sizeof *response);
    double started = thread_cpu_seconds();
    segue_http_status status = perform(request, token, response);
    response->cpu_seconds = thread_cpu_seconds() - started;
    return status;
}

static segue_http_status perform(
    const segue_http_request *request, segue_http_cancel_token *token, segue_http_response *response) {
    pthread_once(&load_once, load_curl);
    if (curl.failure != NULL) {
        snprintf(response->error, sizeof response->error, "%s", curl.failure);
        return SEGUE_HTTP_UNAVAILABLE;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        snprintf(response->error, sizeof response->error, "curl_easy_init failed");
        return SEGUE_HTTP_UNAVAILABLE;
    }
    exchange state = {.response = response, .token = token, .limit = request->max_body_bytes};
    struct curl_slist *headers = NULL;
    for (size_t i = 0; i < request->header_count; i++) headers = curl.slist_append(headers, request->headers[i]);
    // No `Expect: 100-continue` round trip: the body goes with the request.
    headers = curl.slist_append(headers, "Expect:");

    curl.easy_setopt(handle, OPT_URL, request->url);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, OPT_FRESH_CONNECT, 1L);
    curl.easy_setopt(handle, OPT_FORBID_REUSE, 1L);
    curl.easy_setopt(handle, OPT_HTTP_VERSION, (long)HTTP_VERSION_1_1);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "gzip, deflate");
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, response->error);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, &state);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, &state);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, OPT_XFERINFODATA, &state);
    curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    if (request->timeout_ms > 0) {
        curl.easy_setopt(handle, OPT_TIMEOUT_MS, request->timeout_ms);
        curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    }
    int is_get = strcmp(request->method, "GET") == 0;
    if (is_get) {
        curl.easy_setopt(handle, OPT_HTTPGET, 1L);
    } else {
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl.easy_setopt(handle, OPT_POSTFIELDS, request->body != NULL ? (const char *)request->body : "");
        if (strcmp(request->method, "POST") != 0) curl.easy_setopt(handle, OPT_CUSTOMREQUEST, request->method);
    }

    CURLcode code = run_transfer(handle, token);
    response->curl_code = code;
    if (code != E_OK && response->error[0] == '\0') {
        snprintf(response->error, sizeof response->error, "%s", curl.easy_strerror(code));
    }
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &response->status_code);
    char *location = NULL;
    if (curl.easy_getinfo(handle, INFO_REDIRECT_URL, &location) == E_OK && location != NULL) {
        response->redirect_url = strdup(location);
    }
    segue_http_status status = classify(code, &state);
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
    return status;
}

void segue_http_response_free(segue_http_response *response) {
    free(response->body);
    free(response->headers);
    free(response->redirect_url);
    response->body = NULL;
    response->headers = NULL;
    response->redirect_url = NULL;
}
