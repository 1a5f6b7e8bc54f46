import Imaging
import PVRTC

/// The PVRTC1 encoder of one level, both rates: an iterative search that alternates exact-decode modulation selection,
/// least-squares endpoint refinement and a quantisation search over rounding neighbours (reference C.6).
///
/// Stages, each in its own file: ``InitialEndpoints`` (consistent principal-axis start),
/// ``ModulationSelection``, ``EndpointRefinement``, ``EndpointQuantization``, ``WorstBlockRecovery``,
/// ``BlockPacking``, all working on one ``EncoderWorkspace`` and judging error with one ``ErrorMetric``.
/// Wrap-around is modelled everywhere, as the hardware always wraps.
package enum LevelEncoder {
    /// Search settings of one level.
    package struct Options: Sendable, Equatable {
        /// Speed/quality trade-off; `.best` by default.
        package var quality: PVRTCEncoder.Quality = .best
        /// Worker threads. The output bytes do not depend on it.
        package var threads: Int = Parallel.processorCount
        /// How error is measured; `nil` picks ``ErrorMetric/default(hasTransparency:)`` for the image.
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

    /// Encodes one level of `format` (PVRTC1 4bpp or 2bpp) with the rounds of ``SearchPreset/table`` for the
    /// quality in `options`.
    ///
    /// - Parameter image: power-of-two width and height (square or not), any size from 1×1; levels
    ///   smaller than two blocks a side use the 2×2-block minimum with padding words copied from the adjacent
    ///   real words (reference A.5).
    /// - Parameter format: the PVRTC1 variant; PVRTC2 throws ``EncodingError/formatNotEncodable(_:)``.
    /// - Alpha: an image without transparency gets opaque endpoints only; otherwise every block chooses
    ///   opaque or translucent endpoints (and at 4bpp the standard or punch-through mode, always punch-through
    ///   for cut-out blocks, whose transparent pixels then decode to exactly 0), and colour error is
    ///   weighted by source alpha, so colour under alpha 0 only breaks ties (weight 1/255).
    /// - Parameter progress: Called on the calling thread after the initial endpoints and after each
    ///   refinement round with the finished share of the search (0...1, ending at 1).
    /// - Parameter isCancelled: Asked between stages; once it answers `true` the search stops.
    /// - Throws: `PVRTCError.invalidDimensions` for sizes PVRTC1 cannot hold; `CancellationError`
    ///   when `isCancelled` says so.
    package static func encode(
        _ image: RGBAImage, format: PVRTCFormat = .pvrtc1_4bpp, options: Options = Options(),
        isCancelled: () -> Bool = { false }, progress: ((Double) -> Void)? = nil
    ) throws -> PVRTCImage {
        guard BlockFormat(format) != nil, let preset = SearchPreset.of(options.quality, format) else {
            throw EncodingError.formatNotEncodable(format)
        }
        try PVRTCImage.validate(width: image.width, height: image.height)
        let threads = max(options.threads, 1)
        let metric = options.metric ?? .default(hasTransparency: image.hasTransparency)
        if format == .pvrtc1_2bpp {
            let data =
                preset.rounds.isEmpty
                ? try Fastest2bppEncoder.encode(
                    image, metric: metric, fits: preset.fastestFits, threads: threads, isCancelled: isCancelled,
                    progress: progress)
                : try LevelEncoder2bpp.encode(
                    image, schedule: preset.schedule, metric: metric, threads: threads, isCancelled: isCancelled,
                    progress: progress)
            return try PVRTCImage(width: image.width, height: image.height, data: data, format: .pvrtc1_2bpp)
        }
        if preset.rounds.isEmpty {
            return try FastestEncoder.encode(
                image, metric: metric, threads: threads, isCancelled: isCancelled, progress: progress)
        }
        let schedule = preset.schedule
        let steps = Double(schedule.count + 1)
        let ws = EncoderWorkspace(image: image, metric: metric)
        InitialEndpoints.compute(ws, threads: threads)
        progress?(1 / steps)
        for (index, round) in schedule.enumerated() {
            if isCancelled() { throw CancellationError() }
            EndpointRefinement.refine(ws, sweeps: round.sweeps, threads: threads)
            if isCancelled() { throw CancellationError() }
            EndpointQuantization.search(ws, descentPasses: round.descentPasses, threads: threads)
            if isCancelled() { throw CancellationError() }
            if let effort = round.recovery {
                WorstBlockRecovery.recover(ws, effort: effort, threads: threads)
            } else {
                ModulationSelection.selectAll(ws, threads: threads)
            }
            progress?(Double(index + 2) / steps)
        }
        return try BlockPacking.pack(ws, width: image.width, height: image.height)
    }
}
