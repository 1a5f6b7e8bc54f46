/// Limits and priorities of a ``TextureLoader``.
public struct TextureLoaderConfiguration: Sendable {
    /// The most GPU bytes the cache holds (see `TextureCache`).
    public var totalCostLimit: Int
    /// The most textures the cache holds.
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

    /// Creates a configuration; the defaults suit a mobile-class GPU budget.
    public init(
        totalCostLimit: Int = 128 << 20,
        countLimit: Int = 512,
        maxConcurrentReads: Int = 4,
        maxConcurrentPrefetches: Int = 2,
        prefetchPriority: TaskPriority = .low,
        uploadBudgetPerFrame: Duration? = nil,
        frameInterval: Duration = .microseconds(16_667)
    ) {
        self.totalCostLimit = totalCostLimit
        self.countLimit = countLimit
        self.maxConcurrentReads = max(maxConcurrentReads, 1)
        self.maxConcurrentPrefetches = max(min(maxConcurrentPrefetches, self.maxConcurrentReads), 1)
        self.prefetchPriority = prefetchPriority
        self.uploadBudgetPerFrame = uploadBudgetPerFrame
        self.frameInterval = frameInterval
    }
}
