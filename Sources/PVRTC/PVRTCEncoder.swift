/// The PVRTC1 4bpp encoder: an iterative search that alternates exact-decode modulation selection,
/// least-squares endpoint refinement and a quantisation search over rounding neighbours (reference C.6).
///
/// Stages, each in its own file: ``InitialEndpoints`` (consistent principal-axis start),
/// ``ModulationSelection``, ``EndpointRefinement``, ``EndpointQuantization``, ``WorstBlockRecovery``,
/// ``BlockPacking``, all working on one ``EncoderWorkspace``. Wrap-around is modelled everywhere, as the hardware always wraps.
public enum PVRTCEncoder {
    /// Speed/quality trade-off: the same machinery with fewer iterations and candidates.
    public enum Quality: String, CaseIterable, Sendable {
        /// One refinement round, rounding search without descent.
        case fast
        /// Two refinement rounds.
        case normal
        /// Three refinement rounds with a ±1 descent pass.
        case high
        /// Five rounds with two descent passes; the worst blocks are searched again from other starts in
        /// the last two rounds (default).
        case best
        /// `best`, then four more rounds with three descent passes in which every block above the
        /// median error is searched again from other starts. Every stage only ever lowers the weighted
        /// error, so the result is never worse than `best` by that measure. About 3× slower than `best`.
        case max
    }

    /// Encoder settings.
    public struct Options: Sendable, Equatable {
        /// Speed/quality trade-off; `.best` by default.
        public var quality: Quality = .best
        /// Worker threads. The output bytes do not depend on it.
        public var threads: Int = Parallel.processorCount

        /// Creates options.
        public init(quality: Quality = .best, threads: Int = Parallel.processorCount) {
            self.quality = quality
            self.threads = threads
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

        init(_ quality: Quality) {
            let plain = { (sweeps: Int, passes: Int, count: Int) in
                [Round](repeating: Round(sweeps: sweeps, descentPasses: passes, recovery: nil), count: count)
            }
            let worst = WorstBlockRecovery.Effort(medianFactor: 4, descentPasses: 2, polished: 2, skipWithinLevels: 2)
            let best = plain(2, 2, 3) + [Round](repeating: Round(sweeps: 2, descentPasses: 2, recovery: worst), count: 2)
            switch quality {
            case .fast: rounds = plain(1, 0, 1)
            case .normal: rounds = plain(1, 0, 2)
            case .high: rounds = plain(2, 1, 3)
            case .best: rounds = best
            case .max:
                let wide = WorstBlockRecovery.Effort(medianFactor: 1, descentPasses: 4, polished: 4, skipWithinLevels: 0)
                rounds = best + [Round](repeating: Round(sweeps: 2, descentPasses: 3, recovery: wide), count: 4)
            }
        }
    }

    /// Per-channel error weights (R, G, B, A) for images with alpha: green counts double, leaning towards
    /// luma (Rec.709 Y is 72 % green). Window error sums of alpha-weighted pixels stay within `Int32`
    /// only for weights up to 2.
    static let channelWeights = SIMD4<Int32>(1, 2, 1, 1)

    /// Per-channel error weights for opaque images: close to the Rec.709 luma proportions
    /// (0.21 : 0.72 : 0.07), as perceptual BC1 encoders weigh colour error. Measured on the Kodak crops at
    /// `best`: +0.17 dB luma PSNR for −0.08 dB RGB PSNR against (1, 2, 1).
    static let opaqueChannelWeights = SIMD4<Int32>(2, 7, 1, 0)

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
    /// - Throws: ``PVRTCError/invalidDimensions(width:height:reason:)`` for sizes PVRTC1 cannot hold.
    public static func encode(
        _ image: RGBAImage, options: Options = Options(), progress: ((Double) -> Void)? = nil
    ) throws -> PVRTCImage {
        try PVRTCImage.validate(width: image.width, height: image.height)
        let threads = max(options.threads, 1)
        let schedule = Schedule(options.quality)
        let steps = Double(schedule.rounds.count + 1)
        let weights = image.hasTransparency ? channelWeights : opaqueChannelWeights
        let ws = EncoderWorkspace(image: image, channelWeights: weights)
        InitialEndpoints.compute(ws, threads: threads)
        progress?(1 / steps)
        for (index, round) in schedule.rounds.enumerated() {
            EndpointRefinement.refine(ws, sweeps: round.sweeps, threads: threads)
            EndpointQuantization.search(ws, descentPasses: round.descentPasses, threads: threads)
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
