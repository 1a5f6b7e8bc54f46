import Foundation
import TextureManifest

/// A cache behind an HTTP server that speaks the Bazel remote-cache HTTP protocol: `GET` answers 200
/// with the bytes or 404, `PUT` stores them, under `BASE/cas/<SHA-256 of the bytes>` for texture
/// files and `BASE/ac/<key>` for their `CachePointer`s. nginx with WebDAV `PUT` serves it;
/// bazel-remote should too when started with `--disable_http_ac_validation`, since the pointers are
/// not Bazel `ActionResult` messages (not tried).
///
/// Only `http://` is spoken (put a TLS proxy in front for https). The server is not trusted: every
/// request must end within a deadline, a pointer may have at most
/// `CachePointer.maximumSize` (256) bytes, a texture file is streamed to a temporary file and hashed as
/// it arrives and cut off at the first byte over the size its pointer promised (at most
/// ``maximumFileSize``), redirects are not followed, and credentials in the URL never appear in
/// ``location`` or in errors.
public struct HTTPTextureCache: BuildCache {
    /// The base URL.
    public let base: URL
    /// Seconds a pointer request (`ac/`) may take in all, and a texture file request before its
    /// transfer allowance.
    public let timeout: TimeInterval
    /// The largest texture file accepted from the cache.
    public let maximumFileSize: Int

    /// Bytes per second a texture file transfer is granted on top of ``timeout``.
    static let transferRate = 1 << 20

    /// A cache at `base`.
    ///
    /// - Parameters:
    ///   - base: The base URL (`http://host:port/prefix`).
    ///   - timeout: Seconds a pointer request may take in all; a texture file request gets one more
    ///     second per MiB.
    ///   - maximumFileSize: The largest texture file accepted.
    public init(base: URL, timeout: TimeInterval = 2, maximumFileSize: Int = 1 << 30) {
        self.base = base
        self.timeout = timeout
        self.maximumFileSize = maximumFileSize
    }

    /// The base URL without credentials.
    public var location: String { CacheURLText.redacted(base.absoluteString) }

    /// `GET BASE/ac/<key>`, then `GET BASE/cas/<digest>`, and checks the file.
    ///
    /// - Parameter key: The cache key.
    /// - Returns: The texture file, or `nil` when either answer is 404.
    /// - Throws: `PipelineError` for any other answer, a transport error, a missed deadline, an answer
    ///   over its size limit, or a file that does not match its pointer.
    public func load(_ key: ContentDigest) async throws -> [UInt8]? {
        let pointerURL = entry("ac", key.hex)
        let answer = try await HTTPTransfer.run(
            "GET", pointerURL, deadline: timeout, limit: CachePointer.maximumSize, sink: .memory, name: name(pointerURL)
        )
        guard try accept(answer, from: pointerURL, method: "GET") else { return nil }
        guard let pointer = CachePointer(parsing: answer.body) else {
            throw PipelineError(file: name(pointerURL), reason: "not a cache pointer")
        }
        let fileURL = entry("cas", pointer.digest.hex)
        guard pointer.size <= maximumFileSize else {
            throw PipelineError(
                file: name(pointerURL),
                reason: "points to a file of \(pointer.size) bytes, over the limit of \(maximumFileSize)")
        }
        let temporary = try TemporaryDownload()
        defer { temporary.remove() }
        let file = try await HTTPTransfer.run(
            "GET", fileURL, deadline: deadline(for: pointer.size), limit: pointer.size,
            sink: .file(temporary.descriptor),
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
    /// - Throws: `PipelineError` for an answer other than 2xx (a redirect included), a transport error
    ///   or a missed deadline.
    public func store(_ bytes: [UInt8], for key: ContentDigest) async throws {
        let pointer = CachePointer(to: bytes)
        try await put(bytes, to: entry("cas", pointer.digest.hex), deadline: deadline(for: bytes.count))
        try await put(pointer.bytes, to: entry("ac", key.hex), deadline: timeout)
    }

    private func entry(_ kind: String, _ name: String) -> URL {
        base.appendingPathComponent(kind).appendingPathComponent(name)
    }

    private func name(_ url: URL) -> String {
        CacheURLText.redacted(url.absoluteString)
    }

    private func deadline(for size: Int) -> TimeInterval {
        timeout + Double(size) / Double(Self.transferRate)
    }

    /// `true` for 200, `false` for 404; throws for anything else.
    private func accept(_ answer: HTTPTransfer.Answer, from url: URL, method: String) throws -> Bool {
        switch answer.status {
        case 200: return true
        case 404: return false
        default: throw PipelineError(file: name(url), reason: "\(method) answered HTTP \(answer.status)")
        }
    }

    private func put(_ bytes: [UInt8], to url: URL, deadline: TimeInterval) async throws {
        let answer = try await HTTPTransfer.run(
            "PUT", url, upload: bytes, deadline: deadline, limit: 0, sink: .memory, name: name(url))
        guard (200..<300).contains(answer.status) else {
            throw PipelineError(file: name(url), reason: "PUT answered HTTP \(answer.status)")
        }
    }
}
