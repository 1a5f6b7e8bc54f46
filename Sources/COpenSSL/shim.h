#ifndef PVRC_COPENSSL_SHIM_H
#define PVRC_COPENSSL_SHIM_H
// OpenSSL (Debian's libssl-dev): libcrypto's SHA-256 for content digests.
#include <openssl/evp.h>

#endif
