import Imaging

/// Limits and priorities of a ``TextureLoader``.
public struct TextureLoaderConfiguration: Sendable {
    /// The most GPU bytes the cache holds, with the one exception of the cost rule:
    ///
    /// Pinned textures are never evicted, and neither is the texture a load has just inserted (the
    /// caller is about to draw it). So after a load the cache's cost may exceed the limit, by exactly
    /// this much: every other unpinned texture has then been evicted, and the cost is the pinned
    /// textures' bytes plus the new texture's (a single texture larger than the limit is the case
    /// with nothing pinned). At any moment
    /// `totalCost <= max(totalCostLimit, pinnedBytes + lastLoadedBytes)`, where `lastLoadedBytes`
    /// is the most recently inserted texture's cost when it is unpinned (else 0), and
    /// ``TextureCacheStatistics/peakCost`` is the largest cost after any load. The excess lasts
    /// until the next load evicts that texture or an unpin evicts down to the limit. Prefetches
    /// never take the exception: a prefetched texture that would not fit beside the pinned ones
    /// is dropped before it uploads.
    ///
    /// Outside the cost: the texture being uploaded (it joins the cache after its upload, so the GPU
    /// briefly holds the cache's cost plus that texture; for a progressive load the preview stays
    /// until the full texture has uploaded and replaces it in the same step), and handles a game
    /// kept after their texture was evicted (it is deleted at eviction; draw through
    /// ``TextureLoader/withTextures(_:_:)`` or pin what is on screen).
    public var totalCostLimit: Int
    /// The most textures the cache holds; the cost rule of ``totalCostLimit`` applies with counts
    /// (pinned textures plus the one just loaded may exceed it).
    public var countLimit: Int
    /// The most files read and validated at once; further loads wait their turn.
    public var maxConcurrentReads: Int
    /// The most prefetch loads running at once (kept below ``maxConcurrentReads`` so that loads
    /// for what is on screen always find a free read slot).
    public var maxConcurrentPrefetches: Int
    /// The priority of prefetch work.
    public var prefetchPriority: TaskPriority
    /// When set, uploads wait once this much upload time was spent in the current
    /// ``frameInterval``, so a burst of finished loads is spread over several frames instead of
    /// stalling one (`nil`: upload as soon as a file is read).
    public var uploadBudgetPerFrame: Duration?
    /// The frame interval the upload budget applies to.
    public var frameInterval: Duration
    /// The most pixels a texture's level 0 may have; larger textures fail with
    /// ``TextureLoaderError/exceedsPixelLimit(file:_:)`` after the read and before any upload.
    public var pixelLimit: PixelLimit

    /// Creates a configuration; the defaults suit a mobile-class GPU budget.
    /// - Parameters:
    ///   - totalCostLimit: The most GPU bytes the cache holds.
    ///   - countLimit: The most textures the cache holds.
    ///   - maxConcurrentReads: The most files read at once (at least 1).
    ///   - maxConcurrentPrefetches: The most prefetch loads at once (at least 1, at most `maxConcurrentReads`).
    ///   - prefetchPriority: The priority of prefetch work.
    ///   - uploadBudgetPerFrame: Upload time per frame before uploads wait, or `nil`.
    ///   - frameInterval: The frame interval the upload budget applies to.
    ///   - pixelLimit: The most pixels a texture's level 0 may have.
    public init(
        totalCostLimit: Int = 128 << 20,
        countLimit: Int = 512,
        maxConcurrentReads: Int = 4,
        maxConcurrentPrefetches: Int = 2,
        prefetchPriority: TaskPriority = .low,
        uploadBudgetPerFrame: Duration? = nil,
        frameInterval: Duration = .microseconds(16_667),
        pixelLimit: PixelLimit = .standard
    ) {
        self.totalCostLimit = totalCostLimit
        self.countLimit = countLimit
        self.maxConcurrentReads = max(maxConcurrentReads, 1)
        self.maxConcurrentPrefetches = max(min(maxConcurrentPrefetches, self.maxConcurrentReads), 1)
        self.prefetchPriority = prefetchPriority
        self.uploadBudgetPerFrame = uploadBudgetPerFrame
        self.frameInterval = frameInterval
        self.pixelLimit = pixelLimit
    }
}
