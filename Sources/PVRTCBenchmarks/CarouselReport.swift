import PVRTC
import TextureFormats
import TextureLoader

/// What one strategy's scroll measured.
package struct CarouselReport: Sendable {
    /// The strategy measured.
    package let strategy: CarouselStrategy
    /// Render-thread time of every frame, in order: the frame's own work plus any work the thread did
    /// since the previous frame (uploads, cache bookkeeping).
    package let frameTimes: [Duration]
    /// The budget frames were paced to.
    package let frameBudget: Duration
    /// Frames in which at least one visible slot had no image (not even a preview).
    package let framesMissingImage: Int
    /// Frames that drew a preview in at least one slot.
    package let framesShowingPreview: Int
    /// The most GPU memory held by the strategy's textures at once, in bytes.
    package let peakGPUBytes: Int

    /// Creates a report.
    package init(
        strategy: CarouselStrategy, frameTimes: [Duration], frameBudget: Duration,
        framesMissingImage: Int, framesShowingPreview: Int, peakGPUBytes: Int
    ) {
        self.strategy = strategy
        self.frameTimes = frameTimes
        self.frameBudget = frameBudget
        self.framesMissingImage = framesMissingImage
        self.framesShowingPreview = framesShowingPreview
        self.peakGPUBytes = peakGPUBytes
    }

    /// Frames whose render-thread time exceeded the budget.
    package var framesOverBudget: Int { frameTimes.filter { $0 > frameBudget }.count }

    /// The nearest-rank percentile `p` (0...100) of the frame times.
    package func percentile(_ p: Double) -> Duration {
        let sorted = frameTimes.sorted()
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
