import FileIO

/// The bookkeeping of the loader's texture cache: entries by key, their cost (GPU bytes), least
/// recently used order, pins, staleness and counters.
///
/// A pure value: it never touches GL. Every operation that drops entries returns their handles, and
/// ``TextureLoader`` deletes those on the GL thread. Eviction picks the least recently used entry that
/// is not pinned, so textures on screen (pinned) are never evicted; while pinned entries alone exceed
/// a limit the cache stays over it until they are unpinned.
package struct TextureCache<Handle: Sendable>: Sendable {
    private struct Entry: Sendable {
        var texture: LoadedTexture<Handle>
        var stamp: FileStamp
        var lastUse: UInt64
    }

    /// The most GPU bytes the cache holds (pinned textures may exceed it until unpinned).
    package var totalCostLimit: Int
    /// The most textures the cache holds (pinned textures may exceed it until unpinned).
    package var countLimit: Int
    /// The GPU bytes of all cached textures.
    package private(set) var totalCost = 0
    /// Hit, miss, eviction and invalidation counters and the peak cost.
    package private(set) var statistics = TextureCacheStatistics()

    private var entries: [TextureKey: Entry] = [:]
    private var pins: [TextureKey: Int] = [:]
    private var useClock: UInt64 = 0

    /// Creates an empty cache with the given limits.
    package init(totalCostLimit: Int, countLimit: Int) {
        self.totalCostLimit = totalCostLimit
        self.countLimit = countLimit
    }

    /// The number of cached textures.
    package var count: Int { entries.count }

    /// True when `key` is pinned (on screen).
    package func isPinned(_ key: TextureKey) -> Bool { pins[key, default: 0] > 0 }

    /// Looks `key` up for a load: a texture whose file stamp differs from `stamp` is stale and is
    /// dropped (its handle is returned in `released`). Returns the cached texture — full or preview —
    /// and counts a hit only for a full one.
    package mutating func lookup(_ key: TextureKey, stamp: FileStamp) -> (
        texture: LoadedTexture<Handle>?, released: [Handle]
    ) {
        guard let entry = entries[key] else {
            statistics.misses += 1
            return (nil, [])
        }
        guard entry.stamp == stamp else {
            statistics.misses += 1
            statistics.invalidations += 1
            return (nil, removeEntry(key).map { [$0] } ?? [])
        }
        touch(key)
        if entry.texture.isPreview {
            statistics.misses += 1
        } else {
            statistics.hits += 1
        }
        return (entry.texture, [])
    }

    /// The texture cached for `key`, without checking the file or counting a hit; marks it used.
    /// This is the per-frame lookup of a renderer.
    package mutating func texture(for key: TextureKey) -> LoadedTexture<Handle>? {
        guard let entry = entries[key] else { return nil }
        touch(key)
        return entry.texture
    }

    /// True when a texture of `cost` bytes can be added within the limits, evicting only unpinned
    /// entries other than `key` (a prefetch must not push the cache over its limits).
    package func canAdmit(cost: Int, for key: TextureKey) -> Bool {
        var keptCost = 0
        var keptCount = 0
        for (k, entry) in entries where k != key && isPinned(k) {
            keptCost += entry.texture.gpuBytes
            keptCount += 1
        }
        return keptCost + cost <= totalCostLimit && keptCount + 1 <= countLimit
    }

    /// Adds (or replaces) the texture for its key, then evicts least recently used unpinned entries
    /// until the limits hold. Returns the handles of the replaced and evicted textures.
    package mutating func insert(_ texture: LoadedTexture<Handle>, stamp: FileStamp) -> [Handle] {
        var released: [Handle] = []
        if let old = removeEntry(texture.key) {
            released.append(old)
        }
        useClock += 1
        entries[texture.key] = Entry(texture: texture, stamp: stamp, lastUse: useClock)
        totalCost += texture.gpuBytes
        released += evict(sparing: texture.key)
        statistics.peakCost = max(statistics.peakCost, totalCost)
        return released
    }

    /// Removes the texture cached for `key`; returns its handle.
    package mutating func remove(_ key: TextureKey) -> Handle? {
        removeEntry(key)
    }

    /// Removes every texture of the file at canonical `path`, whatever its options; returns the handles.
    package mutating func removeAll(path: String) -> [Handle] {
        entries.keys.filter { $0.path == path }.compactMap { removeEntry($0) }
    }

    /// Removes every texture; returns the handles.
    package mutating func removeAll() -> [Handle] {
        let handles = entries.values.map(\.texture.handle)
        entries.removeAll()
        totalCost = 0
        return handles
    }

    /// Pins `key` (counted: each pin needs one unpin). A pinned texture is never evicted; the pin may
    /// be placed before the texture is loaded.
    package mutating func pin(_ key: TextureKey) {
        pins[key, default: 0] += 1
    }

    /// Removes one pin of `key`, then evicts if the cache is over its limits; returns the handles of
    /// evicted textures.
    package mutating func unpin(_ key: TextureKey) -> [Handle] {
        guard let n = pins[key] else { return [] }
        pins[key] = n > 1 ? n - 1 : nil
        return evict(sparing: nil)
    }

    private mutating func touch(_ key: TextureKey) {
        useClock += 1
        entries[key]?.lastUse = useClock
    }

    private mutating func removeEntry(_ key: TextureKey) -> Handle? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        totalCost -= entry.texture.gpuBytes
        return entry.texture.handle
    }

    /// Evicts least recently used unpinned entries (never `spared`) while a limit is exceeded. A linear
    /// scan per eviction: caches hold hundreds of textures, not millions.
    private mutating func evict(sparing spared: TextureKey?) -> [Handle] {
        var released: [Handle] = []
        while totalCost > totalCostLimit || entries.count > countLimit {
            var victim: (key: TextureKey, lastUse: UInt64)?
            for (key, entry) in entries where key != spared && !isPinned(key) {
                if entry.lastUse < victim?.lastUse ?? .max {
                    victim = (key, entry.lastUse)
                }
            }
            guard let victim, let handle = removeEntry(victim.key) else { break }
            statistics.evictions += 1
            released.append(handle)
        }
        return released
    }
}
