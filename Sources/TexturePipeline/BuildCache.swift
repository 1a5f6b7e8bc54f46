import Foundation
import TextureManifest

/// A store of encoded texture files, shared between builds, machines and shards, keyed by
/// `TextureSettings.cacheKey(input:)`. The layout is the Bazel remote cache's: the file under
/// `cas/<SHA-256 of the file>`, and a `CachePointer` to it under `ac/<key>`. A file whose size or
/// SHA-256 does not match its pointer is refused.
///
/// Errors thrown here never fail a build: the build reports them as warnings and encodes instead.
public protocol BuildCache: Sendable {
    /// Where the cache lives, for messages.
    var location: String { get }

    /// The texture file stored under `key`, or `nil` when there is none (or its pointer names a
    /// missing file).
    ///
    /// - Parameter key: The cache key.
    /// - Returns: The stored file's bytes, checked against the pointer's size and SHA-256.
    /// - Throws: When the cache cannot be asked, or the file does not match its pointer.
    func load(_ key: ContentDigest) async throws -> [UInt8]?

    /// Stores `bytes` under `key`: the file first, then the pointer, so a reader that finds the
    /// pointer finds the file; concurrent stores of the same key leave one complete entry.
    ///
    /// - Parameters:
    ///   - bytes: A complete texture file.
    ///   - key: The cache key.
    /// - Throws: When the entry cannot be stored.
    func store(_ bytes: [UInt8], for key: ContentDigest) async throws
}

/// Opens the cache a `--cache` argument names.
package enum BuildCacheLocation {
    /// An `http://` or `https://` URL gives an ``HTTPTextureCache``, anything else a
    /// ``DirectoryTextureCache`` at that path.
    ///
    /// - Parameter argument: The URL or path.
    /// - Returns: The cache.
    /// - Throws: `PipelineError` for a malformed URL.
    package static func open(_ argument: String) throws -> any BuildCache {
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw PipelineError(file: argument, reason: "not a valid cache URL")
            }
            return HTTPTextureCache(base: url)
        }
        return DirectoryTextureCache(folder: URL(fileURLWithPath: argument))
    }
}
