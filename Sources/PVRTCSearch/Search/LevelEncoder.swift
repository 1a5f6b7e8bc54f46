import Imaging
import PVRTC

/// The PVRTC1 4bpp encoder of one level: an iterative search that alternates exact-decode modulation selection,
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

    /// The outer rounds behind a quality level, in order.
    struct Schedule {
        /// One outer round: refine → quantise → re-select modulation (or recover the worst blocks,
        /// which re-selects modulation first).
        struct Round {
            /// Gauss–Seidel sweeps.
            var sweeps: Int
            /// ±1 coordinate-descent passes in the quantisation search.
            var descentPasses: Int
            /// Worst-block recovery at the end of the round, if any.
            var recovery: WorstBlockRecovery.Effort?
        }

        /// The rounds.
        var rounds: [Round]

        init(_ quality: PVRTCEncoder.Quality) {
            let plain = { (sweeps: Int, passes: Int, count: Int) in
                [Round](repeating: Round(sweeps: sweeps, descentPasses: passes, recovery: nil), count: count)
            }
            let worst = WorstBlockRecovery.Effort(medianFactor: 4, descentPasses: 2, polished: 2, skipWithinLevels: 2)
            let best =
                plain(2, 2, 3) + [Round](repeating: Round(sweeps: 2, descentPasses: 2, recovery: worst), count: 2)
            switch quality {
            case .fastest: rounds = []
            case .fast: rounds = plain(1, 0, 1)
            case .normal: rounds = plain(1, 0, 2)
            case .high: rounds = plain(2, 1, 3)
            case .best: rounds = best
            case .max:
                let wide = WorstBlockRecovery.Effort(
                    medianFactor: 1, descentPasses: 4, polished: 4, skipWithinLevels: 0)
                rounds = best + [Round](repeating: Round(sweeps: 2, descentPasses: 3, recovery: wide), count: 4)
            }
        }
    }

    /// Encodes one level.
    ///
    /// - Parameter image: power-of-two width and height (square or not), any size from 1×1; levels
    ///   smaller than 8 pixels use the 2×2-block minimum with padding words copied from the adjacent
    ///   real words (reference A.5).
    /// - Alpha: an image without transparency gets opaque endpoints only; otherwise every block chooses
    ///   opaque or translucent endpoints and the standard or punch-through mode (always punch-through
    ///   for cut-out blocks, whose transparent pixels then decode to exactly 0), and colour error is
    ///   weighted by source alpha, so colour under alpha 0 only breaks ties (weight 1/255).
    /// - Parameter progress: Called on the calling thread after the initial endpoints and after each
    ///   refinement round with the finished share of the search (0...1, ending at 1).
    /// - Parameter isCancelled: Asked between stages; once it answers `true` the search stops.
    /// - Throws: `PVRTCError.invalidDimensions` for sizes PVRTC1 cannot hold; `CancellationError`
    ///   when `isCancelled` says so.
    package static func encode(
        _ image: RGBAImage, options: Options = Options(), isCancelled: () -> Bool = { false },
        progress: ((Double) -> Void)? = nil
    ) throws -> PVRTCImage {
        func checkCancellation() throws {
            if isCancelled() { throw CancellationError() }
        }
        try PVRTCImage.validate(width: image.width, height: image.height)
        let threads = max(options.threads, 1)
        let metric = options.metric ?? .default(hasTransparency: image.hasTransparency)
        if options.quality == .fastest {
            return try FastestEncoder.encode(
                image, metric: metric, threads: threads, isCancelled: isCancelled, progress: progress)
        }
        let schedule = Schedule(options.quality)
        let steps = Double(schedule.rounds.count + 1)
        let ws = EncoderWorkspace(image: image, metric: metric)
        InitialEndpoints.compute(ws, threads: threads)
        progress?(1 / steps)
        for (index, round) in schedule.rounds.enumerated() {
            try checkCancellation()
            EndpointRefinement.refine(ws, sweeps: round.sweeps, threads: threads)
            try checkCancellation()
            EndpointQuantization.search(ws, descentPasses: round.descentPasses, threads: threads)
            try checkCancellation()
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
