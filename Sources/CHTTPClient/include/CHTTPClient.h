#ifndef SEGUE_HTTP_CLIENT_H
#define SEGUE_HTTP_CLIENT_H

#include <stddef.h>
#include <stdint.h>

/// One HTTP exchange through libcurl, loaded at run time (the library ships with Foundation on Linux; its headers do
/// not). No redirect is followed, no connection is reused, nothing is retried, and the body is capped.
typedef enum {
    SEGUE_HTTP_OK = 0,
    /// libcurl could not be loaded; `error` says why.
    SEGUE_HTTP_UNAVAILABLE = 1,
    SEGUE_HTTP_REFUSED = 2,
    SEGUE_HTTP_TIMEOUT = 3,
    /// The connection dropped, or the body ended before its length (or its last chunk).
    SEGUE_HTTP_CONNECTION_RESET = 4,
    /// More than `max_body_bytes`, on the wire or after decompression.
    SEGUE_HTTP_TOO_LARGE = 5,
    SEGUE_HTTP_CANCELLED = 6,
    /// Anything else (DNS, TLS, a malformed reply...); `error` holds libcurl's text.
    SEGUE_HTTP_TRANSPORT = 7
} segue_http_status;

/// What to send. Strings are NUL-terminated; `headers` are "Name: value" lines.
typedef struct {
    const char *url;
    const char *method;
    const char *const *headers;
    size_t header_count;
    const uint8_t *body;
    size_t body_length;
    long timeout_ms;
    int64_t max_body_bytes;
} segue_http_request;

/// What came back; free with `segue_http_response_free`.
typedef struct {
    long status_code;
    /// The body, decompressed (gzip, deflate), at most `max_body_bytes`.
    uint8_t *body;
    size_t body_length;
    /// The final response's header lines, CRLF-separated, at most 16 KiB.
    char *headers;
    size_t headers_length;
    /// A 3xx's `Location`, resolved against the request's URL; NULL when there is none.
    char *redirect_url;
    /// libcurl's own error number and text, for the trace.
    int curl_code;
    char error[256];
    /// CPU time the exchange's thread used, in seconds: waiting on a silent server should cost next to none.
    double cpu_seconds;
} segue_http_response;

/// A flag another thread sets to stop an exchange: it wakes the exchange's poll, which closes the connection at once.
typedef struct segue_http_cancel_token segue_http_cancel_token;

segue_http_cancel_token *segue_http_cancel_token_new(void);
void segue_http_cancel_token_cancel(segue_http_cancel_token *token);
void segue_http_cancel_token_free(segue_http_cancel_token *token);

/// Performs the exchange, blocking the calling thread (in poll: no CPU while the server is silent).
segue_http_status segue_http_perform(
    const segue_http_request *request, segue_http_cancel_token *token, segue_http_response *response);

void segue_http_response_free(segue_http_response *response);

#endif
