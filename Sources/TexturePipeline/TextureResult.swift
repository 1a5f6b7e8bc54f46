import EncodeJobs
import FileIO
import PVRTCSearch
import TextureManifest

/// What happened to one texture of a build.
public struct TextureResult: Sendable {
    /// How the output came about.
    public enum Outcome: Sendable {
        /// Encoded by this build.
        case built
        /// Copied from the cache without encoding.
        case cached
        /// Already up to date; nothing was done.
        case upToDate
        /// The texture could not be built; the previous output, if any, is untouched.
        case failed(any Error)
    }

    /// The source path relative to the source folder.
    public var source: String
    /// The output path relative to the output folder.
    public var output: String
    /// How the output came about.
    public var outcome: Outcome
    /// What the output holds (`nil` for failures).
    public var summary: TextureSummary?
    /// Seconds spent on this texture (reading, encoding or fetching, writing, measuring).
    public var seconds: Double
    /// What the container cannot record (as `pvrc encode` warns) and cache problems met on the way
    /// (the build went on without the cache).
    public var warnings: [String]
    /// The texture's effective settings.
    package var settings: TextureSettings?

    /// A result.
    ///
    /// - Parameters:
    ///   - source: The source path.
    ///   - output: The output path.
    ///   - outcome: How the output came about.
    ///   - summary: What the output holds.
    ///   - seconds: Seconds spent.
    ///   - warnings: Cache problems met.
    package init(
        source: String, output: String, outcome: Outcome, summary: TextureSummary?, seconds: Double,
        warnings: [String] = [], settings: TextureSettings? = nil
    ) {
        self.source = source
        self.output = output
        self.outcome = outcome
        self.summary = summary
        self.seconds = seconds
        self.warnings = warnings
        self.settings = settings
    }

    /// The failure as one line naming the source file, or `nil` when the texture did not fail.
    /// Errors that do not name their file (`EncodingError`, `EncodeJobError`) get the source path in
    /// front. Control characters (of a source name, say) are escaped, so the line stays one line and
    /// prints nothing but text.
    public var failureMessage: String? {
        guard case .failed(let error) = outcome else { return nil }
        let text = String(describing: error)
        return PrintableText.escaped(error is EncodingError || error is EncodeJobError ? "\(source): \(text)" : text)
    }
}

/// How far a build has got, after each finished texture.
public struct BuildProgress: Sendable {
    /// Textures finished (built, cached or failed) so far.
    public var completed: Int
    /// Textures this build has to process (up-to-date ones are not counted).
    public var total: Int
    /// Seconds since the work started.
    public var elapsed: Double
    /// Estimated seconds left, from the estimated cost of the textures still to do; `nil` before the
    /// first finishes.
    public var remaining: Double?

    /// A progress report.
    ///
    /// - Parameters:
    ///   - completed: Textures finished.
    ///   - total: Textures to process.
    ///   - elapsed: Seconds since the start.
    ///   - remaining: Estimated seconds left.
    package init(completed: Int, total: Int, elapsed: Double, remaining: Double?) {
        self.completed = completed
        self.total = total
        self.elapsed = elapsed
        self.remaining = remaining
    }
}

/// The outcome of a whole build.
public struct BuildSummary: Sendable {
    /// Every texture of this shard, in source path order.
    public var results: [TextureResult]
    /// Outputs deleted because no source produces them any more.
    public var pruned: [String]
    /// Textures left to other shards.
    public var otherShards: Int
    /// Seconds the whole build took.
    public var seconds: Double
    /// Recorded outputs no source produces any more that `--prune` left in place, as
    /// `path: reason` (not a path the build writes, changed since it was written, not a regular file).
    public var notPruned: [String]
    /// Files under the source folder (relative to it) with an image extension pvrc does not read
    /// (`.bmp`, `.webp`, …): not built.
    public var skipped: [String]

    /// A summary.
    ///
    /// - Parameters:
    ///   - results: Every texture's result.
    ///   - pruned: Deleted outputs.
    ///   - otherShards: Textures left to other shards.
    ///   - seconds: Seconds the build took.
    ///   - notPruned: Stale outputs left in place, with the reason.
    ///   - skipped: Source files of formats pvrc does not read.
    package init(
        results: [TextureResult], pruned: [String], otherShards: Int, seconds: Double, notPruned: [String] = [],
        skipped: [String] = []
    ) {
        self.results = results
        self.pruned = pruned
        self.otherShards = otherShards
        self.seconds = seconds
        self.notPruned = notPruned
        self.skipped = skipped
    }

    /// Textures encoded.
    public var built: Int { results.count { if case .built = $0.outcome { true } else { false } } }
    /// Textures copied from the cache.
    public var cached: Int { results.count { if case .cached = $0.outcome { true } else { false } } }
    /// Textures already up to date.
    public var upToDate: Int { results.count { if case .upToDate = $0.outcome { true } else { false } } }
    /// Textures that failed.
    public var failures: [TextureResult] { results.filter { $0.failureMessage != nil } }
}
