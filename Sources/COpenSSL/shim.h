#ifndef PVRC_COPENSSL_SHIM_H
#define PVRC_COPENSSL_SHIM_H
// OpenSSL (Debian's libssl-dev): libcrypto's SHA-256 for content digests and libssl's TLS for
// https:// build caches. The inline functions below stand in for OpenSSL macros, which Swift
// cannot call.
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

/// `SSL_set_tlsext_host_name`: the server name (SNI) sent in the client hello.
static inline int pvrc_ssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// Sets up a client context as pvrc's HTTP client uses it: TLS 1.2 or later; a peer that closes
/// without a TLS close alert ends the stream like a plain socket does (the caller checks lengths and
/// digests); writes may complete in parts and be retried from a moved buffer (non-blocking sockets).
/// Returns 1 on success.
static inline int pvrc_ssl_ctx_configure(SSL_CTX *context) {
    SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}
#endif
