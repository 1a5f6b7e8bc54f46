import TextureManifest

/// One of N deterministic parts of a build (`--shard I/N`, I from 1 to N): a texture belongs to
/// the shard its source path's SHA-256 falls in, so every machine computes the same split without
/// talking to the others, and adding a texture moves no other texture between shards.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// The shard, from 1 to ``count``.
    public let index: Int
    /// The number of shards.
    public let count: Int

    /// Shard `index` of `count`.
    ///
    /// - Parameters:
    ///   - index: From 1 to `count`.
    ///   - count: At least 1.
    /// - Throws: `PipelineError` when the numbers are out of range.
    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw PipelineError(file: "--shard", reason: "needs I/N with 1 <= I <= N")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    ///
    /// - Parameter text: `I/N`, e.g. `2/4`.
    /// - Throws: `PipelineError` for other text.
    package init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw PipelineError(file: "--shard", reason: "needs I/N, e.g. 1/4, not \"\(text)\"")
        }
        try self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the texture whose source path is `path` belongs to this shard.
    ///
    /// - Parameter path: The source path relative to the source folder.
    /// - Returns: `true` for exactly one shard of any N.
    package func contains(_ path: String) -> Bool {
        Int(ContentDigest(ofText: path).prefixValue % UInt64(count)) == index - 1
    }
}
