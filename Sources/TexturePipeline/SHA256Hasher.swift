import COpenSSL

/// SHA-256 over data that arrives in parts, computed by libcrypto (OpenSSL's EVP interface): the
/// digests of input files, cache keys and cache downloads. A class, because it owns an OpenSSL
/// context that is freed with it; each hasher is used by one thread at a time.
final class SHA256Hasher {
    private let context: OpaquePointer?

    /// A hasher that has seen no bytes.
    init() {
        context = EVP_MD_CTX_new()
        // Fails only when OpenSSL cannot allocate or has no SHA-256 (a broken installation, not input).
        precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "OpenSSL has no SHA-256")
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds `bytes`.
    ///
    /// - Parameter bytes: The next bytes of the data.
    func update(_ bytes: ArraySlice<UInt8>) {
        let updated = bytes.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        precondition(updated == 1, "OpenSSL's SHA-256 failed")
    }

    /// The 32 bytes of the digest of everything added.
    ///
    /// - Returns: The digest.
    func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let finished = EVP_DigestFinal_ex(context, &digest, &length)
        precondition(finished == 1 && length == 32, "OpenSSL's SHA-256 failed")
        return digest
    }
}
