import Foundation
import TextureManifest

/// A cache behind an HTTP server that speaks the Bazel remote-cache HTTP protocol: `GET` answers 200
/// with the bytes or 404, `PUT` stores them, under `BASE/cas/<SHA-256 of the bytes>` for texture
/// files and `BASE/ac/<key>` for their `CachePointer`s; `DELETE BASE/ac/<key>` purges an entry
/// that is not a valid texture. nginx with WebDAV `PUT` (and `DELETE`) serves it; bazel-remote
/// should too when started with `--disable_http_ac_validation`, since the pointers are not Bazel
/// `ActionResult` messages (not tried).
///
/// `http://` and `https://` are spoken. Over `https://` the server's certificate must verify
/// against the system's trusted certificates, or only those of `certificateAuthorities` (a private
/// cache's own CA), and name the URL's host; credentials (`https://user:token@host/…`) are sent as
/// HTTP basic authentication. Over plain `http://` credentials would cross the network readable,
/// so a URL with them is refused unless `allowsCredentialsOverHTTP`.
///
/// The server is not trusted: a whole load (pointer and file) must end within one deadline that
/// grows only with the largest file the build accepts, never with a size the server names; a
/// pointer may have at most `CachePointer.maximumSize` (256) bytes and must promise no more than
/// the caller's limit (the most bytes a valid texture of the source can have); a texture file is
/// streamed to a temporary file and hashed as it arrives and cut off at the first byte over the
/// size its pointer promised; an answer with two `Content-Length`s is refused; redirects are not
/// followed, and credentials in the URL never appear in ``location`` or in errors.
public struct HTTPTextureCache: BuildCache {
    /// The base URL.
    package let base: URL
    /// Seconds a whole load may take, on top of one second per MiB of the largest file it may
    /// fetch; a store, on top of one second per MiB it sends.
    package let timeout: TimeInterval
    /// The largest texture file accepted from the cache, whatever the texture.
    package let maximumFileSize: Int
    /// The TLS settings, for `https://`.
    private let tls: TLSContext?

    /// Bytes per second a texture file transfer is granted on top of ``timeout``.
    static let transferRate = 1 << 20

    /// A cache at `base`.
    ///
    /// - Parameters:
    ///   - base: The base URL (`http://host:port/prefix` or `https://host:port/prefix`).
    ///   - timeout: Seconds a whole load may take, plus one second per MiB of the largest file it
    ///     may fetch.
    ///   - maximumFileSize: The largest texture file accepted.
    ///   - certificateAuthorities: For `https://`: a PEM file of the CA certificates to trust instead
    ///     of the system's.
    ///   - allowsCredentialsOverHTTP: Send `user:password@` of an `http://` URL anyway, readable by
    ///     anyone on the network.
    /// - Throws: `PipelineError` naming the URL (without credentials) for a scheme other than
    ///   `http` and `https`, credentials over `http://` not allowed, or TLS settings that cannot be
    ///   loaded (a missing or malformed CA file).
    public init(
        base: URL, timeout: TimeInterval = 2, maximumFileSize: Int = 1 << 30, certificateAuthorities: URL? = nil,
        allowsCredentialsOverHTTP: Bool = false
    ) throws {
        self.base = base
        self.timeout = timeout
        self.maximumFileSize = maximumFileSize
        let location = CacheURLText.redacted(base.absoluteString)
        switch base.scheme?.lowercased() {
        case "https":
            tls = try TLSContext(certificateAuthorities: certificateAuthorities, name: location)
        case "http":
            if base.user != nil && !allowsCredentialsOverHTTP {
                throw PipelineError(
                    file: location,
                    reason:
                        "credentials would be sent unencrypted over http://; use https://, or allow it with --cache-allow-http-credentials"
                )
            }
            tls = nil
        default:
            throw PipelineError(file: location, reason: "not an http:// or https:// URL")
        }
    }

    /// The base URL without credentials.
    public var location: String { CacheURLText.redacted(base.absoluteString) }

    /// `GET BASE/ac/<key>`, then `GET BASE/cas/<digest>`, and checks the file against its pointer;
    /// both within one deadline of the `timeout` given to the initialiser plus a second per MiB of
    /// `limit`.
    ///
    /// - Parameters:
    ///   - key: The cache key.
    ///   - limit: The most bytes the file may have (also capped by the initialiser's `maximumFileSize`).
    /// - Returns: The texture file, or `nil` when either answer is 404.
    /// - Throws: `PipelineError` for any other answer, a transport or TLS error, a missed deadline,
    ///   a pointer to a file over the limit, an answer over its size limit, or a file that does not
    ///   match its pointer.
    public func load(_ key: ContentDigest, limit: Int) async throws -> [UInt8]? {
        let limit = min(limit, maximumFileSize)
        let deadline = HTTPTransfer.Deadline(seconds: timeout + Double(limit) / Double(Self.transferRate))
        let pointerURL = entry("ac", key.hex)
        let answer = try await HTTPTransfer.run(
            "GET", pointerURL, deadline: deadline, limit: CachePointer.maximumSize, sink: .memory, tls: tls,
            name: name(pointerURL))
        guard try accept(answer, from: pointerURL, method: "GET") else { return nil }
        guard let pointer = CachePointer(parsing: answer.body) else {
            throw PipelineError(file: name(pointerURL), reason: "not a cache pointer")
        }
        let fileURL = entry("cas", pointer.digest.hex)
        guard pointer.size <= limit else {
            throw PipelineError(
                file: name(pointerURL),
                reason: "points to a file of \(pointer.size) bytes, over the limit of \(limit) for this texture")
        }
        let temporary = try TemporaryDownload()
        defer { temporary.remove() }
        let file = try await HTTPTransfer.run(
            "GET", fileURL, deadline: deadline, limit: pointer.size, sink: .file(temporary.descriptor), tls: tls,
            name: name(fileURL))
        guard try accept(file, from: fileURL, method: "GET") else { return nil }
        guard file.count == pointer.size, file.digest == pointer.digest else {
            throw PipelineError(file: name(fileURL), reason: "does not match its SHA-256")
        }
        let bytes = try temporary.contents(expectedSize: pointer.size)
        guard pointer.matches(bytes) else {
            throw PipelineError(file: name(fileURL), reason: "changed on disk while it was checked")
        }
        return bytes
    }

    /// `PUT BASE/cas/<digest>` with the file, then `PUT BASE/ac/<key>` with its pointer.
    ///
    /// - Parameters:
    ///   - bytes: The texture file.
    ///   - key: The cache key.
    /// - Throws: `PipelineError` for an answer other than 2xx (a redirect included), a transport or
    ///   TLS error or a missed deadline.
    public func store(_ bytes: [UInt8], for key: ContentDigest) async throws {
        let pointer = CachePointer(to: bytes)
        try await send("PUT", bytes, to: entry("cas", pointer.digest.hex))
        try await send("PUT", pointer.bytes, to: entry("ac", key.hex))
    }

    /// `DELETE BASE/ac/<key>`.
    ///
    /// - Parameter key: The cache key.
    /// - Throws: `PipelineError` for an answer other than 2xx or 404, a transport or TLS error or a
    ///   missed deadline.
    public func remove(_ key: ContentDigest) async throws {
        try await send("DELETE", nil, to: entry("ac", key.hex))
    }

    private func entry(_ kind: String, _ name: String) -> URL {
        base.appendingPathComponent(kind).appendingPathComponent(name)
    }

    private func name(_ url: URL) -> String {
        CacheURLText.redacted(url.absoluteString)
    }

    /// `true` for 200, `false` for 404; throws for anything else.
    private func accept(_ answer: HTTPTransfer.Answer, from url: URL, method: String) throws -> Bool {
        switch answer.status {
        case 200: return true
        case 404: return false
        default: throw PipelineError(file: name(url), reason: "\(method) answered HTTP \(answer.status)")
        }
    }

    /// A `PUT` of `bytes` or a `DELETE` (a 404 answer to it is fine: nothing to delete).
    private func send(_ method: String, _ bytes: [UInt8]?, to url: URL) async throws {
        let deadline = HTTPTransfer.Deadline(
            seconds: timeout + Double(bytes?.count ?? 0) / Double(Self.transferRate))
        let answer = try await HTTPTransfer.run(
            method, url, upload: bytes, deadline: deadline, limit: 0, sink: .memory, tls: tls, name: name(url))
        guard (200..<300).contains(answer.status) || (method == "DELETE" && answer.status == 404) else {
            throw PipelineError(file: name(url), reason: "\(method) answered HTTP \(answer.status)")
        }
    }
}
