/// Counters kept by a `TextureCache`.
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

extension TextureCacheStatistics: CustomStringConvertible {
    /// For example `12 hits, 3 misses, 1 eviction, 0 invalidations, peak 4194304 bytes`.
    public var description: String {
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        return [
            counted(hits, "hit", "hits"), counted(misses, "miss", "misses"),
            counted(evictions, "eviction", "evictions"), counted(invalidations, "invalidation", "invalidations"),
            "peak \(peakCost) bytes",
        ].joined(separator: ", ")
    }
}
