import Imaging
import PVRTC

/// The PVRTC1 4bpp encoder of one level: an iterative search that alternates exact-decode modulation selection,
/// least-squares endpoint refinement and a quantisation search over rounding neighbours (reference C.6).
///
/// Stages, each in its own file: ``InitialEndpoints`` (consistent principal-axis start),
/// ``ModulationSelection``, ``EndpointRefinement``, ``EndpointQuantization``, ``BlockPacking``, all working
/// on one ``EncoderWorkspace``. Wrap-around is modelled everywhere, as the hardware always wraps.
package enum LevelEncoder {
    /// Search settings of one level.
    package struct Options: Sendable, Equatable {
        /// Speed/quality trade-off; `.best` by default.
        package var quality: PVRTCEncoder.Quality = .best
        /// Worker threads. The output bytes do not depend on it.
        package var threads: Int = Parallel.processorCount
        /// Per-channel error weights (R, G, B, A), each 1 or 2 (window sums must stay within `Int32`).
        package var channelWeights: SIMD4<Int32> = LevelEncoder.channelWeights

        /// Creates options.
        package init(
            quality: PVRTCEncoder.Quality = .best, threads: Int = Parallel.processorCount,
            channelWeights: SIMD4<Int32> = LevelEncoder.channelWeights
        ) {
            self.quality = quality
            self.threads = threads
            self.channelWeights = channelWeights
        }
    }

    /// Iteration counts behind a quality level.
    struct Schedule {
        /// Outer rounds of refine → quantise → re-select modulation.
        var rounds: Int
        /// Gauss–Seidel sweeps per round.
        var sweeps: Int
        /// ±1 coordinate-descent passes in the quantisation search, per round.
        var descentPasses: Int

        init(_ quality: PVRTCEncoder.Quality) {
            switch quality {
            case .fast: (rounds, sweeps, descentPasses) = (1, 1, 0)
            case .normal: (rounds, sweeps, descentPasses) = (2, 1, 0)
            case .high: (rounds, sweeps, descentPasses) = (3, 2, 1)
            case .best: (rounds, sweeps, descentPasses) = (5, 2, 2)
            }
        }
    }

    /// Per-channel error weights (R, G, B, A): green counts double, leaning towards luma (Rec.709 Y is
    /// 72 % green) at no measurable cost in RGB PSNR.
    package static let channelWeights = SIMD4<Int32>(1, 2, 1, 1)

    /// Error weights for tangent-space normal maps: X (red) and Y (green) count double, Z (blue) single,
    /// since Z is the large, slowly varying component and X/Y carry the surface detail.
    package static let normalMapChannelWeights = SIMD4<Int32>(2, 2, 1, 1)

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
        let schedule = Schedule(options.quality)
        let steps = Double(schedule.rounds + 1)
        let ws = EncoderWorkspace(image: image, channelWeights: options.channelWeights)
        InitialEndpoints.compute(ws, threads: threads)
        progress?(1 / steps)
        for round in 0..<schedule.rounds {
            try checkCancellation()
            EndpointRefinement.refine(ws, sweeps: schedule.sweeps, threads: threads)
            try checkCancellation()
            EndpointQuantization.search(ws, descentPasses: schedule.descentPasses, threads: threads)
            try checkCancellation()
            ModulationSelection.selectAll(ws, threads: threads)
            progress?(Double(round + 2) / steps)
        }
        return try BlockPacking.pack(ws, width: image.width, height: image.height)
    }
}
