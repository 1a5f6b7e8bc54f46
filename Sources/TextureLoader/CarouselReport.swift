/// What one strategy's scroll measured.
public struct CarouselReport: Sendable {
    /// The strategy measured.
    public let strategy: CarouselStrategy
    /// Render-thread time of every frame, in order: the frame's own work plus any work the thread did
    /// since the previous frame (uploads, cache bookkeeping).
    public let frameTimes: [Duration]
    /// The budget frames were paced to.
    public let frameBudget: Duration
    /// Frames in which at least one visible slot had no image (not even a preview).
    public let framesMissingImage: Int
    /// Frames that drew a preview in at least one slot.
    public let framesShowingPreview: Int
    /// The most GPU memory held by the strategy's textures at once, in bytes.
    public let peakGPUBytes: Int

    /// Creates a report.
    public init(strategy: CarouselStrategy, frameTimes: [Duration], frameBudget: Duration,
                framesMissingImage: Int, framesShowingPreview: Int, peakGPUBytes: Int) {
        self.strategy = strategy
        self.frameTimes = frameTimes
        self.frameBudget = frameBudget
        self.framesMissingImage = framesMissingImage
        self.framesShowingPreview = framesShowingPreview
        self.peakGPUBytes = peakGPUBytes
    }

    /// Frames whose render-thread time exceeded the budget.
    public var framesOverBudget: Int { frameTimes.filter { $0 > frameBudget }.count }

    /// The nearest-rank percentile `p` (0...100) of the frame times.
    public func percentile(_ p: Double) -> Duration {
        let sorted = frameTimes.sorted()
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
