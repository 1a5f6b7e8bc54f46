import Foundation
import TextureManifest

/// A store of encoded texture files, shared between builds, machines and shards, keyed by
/// `TextureSettings.cacheKey(input:)`. The layout is the Bazel remote cache's: the file under
/// `cas/<SHA-256 of the file>`, and a `CachePointer` to it under `ac/<key>`. A file whose size or
/// SHA-256 does not match its pointer, or that is larger than the build can use, is refused.
///
/// Errors thrown here never fail a build: the build reports them as warnings and encodes instead.
/// An entry that loads but is not a valid texture of its source counts as a failure as well, and the
/// build removes it (``remove(_:)``).
public protocol BuildCache: Sendable {
    /// Where the cache lives, for messages.
    var location: String { get }

    /// The texture file stored under `key`, or `nil` when there is none (or its pointer names a
    /// missing file).
    ///
    /// - Parameters:
    ///   - key: The cache key.
    ///   - limit: The most bytes the file may have (the build passes the most a valid texture of
    ///     the source can have): a pointer that promises more is refused before the file is fetched.
    /// - Returns: The stored file's bytes, checked against the pointer's size and SHA-256.
    /// - Throws: When the cache cannot be asked, the pointer promises more than `limit`, or the file
    ///   does not match its pointer.
    func load(_ key: ContentDigest, limit: Int) async throws -> [UInt8]?

    /// Stores `bytes` under `key`: the file first, then the pointer, so a reader that finds the
    /// pointer finds the file; concurrent stores of the same key leave one complete entry.
    ///
    /// - Parameters:
    ///   - bytes: A complete texture file.
    ///   - key: The cache key.
    /// - Throws: When the entry cannot be stored.
    func store(_ bytes: [UInt8], for key: ContentDigest) async throws

    /// Removes the entry under `key` (its pointer; the file may be shared with other keys), so that
    /// no later build loads it again. Removing an entry that is not there succeeds.
    ///
    /// - Parameter key: The cache key.
    /// - Throws: When the entry cannot be removed.
    func remove(_ key: ContentDigest) async throws
}

/// Opens the cache a `--cache` argument names.
package enum BuildCacheLocation {
    /// An `http://` or `https://` URL gives an ``HTTPTextureCache``, anything else a
    /// ``DirectoryTextureCache`` at that path.
    ///
    /// - Parameters:
    ///   - argument: The URL or path.
    ///   - certificateAuthorities: For `https://`: a PEM file of the CA certificates to trust
    ///     instead of the system's (`--cache-ca-file`).
    ///   - allowsCredentialsOverHTTP: Send `user:password@` over plain `http://`
    ///     (`--cache-allow-http-credentials`).
    /// - Returns: The cache.
    /// - Throws: `PipelineError` for a malformed URL, credentials over `http://` not allowed, a CA
    ///   file that cannot be loaded, or a CA file for a cache that is not `https://`.
    package static func open(
        _ argument: String, certificateAuthorities: URL? = nil, allowsCredentialsOverHTTP: Bool = false
    ) throws -> any BuildCache {
        let lowered = argument.lowercased()
        let isHTTPS = lowered.hasPrefix("https://")
        if let certificateAuthorities, !isHTTPS {
            throw PipelineError(
                file: certificateAuthorities.relativePath, reason: "a CA file is only used by https:// caches")
        }
        if isHTTPS || lowered.hasPrefix("http://") {
            guard let url = URL(string: argument), let host = url.host, !host.isEmpty else {
                throw PipelineError(file: CacheURLText.redacted(argument), reason: "not a valid cache URL")
            }
            return try HTTPTextureCache(
                base: url, certificateAuthorities: certificateAuthorities,
                allowsCredentialsOverHTTP: allowsCredentialsOverHTTP)
        }
        return DirectoryTextureCache(folder: URL(fileURLWithPath: argument))
    }
}
