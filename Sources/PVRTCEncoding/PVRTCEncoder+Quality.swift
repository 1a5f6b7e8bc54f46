extension PVRTCEncoder {
    /// Speed/quality trade-off: the same search with fewer iterations and candidates.
    public enum Quality: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
        /// One refinement round, rounding search without descent.
        case fast
        /// Two refinement rounds.
        case normal
        /// Three refinement rounds with a ±1 descent pass.
        case high
        /// Five rounds with two descent passes (default).
        case best

        /// The level's name, as the command line spells it.
        public var description: String { rawValue }
    }
}
