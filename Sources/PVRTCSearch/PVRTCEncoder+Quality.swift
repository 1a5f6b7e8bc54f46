extension PVRTCEncoder {
    /// Speed/quality trade-off: the same search with fewer iterations and candidates.
    public enum Quality: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
        /// One pass built for run time: endpoints from a luma-sorted split of each block, one
        /// least-squares refinement of both low-resolution images, nearest codes, one exact modulation
        /// pass. Tens of times faster than `fast`, about 1 dB behind it on photographs.
        case fastest
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
        /// error, so the result is never worse than `best` by that measure. Two to three times slower than `best`.
        /// For 2bpp: `best`'s rounds, each ending with every block above the median error searched again
        /// from other starts with its modulation re-chosen; four to ten times slower than `best`.
        case max

        /// The level's name, as the command line spells it.
        public var description: String { rawValue }
    }
}
