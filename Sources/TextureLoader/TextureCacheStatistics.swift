/// Counters kept by a ``TextureCache``.
public struct TextureCacheStatistics: Hashable, Sendable {
    /// Lookups that found a current (not stale) full texture.
    public var hits = 0
    /// Lookups that found nothing, a stale entry, or only a preview.
    public var misses = 0
    /// Entries removed to respect the cost or count limit.
    public var evictions = 0
    /// Entries dropped because their file changed size or modification time.
    public var invalidations = 0
    /// The largest total cost the cache has held after an insertion and its evictions.
    public var peakCost = 0

    /// Zeroed counters.
    public init() {}
}
