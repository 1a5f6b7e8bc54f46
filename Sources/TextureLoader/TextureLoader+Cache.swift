import Foundation

// The cache as a renderer uses it: pins for what is on screen, the textures of a frame, removals
// and counters.
extension TextureLoader {
    /// Pins `key`: its texture (present or future) is not evicted until ``unpin(_:)``. Pin what is on
    /// screen.
    public func pin(_ key: TextureKey) {
        cache.pin(key)
    }

    /// Removes one pin of `key`; evicts if the cache is over its limits.
    public func unpin(_ key: TextureKey) {
        release(cache.unpin(key))
    }

    /// Runs `body` on the GL thread with the uploader and the textures cached for `keys` (full or
    /// preview; `nil` for those not loaded), marking them used. Draw a frame here: no delete or swap
    /// can happen while it runs.
    public func withTextures<T: Sendable>(
        _ keys: [TextureKey], _ body: @Sendable (Uploader, [Texture?]) throws -> T
    ) throws -> T {
        let textures = keys.map { cache.texture(for: $0) }
        return try glThread.withResource { try body($0, textures) }
    }

    /// Removes every cached texture of the file at `url` (all options) and deletes it on the GL thread.
    public func remove(_ url: URL) {
        release(cache.removeAll(path: TextureKey.canonicalPath(of: url)))
    }

    /// Removes every cached texture loaded from bytes named `name` (``load(_:named:options:)``, all
    /// options) and deletes it on the GL thread.
    public func remove(named name: String) {
        release(cache.removeAll(path: TextureKey(name: name).path))
    }

    /// Empties the cache, deleting every texture on the GL thread.
    public func removeAll() {
        release(cache.removeAll())
    }

    /// Hit, miss, eviction and invalidation counters and the peak cost.
    public var statistics: TextureCacheStatistics { cache.statistics }
    /// The GPU bytes of all cached textures.
    public var totalCost: Int { cache.totalCost }
    /// The number of cached textures.
    public var count: Int { cache.count }
}
