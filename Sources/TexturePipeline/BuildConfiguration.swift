import Foundation
import TextureManifest

/// Everything a batch build is asked to do.
public struct BuildConfiguration: Sendable {
    /// The sources and their per-glob overrides.
    public var manifest: BuildManifest
    /// The output folder; it mirrors the source folder's tree.
    public var outputFolder: URL
    /// The command line's settings, which the manifest refines.
    public var settings: TextureSettings
    /// Rebuild every texture even when it is up to date.
    public var force: Bool
    /// Delete outputs (recorded in the build state) that no source produces any more.
    public var prune: Bool
    /// The most textures encoded at once (at least 1).
    public var jobs: Int
    /// Bytes of estimated encoder memory that running jobs may hold together; one job always runs.
    public var memoryBudget: Int
    /// The shared cache of encoded results, if any.
    public var cache: (any BuildCache)?
    /// The part of the textures this run builds, if the build is split.
    public var shard: Shard?
    /// Measure level 0's PSNR of every texture built or taken from the cache (for reports).
    public var measuresQuality: Bool

    /// A build configuration.
    ///
    /// - Parameters:
    ///   - manifest: The sources and their overrides.
    ///   - outputFolder: The output folder.
    ///   - settings: The command line's settings.
    ///   - force: Rebuild everything.
    ///   - prune: Delete outputs that no source produces any more.
    ///   - jobs: The most textures encoded at once.
    ///   - memoryBudget: Bytes of estimated encoder memory for running jobs together.
    ///   - cache: The shared cache, if any.
    ///   - shard: The part of the textures to build, if split.
    ///   - measuresQuality: Whether to measure PSNR for reports.
    public init(
        manifest: BuildManifest, outputFolder: URL, settings: TextureSettings, force: Bool = false,
        prune: Bool = false, jobs: Int, memoryBudget: Int, cache: (any BuildCache)? = nil, shard: Shard? = nil,
        measuresQuality: Bool = false
    ) {
        self.manifest = manifest
        self.outputFolder = outputFolder
        self.settings = settings
        self.force = force
        self.prune = prune
        self.jobs = jobs
        self.memoryBudget = memoryBudget
        self.cache = cache
        self.shard = shard
        self.measuresQuality = measuresQuality
    }

    /// The estimated peak memory of encoding a `width`×`height` image: about 48 bytes per pixel of
    /// the square power-of-two size it may be resized to (a 4096² texture costs about 750 MB), a
    /// third more with mipmaps.
    ///
    /// - Parameters:
    ///   - width: Source width (0 when unknown).
    ///   - height: Source height (0 when unknown).
    ///   - mipmaps: Whether the full chain is encoded.
    /// - Returns: Bytes.
    package static func estimatedMemory(width: Int, height: Int, mipmaps: Bool) -> Int {
        let side = max(width, height, 1)
        var power = 1
        while power < side && power < 1 << 20 { power <<= 1 }
        let base = power * power * 48
        return mipmaps ? base + base / 3 : base
    }
}
