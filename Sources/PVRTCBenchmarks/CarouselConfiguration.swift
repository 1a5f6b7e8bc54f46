import PVRTC
import TextureFormats
import TextureLoader

/// The scroll the carousel benchmark simulates.
package struct CarouselConfiguration: Sendable {
    /// The frame budget (16.7 ms for 60 Hz); frames are paced to it, and a frame whose render-thread
    /// work takes longer is over budget.
    package var frameBudget: Duration
    /// Images visible at once.
    package var visibleCount: Int
    /// Frames between two scroll steps (one image leaves, the next one enters).
    package var framesPerStep: Int
    /// Upcoming images the loader strategy prefetches.
    package var prefetchAhead: Int
    /// The on-screen size of a slot in pixels; PVR strategies upload only the levels that fit it.
    package var slotSize: Int
    /// The largest preview level of the low-res-first loads.
    package var previewMaxDimension: Int
    /// The loader's cache limit in GPU bytes.
    package var cacheCostLimit: Int
    /// The loader's upload time per frame (see ``TextureLoaderConfiguration/uploadBudgetPerFrame``).
    package var uploadBudgetPerFrame: Duration

    /// Creates a configuration; the defaults scroll at 60 Hz, three 256-pixel images visible, one step
    /// every 8 frames.
    package init(
        frameBudget: Duration = .microseconds(16_667), visibleCount: Int = 3, framesPerStep: Int = 8,
        prefetchAhead: Int = 3, slotSize: Int = 256, previewMaxDimension: Int = 64,
        cacheCostLimit: Int = 64 << 20, uploadBudgetPerFrame: Duration = .milliseconds(4)
    ) {
        self.frameBudget = frameBudget
        self.visibleCount = max(visibleCount, 1)
        self.framesPerStep = max(framesPerStep, 1)
        self.prefetchAhead = max(prefetchAhead, 0)
        self.slotSize = max(slotSize, 1)
        self.previewMaxDimension = previewMaxDimension
        self.cacheCostLimit = cacheCostLimit
        self.uploadBudgetPerFrame = uploadBudgetPerFrame
    }

    /// The options both PVR strategies upload with: the levels that fit a slot.
    package var loadOptions: TextureLoadOptions { TextureLoadOptions(maxDimension: slotSize) }
}
