import COpenSSL
import Foundation
import TextureManifest

/// The TLS settings of an `https://` cache, as an OpenSSL client context shared by its connections:
/// TLS 1.2 or later, the server's certificate verified against the system's trusted certificates
/// (or only those of a CA file, for a private cache) and its host name (or IP address) checked by
/// each connection (``HTTPTransfer``). A class, because it owns the OpenSSL context, which is freed
/// with it; OpenSSL allows one context to start connections on several threads once it is set up.
final class TLSContext: @unchecked Sendable {
    /// The `SSL_CTX`.
    let pointer: OpaquePointer

    /// A client context.
    ///
    /// - Parameters:
    ///   - certificateAuthorities: A PEM file of the certificates to trust instead of the system's.
    ///   - name: The cache as messages name it.
    /// - Throws: `PipelineError` when OpenSSL cannot make a context or the CA file cannot be loaded.
    init(certificateAuthorities: URL?, name: String) throws {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw PipelineError(file: name, reason: "cannot set up TLS: \(Self.openSSLError())")
        }
        pointer = context
        guard pvrc_ssl_ctx_configure(context) == 1 else {
            throw PipelineError(file: name, reason: "cannot set up TLS: \(Self.openSSLError())")
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        if let certificateAuthorities {
            guard SSL_CTX_load_verify_file(context, certificateAuthorities.path) == 1 else {
                throw PipelineError(
                    file: certificateAuthorities.relativePath,
                    reason: "cannot load certificates (a PEM file of CA certificates): \(Self.openSSLError())")
            }
        } else if SSL_CTX_set_default_verify_paths(context) != 1 {
            throw PipelineError(
                file: name, reason: "cannot load the system's trusted certificates: \(Self.openSSLError())")
        }
    }

    deinit {
        SSL_CTX_free(pointer)
    }

    /// The oldest error on this thread's OpenSSL error queue in words (the queue is then cleared),
    /// or `fallback` when there is none.
    ///
    /// - Parameter fallback: The text when OpenSSL recorded nothing.
    /// - Returns: OpenSSL's reason, such as `certificate verify failed`.
    static func openSSLError(_ fallback: String = "unknown error") -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0, let reason = ERR_reason_error_string(code) else { return fallback }
        return String(cString: reason)
    }
}
