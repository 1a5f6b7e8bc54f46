import Foundation
import TextureManifest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cache behind an HTTP server that speaks the Bazel remote-cache HTTP protocol: `GET BASE/cas/<key>`
/// answers 200 with the bytes or 404, `PUT BASE/cas/<key>` stores them (bazel-remote, or nginx with
/// WebDAV `PUT` enabled).
public struct HTTPTextureCache: TextureCache {
    /// The base URL; entries are at `BASE/cas/<key>`.
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

    /// `GET BASE/cas/<key>`.
    ///
    /// - Parameter key: The cache key.
    /// - Returns: The body on 200, `nil` on 404.
    /// - Throws: ``PipelineError`` for any other answer or a transport error.
    public func load(_ key: ContentDigest) async throws -> [UInt8]? {
        var request = URLRequest(url: entry(key), timeoutInterval: timeout)
        request.httpMethod = "GET"
        let (data, response) = try await send { try await URLSession.shared.data(for: request) }
        switch response.statusCode {
        case 200: return Array(data)
        case 404: return nil
        default: throw PipelineError(file: entry(key).absoluteString, reason: "GET answered HTTP \(response.statusCode)")
        }
    }

    /// `PUT BASE/cas/<key>` with the bytes.
    ///
    /// - Parameters:
    ///   - bytes: The texture file.
    ///   - key: The cache key.
    /// - Throws: ``PipelineError`` for an answer other than 2xx or a transport error.
    public func store(_ bytes: [UInt8], for key: ContentDigest) async throws {
        var request = URLRequest(url: entry(key), timeoutInterval: timeout)
        request.httpMethod = "PUT"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await send { try await URLSession.shared.upload(for: request, from: Data(bytes)) }
        guard (200..<300).contains(response.statusCode) else {
            throw PipelineError(file: entry(key).absoluteString, reason: "PUT answered HTTP \(response.statusCode)")
        }
    }

    private func entry(_ key: ContentDigest) -> URL {
        base.appendingPathComponent("cas").appendingPathComponent(key.hex)
    }

    private func send(_ request: () async throws -> (Data, URLResponse)) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await request()
        } catch {
            throw PipelineError(file: base.absoluteString, reason: "cache request failed: \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw PipelineError(file: base.absoluteString, reason: "not an HTTP answer")
        }
        return (data, http)
    }
}
