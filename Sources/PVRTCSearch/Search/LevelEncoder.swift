import Imaging
import PVRTC

/// The encoder of one level, every format (PVRTC1 and PVRTC2, both rates): an iterative search that alternates exact-decode modulation
/// selection, least-squares endpoint refinement and a quantisation search over rounding neighbours (reference
/// C.6), with the rounds of ``SearchPreset/table``; `fastest` is the one-pass ``FastestEncoder``.
///
/// Stages, each in its own file: ``InitialEndpoints`` (consistent principal-axis start),
/// ``ModulationSelection``, ``EndpointRefinement``, ``EndpointQuantization``, ``WorstBlockRecovery``,
/// ``BlockPacking``, all working on one ``EncoderWorkspace`` and judging error with one ``ErrorMetric``.
/// Each reads the format (block size, modulation rules) from the workspace's ``BlockFormat``, so both rates
/// run the same stages. Every stage only ever lowers the weighted error of what it changes, and works on
/// disjoint blocks in a fixed colouring, so the output does not depend on the thread count. Wrap-around is
/// modelled everywhere, as the hardware always wraps.
package enum LevelEncoder {
    /// Search settings of one level.
    package struct Options: Sendable, Equatable {
        /// Speed/quality trade-off; `.best` by default.
        package var quality: PVRTCEncoder.Quality = .best
        /// Worker threads. The output bytes do not depend on it.
        package var threads: Int = Parallel.processorCount
        /// How error is measured; `nil` picks ``ErrorMetric/default(hasTransparency:format:)`` for the image
        /// (``ErrorMetric/default(hasTransparency:)`` at `fastest`).
        package var metric: ErrorMetric?

        /// Creates options.
        package init(
            quality: PVRTCEncoder.Quality = .best, threads: Int = Parallel.processorCount,
            metric: ErrorMetric? = nil
        ) {
            self.quality = quality
            self.threads = threads
            self.metric = metric
        }
    }

    /// Encodes one level of `format` (PVRTC1 or PVRTC2, 4bpp or 2bpp) with the rounds of ``SearchPreset/table`` for the
    /// quality in `options`.
    ///
    /// - Parameter image: any size from 1×1; for PVRTC1 power-of-two width and height (square or not), levels
    ///   smaller than two blocks a side using the 2×2-block minimum with padding words copied from the
    ///   adjacent real words (reference A.5); for PVRTC2 any width and height, on the grid of whole blocks that
    ///   covers it.
    /// - Parameter format: the PVRTC variant.
    /// - Alpha: an image without transparency gets opaque endpoints only; otherwise every block chooses
    ///   opaque or translucent endpoints (and at 4bpp the standard or punch-through mode, always punch-through
    ///   for cut-out blocks, whose transparent pixels then decode to exactly 0), and colour error is
    ///   weighted by source alpha, so colour under alpha 0 only breaks ties (weight 1/255).
    /// - Parameter progress: Called on the calling thread after the initial endpoints and after each
    ///   refinement round with the finished share of the search (0...1, ending at 1).
    /// - Parameter isCancelled: Asked between stages; once it answers `true` the search stops.
    /// - Throws: `PVRTCError.invalidDimensions` for sizes the format cannot hold; `CancellationError`
    ///   when `isCancelled` says so.
    package static func encode(
        _ image: RGBAImage, format: PVRTCFormat = .pvrtc1_4bpp, options: Options = Options(),
        isCancelled: () -> Bool = { false }, progress: ((Double) -> Void)? = nil
    ) throws -> PVRTCImage {
        try encode(
            image, format: format, preset: SearchPreset.of(options.quality, format), options: options,
            isCancelled: isCancelled, progress: progress)
    }

    /// ``encode(_:format:options:isCancelled:progress:)`` with the rounds of `preset` rather than those of
    /// `options.quality`.
    static func encode(
        _ image: RGBAImage, format: PVRTCFormat, preset: SearchPreset, options: Options,
        isCancelled: () -> Bool = { false }, progress: ((Double) -> Void)? = nil
    ) throws -> PVRTCImage {
        let blockFormat = BlockFormat(format)
        try PVRTCImage.validate(width: image.width, height: image.height, format: format)
        let threads = max(options.threads, 1)
        if preset.rounds.isEmpty {
            let metric = options.metric ?? .default(hasTransparency: image.hasTransparency)
            return try FastestEncoder.encode(
                image, format: blockFormat, metric: metric, fits: preset.fastestFits, threads: threads,
                isCancelled: isCancelled, progress: progress)
        }
        let schedule = preset.schedule
        let steps = Double(schedule.count + 1)
        let metric = options.metric ?? .default(hasTransparency: image.hasTransparency, format: format)
        let ws = EncoderWorkspace(image: image, metric: metric, format: blockFormat)
        InitialEndpoints.compute(ws, modulationPasses: schedule[0].modulationPasses, threads: threads)
        progress?(1 / steps)
        for (index, round) in schedule.enumerated() {
            if isCancelled() { throw CancellationError() }
            EndpointRefinement.refine(ws, sweeps: round.sweeps, threads: threads)
            if isCancelled() { throw CancellationError() }
            EndpointQuantization.search(ws, descentPasses: round.descentPasses, threads: threads)
            if isCancelled() { throw CancellationError() }
            if let effort = round.recovery {
                WorstBlockRecovery.recover(
                    ws, effort: effort, modulationPasses: round.modulationPasses, threads: threads)
            } else {
                ModulationSelection.selectAll(ws, passes: round.modulationPasses, threads: threads)
            }
            progress?(Double(index + 2) / steps)
        }
        ModulationSelection.storeCodes(ws, threads: threads)
        if let effort = preset.hardTransition {
            if isCancelled() { throw CancellationError() }
            HardTransitionSearch.run(ws, effort: effort, threads: threads)
        }
        return try BlockPacking.pack(ws, width: image.width, height: image.height)
    }
}
