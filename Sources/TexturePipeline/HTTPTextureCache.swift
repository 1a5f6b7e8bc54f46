import Foundation
import TextureManifest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cache behind an HTTP server that speaks the Bazel remote-cache HTTP protocol: `GET` answers 200
/// with the bytes or 404, `PUT` stores them, under `BASE/cas/<SHA-256 of the bytes>` for texture
/// files and `BASE/ac/<key>` for their `CachePointer`s. nginx with WebDAV `PUT` serves it;
/// bazel-remote should too when started with `--disable_http_ac_validation`, since the pointers are
/// not Bazel `ActionResult` messages (not tried).
public struct HTTPTextureCache: BuildCache {
    /// The base URL.
    public let base: URL
    /// Seconds before a request is given up.
    public let timeout: TimeInterval

    /// A cache at `base`.
    ///
    /// - Parameters:
    ///   - base: The base URL (`http://host:port/prefix`).
    ///   - timeout: Seconds before a request is given up.
    public init(base: URL, timeout: TimeInterval = 30) {
        self.base = base
        self.timeout = timeout
    }

    /// The base URL.
    public var location: String { base.absoluteString }

    /// `GET BASE/ac/<key>`, then `GET BASE/cas/<digest>`, and checks the file.
    ///
    /// - Parameter key: The cache key.
    /// - Returns: The texture file, or `nil` when either answer is 404.
    /// - Throws: `PipelineError` for any other answer, a transport error, or a file that does not
    ///   match its pointer.
    public func load(_ key: ContentDigest) async throws -> [UInt8]? {
        guard let stored = try await get(entry("ac", key.hex)) else { return nil }
        guard let pointer = CachePointer(parsing: stored) else {
            throw PipelineError(file: entry("ac", key.hex).absoluteString, reason: "not a cache pointer")
        }
        guard let file = try await get(entry("cas", pointer.digest.hex)) else { return nil }
        guard pointer.matches(file) else {
            throw PipelineError(
                file: entry("cas", pointer.digest.hex).absoluteString, reason: "does not match its SHA-256")
        }
        return file
    }

    /// `PUT BASE/cas/<digest>` with the file, then `PUT BASE/ac/<key>` with its pointer.
    ///
    /// - Parameters:
    ///   - bytes: The texture file.
    ///   - key: The cache key.
    /// - Throws: `PipelineError` for an answer other than 2xx or a transport error.
    public func store(_ bytes: [UInt8], for key: ContentDigest) async throws {
        let pointer = CachePointer(to: bytes)
        try await put(bytes, to: entry("cas", pointer.digest.hex))
        try await put(pointer.bytes, to: entry("ac", key.hex))
    }

    private func entry(_ kind: String, _ name: String) -> URL {
        base.appendingPathComponent(kind).appendingPathComponent(name)
    }

    private func get(_ url: URL) async throws -> [UInt8]? {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let (data, response) = try await send { try await URLSession.shared.data(for: request) }
        switch response.statusCode {
        case 200: return Array(data)
        case 404: return nil
        default: throw PipelineError(file: url.absoluteString, reason: "GET answered HTTP \(response.statusCode)")
        }
    }

    private func put(_ bytes: [UInt8], to url: URL) async throws {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "PUT"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await send { try await URLSession.shared.upload(for: request, from: Data(bytes)) }
        guard (200..<300).contains(response.statusCode) else {
            throw PipelineError(file: url.absoluteString, reason: "PUT answered HTTP \(response.statusCode)")
        }
    }

    private func send(_ request: () async throws -> (Data, URLResponse)) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await request()
        } catch {
            throw PipelineError(
                file: base.absoluteString, reason: "cache request failed: \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw PipelineError(file: base.absoluteString, reason: "not an HTTP answer")
        }
        return (data, http)
    }
}
