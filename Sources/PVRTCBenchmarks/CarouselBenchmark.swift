import Foundation
import Imaging
import PVRTC
import TextureFormats
import TextureLoader

/// A headless carousel: images scroll past a row of slots at a steady frame rate while the render
/// thread (a ``ResourceThread``) draws the visible ones every frame. Measures, per ``CarouselStrategy``,
/// the render thread's time per frame, frames over budget, frames with a visible slot empty, and
/// peak GPU memory.
///
/// Frames are paced in real time (frame `i` starts no earlier than `i` budgets after the first), so
/// background loading gets the same wall-clock time it would get in an app. A frame's time is the
/// render thread's busy time since the previous frame ended (``ResourceThread/busyTime``), so uploads run
/// between frames are charged to the frame they delay.
package struct CarouselBenchmark<Renderer: CarouselRendering>: Sendable {
    /// The images, in scroll order.
    package let items: [CarouselItem]
    /// The scroll.
    package let configuration: CarouselConfiguration
    /// Makes the renderer (and its GL context) on a new GL thread; called once per strategy.
    package let makeRenderer: @Sendable () throws -> Renderer
    /// Decodes a PNG file (the PNG strategy's work).
    package let decodePNG: @Sendable (String) throws -> RGBAImage

    /// Sets up a benchmark.
    package init(
        items: [CarouselItem], configuration: CarouselConfiguration = CarouselConfiguration(),
        makeRenderer: @escaping @Sendable () throws -> Renderer,
        decodePNG: @escaping @Sendable (String) throws -> RGBAImage
    ) {
        self.items = items
        self.configuration = configuration
        self.makeRenderer = makeRenderer
        self.decodePNG = decodePNG
    }

    /// Frames in one scroll from the first image to the last: one step per image, plus the frames
    /// showing the last position.
    package var frameCount: Int {
        max(items.count - configuration.visibleCount + 1, 1) * configuration.framesPerStep
    }

    /// The indices of `items` visible in `frame`.
    package func visible(inFrame frame: Int) -> Range<Int> {
        let last = max(items.count - configuration.visibleCount, 0)
        let first = min(frame / configuration.framesPerStep, last)
        return first..<min(first + configuration.visibleCount, items.count)
    }

    /// Scrolls once with `strategy` on a fresh GL thread and reports what it measured.
    package func run(_ strategy: CarouselStrategy) async throws -> CarouselReport {
        let glThread = ResourceThread(name: "pvrc.carousel", makeResource: makeRenderer)
        let slots = configuration.visibleCount
        let slotSize = configuration.slotSize
        // Warm-up: the render target exists and every upload and draw path has run once (drivers such
        // as llvmpipe compile shader variants on first use) before the first timed frame.
        do {
            let texture = try Self.warmUpTexture()
            let image = try RGBAImage(width: 64, height: 64, pixels: [UInt8](repeating: 128, count: 64 * 64 * 4))
            let options = configuration.loadOptions
            try await glThread.perform { renderer in
                let handles = [
                    try renderer.upload(.pvrtc(texture), levels: options.levels(of: texture)),
                    try renderer.upload(image),
                ]
                try renderer.drawFrame(
                    Array((handles + Array(repeating: nil, count: slots)).prefix(slots)), slotSize: slotSize)
                handles.forEach(renderer.delete)
            }
        } catch {
            await glThread.shutdown()
            throw error
        }
        switch strategy {
        case .pngOnDemand, .pvrOnDemand:
            return try await runOnDemand(strategy, glThread: glThread)
        case .pvrLoader:
            return try await runLoader(glThread: glThread)
        }
    }

    /// A 64-pixel texture with a full chain of zero blocks, for the warm-up.
    private static func warmUpTexture() throws -> PVRTCTexture {
        let levels = try (0..<PVRTCTexture.fullChainLength(width: 64, height: 64)).map { level in
            let side = 64 >> level
            return try PVRTCImage(
                width: side, height: side,
                data: [UInt8](repeating: 0, count: PVRTCImage.byteCount(width: side, height: side)))
        }
        return try PVRTCTexture(levels: levels, hasAlpha: false)
    }

    /// What one frame job reports back from the GL thread.
    private struct FrameOutcome<Handle: Sendable>: Sendable {
        var resident: [Int: Handle]
        var busy: Duration
        var gpuBytes: Int
        var missing: Bool
        var preview: Bool
    }

    /// Strategies (a) and (b): whatever becomes visible is loaded synchronously inside the frame;
    /// what leaves the screen is deleted.
    private func runOnDemand(_ strategy: CarouselStrategy, glThread: ResourceThread<Renderer>) async throws
        -> CarouselReport
    {
        var resident: [Int: Renderer.Handle] = [:]
        var frameTimes: [Duration] = []
        var missing = 0
        var peak = 0
        // Whatever the outcome, the textures still resident are deleted and the GL thread has ended
        // (its context released) before this returns.
        func tearDown() async {
            let leftovers = resident
            glThread.enqueue { renderer in leftovers.values.forEach(renderer.delete) }
            await glThread.shutdown()
        }
        var previous: Duration
        do {
            previous = try await glThread.perform { [glThread] _ in glThread.busyTime ?? .zero }
        } catch {
            await tearDown()
            throw error
        }
        do {
            try await paceOnDemand(
                strategy, glThread: glThread, resident: &resident, frameTimes: &frameTimes, missing: &missing,
                peak: &peak, previous: &previous)
        } catch {
            await tearDown()
            throw error
        }
        await tearDown()
        return CarouselReport(
            strategy: strategy, frameTimes: frameTimes, frameBudget: configuration.frameBudget,
            framesMissingImage: missing, framesShowingPreview: 0, peakGPUBytes: peak)
    }

    /// The frames of an on-demand strategy; `resident` always holds what is uploaded.
    private func paceOnDemand(
        _ strategy: CarouselStrategy, glThread: ResourceThread<Renderer>, resident: inout [Int: Renderer.Handle],
        frameTimes: inout [Duration], missing: inout Int, peak: inout Int, previous: inout Duration
    ) async throws {
        let items = items
        let options = configuration.loadOptions
        let slotSize = configuration.slotSize
        let decodePNG = decodePNG
        try await pace { frame in
            let visible = Array(self.visible(inFrame: frame))
            let outcome = try await glThread.perform { [glThread, resident] renderer -> FrameOutcome<Renderer.Handle> in
                var resident = resident
                var gpuBytes = resident.values.reduce(0) { $0 + renderer.gpuBytes(of: $1) }
                var peakBytes = gpuBytes
                for index in visible where resident[index] == nil {
                    let handle: Renderer.Handle
                    switch strategy {
                    case .pngOnDemand:
                        handle = try renderer.upload(decodePNG(items[index].png.path))
                    default:
                        let texture = try TextureFile.read(from: items[index].texture).texture
                        handle = try renderer.upload(.pvrtc(texture), levels: options.levels(of: texture))
                    }
                    resident[index] = handle
                    gpuBytes += renderer.gpuBytes(of: handle)
                    peakBytes = max(peakBytes, gpuBytes)
                }
                for (index, handle) in resident where !visible.contains(index) {
                    renderer.delete(handle)
                    resident[index] = nil
                }
                let shown = visible.map { resident[$0] }
                try renderer.drawFrame(shown, slotSize: slotSize)
                return FrameOutcome(
                    resident: resident, busy: glThread.busyTime ?? .zero, gpuBytes: peakBytes,
                    missing: shown.contains { $0 == nil }, preview: false)
            }
            resident = outcome.resident
            frameTimes.append(outcome.busy - previous)
            previous = outcome.busy
            peak = max(peak, outcome.gpuBytes)
            if outcome.missing { missing += 1 }
        }
    }

    /// Strategy (c): visible images are pinned and loaded low-res first through the loader, images
    /// that scroll away have their loads cancelled, and the next ones are prefetched.
    private func runLoader(glThread: ResourceThread<Renderer>) async throws -> CarouselReport {
        let loader = TextureLoader(
            glThread: glThread,
            configuration: TextureLoaderConfiguration(
                totalCostLimit: configuration.cacheCostLimit, countLimit: max(items.count, 1),
                uploadBudgetPerFrame: configuration.uploadBudgetPerFrame, frameInterval: configuration.frameBudget))
        let options = configuration.loadOptions
        let slotSize = configuration.slotSize
        let previewSize = configuration.previewMaxDimension
        let keys = items.map { TextureKey(url: $0.texture, options: options) }
        var loads: [Int: Task<Void, Never>] = [:]
        var shownIndices: Range<Int> = 0..<0
        var frameTimes: [Duration] = []
        var missing = 0
        var previews = 0
        do {
            var previous = try await glThread.perform { [glThread] _ in glThread.busyTime ?? .zero }
            try await pace { frame in
                let visible = self.visible(inFrame: frame)
                if visible != shownIndices {
                    for index in shownIndices where !visible.contains(index) {
                        await loader.unpin(keys[index])
                        loads.removeValue(forKey: index)?.cancel()
                    }
                    for index in visible where !shownIndices.contains(index) {
                        await loader.pin(keys[index])
                        let url = items[index].texture
                        loads[index] = Task {
                            do {
                                for try await _ in loader.loadProgressively(
                                    url, options: options, previewMaxDimension: previewSize)
                                {}
                            } catch {
                                // A load cancelled because its image scrolled away, or a failed file
                                // (counted as missing frames).
                            }
                        }
                    }
                    shownIndices = visible
                    let upcoming =
                        visible.upperBound..<min(visible.upperBound + configuration.prefetchAhead, items.count)
                    await loader.prefetch(upcoming.map { items[$0].texture }, options: options)
                }
                let outcome = try await loader.withTextures(visible.map { keys[$0] }) { [glThread] renderer, textures in
                    try renderer.drawFrame(textures.map { $0?.handle }, slotSize: slotSize)
                    return FrameOutcome<Renderer.Handle>(
                        resident: [:], busy: glThread.busyTime ?? .zero, gpuBytes: 0,
                        missing: textures.contains { $0 == nil }, preview: textures.contains { $0?.isPreview == true })
                }
                frameTimes.append(outcome.busy - previous)
                previous = outcome.busy
                if outcome.missing { missing += 1 }
                if outcome.preview { previews += 1 }
            }
        } catch {
            for load in loads.values { load.cancel() }
            await loader.shutdown()
            throw error
        }
        for load in loads.values { load.cancel() }
        let peak = await loader.statistics.peakCost
        await loader.shutdown()
        return CarouselReport(
            strategy: .pvrLoader, frameTimes: frameTimes, frameBudget: configuration.frameBudget,
            framesMissingImage: missing, framesShowingPreview: previews, peakGPUBytes: peak)
    }

    /// Calls `frame` for every frame index, starting frame `i` no earlier than `i` budgets after the
    /// first (a late frame starts at once).
    private func pace(_ frame: (Int) async throws -> Void) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<frameCount {
            try await clock.sleep(until: start.advanced(by: configuration.frameBudget * index), tolerance: nil)
            try await frame(index)
        }
    }
}
