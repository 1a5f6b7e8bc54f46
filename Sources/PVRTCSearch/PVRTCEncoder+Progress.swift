extension PVRTCEncoder {
    /// Where an encode has got to, reported before each level, after each search round and once at the end.
    public struct Progress: Sendable, Equatable, CustomStringConvertible {
        /// Levels finished so far.
        public var completedLevels: Int
        /// Levels in the texture.
        public var levelCount: Int
        /// Pixels encoded so far: the finished levels plus the finished share of the level in progress.
        public var completedPixels: Int
        /// Pixels in all levels.
        public var totalPixels: Int

        /// Creates a progress report.
        public init(completedLevels: Int, levelCount: Int, completedPixels: Int, totalPixels: Int) {
            self.completedLevels = completedLevels
            self.levelCount = levelCount
            self.completedPixels = completedPixels
            self.totalPixels = totalPixels
        }

        /// Finished share of the work, by pixel count (0...1).
        public var fraction: Double {
            totalPixels == 0 ? 1 : Double(completedPixels) / Double(totalPixels)
        }

        /// For example `level 2 of 9, 87.5 %`.
        public var description: String {
            let level = min(completedLevels + 1, levelCount)
            let percent = (fraction * 1000).rounded() / 10
            return "level \(level) of \(levelCount), \(percent) %"
        }
    }
}
