import EncodeJobs
import Foundation
import TextureManifest

/// The `--report` JSON file: one record per texture of the build.
public struct BuildReport: Sendable, Encodable {
    /// One texture's record.
    package struct Texture: Sendable, Encodable {
        /// The source path relative to the source folder.
        package var input: String
        /// The output path relative to the output folder.
        package var output: String
        /// `built`, `cached`, `up-to-date` or `failed`.
        package var status: String
        /// Whether nothing was done because the output was up to date.
        package var skipped: Bool
        /// Whether the output came from the cache.
        package var fromCache: Bool
        /// Level 0's width.
        package var width: Int?
        /// Level 0's height.
        package var height: Int?
        /// `RGB` or `RGBA`.
        package var kind: String?
        /// Mip levels.
        package var levels: Int?
        /// Output file size in bytes.
        package var bytes: Int?
        /// Seconds this build spent on the texture.
        package var seconds: Double
        /// Level 0's luma PSNR in dB (`"inf"` for a perfect match).
        package var yPSNR: Double?
        /// Level 0's alpha-weighted RGB PSNR in dB (textures with alpha).
        package var alphaWeightedRGBPSNR: Double?
        /// Level 0's alpha PSNR in dB (textures with alpha).
        package var alphaPSNR: Double?
        /// The failure, for failed textures.
        package var error: String?
        /// The effective options that decide the texture's bytes (`format` included; `threads` and
        /// `max-pixels` left out), by the names of `EncodingOption.all`, valued as a manifest spells
        /// them.
        package var options: [String: EncodingOptionValue]?

        enum CodingKeys: String, CodingKey {
            case input, output, status, skipped, width, height, kind, levels, bytes, seconds, error, options
            case fromCache = "from_cache"
            case yPSNR = "y_psnr"
            case alphaWeightedRGBPSNR = "aw_rgb_psnr"
            case alphaPSNR = "alpha_psnr"
        }
    }

    /// Every texture, in source path order.
    package var textures: [Texture]
    /// Textures encoded.
    package var built: Int
    /// Textures taken from the cache.
    package var cached: Int
    /// Textures already up to date.
    package var upToDate: Int
    /// Textures that failed.
    package var failed: Int
    /// Outputs deleted by `--prune`.
    package var pruned: [String]
    /// Seconds the build took.
    package var seconds: Double

    enum CodingKeys: String, CodingKey {
        case textures, built, cached, failed, pruned, seconds
        case upToDate = "up_to_date"
    }

    /// The report of a finished build.
    ///
    /// - Parameter summary: The build's summary.
    public init(_ summary: BuildSummary) {
        textures = summary.results.map { result in
            let status: String
            switch result.outcome {
            case .built: status = "built"
            case .cached: status = "cached"
            case .upToDate: status = "up-to-date"
            case .failed: status = "failed"
            }
            let summary = result.summary
            return Texture(
                input: result.source, output: result.output, status: status, skipped: status == "up-to-date",
                fromCache: status == "cached", width: summary?.width, height: summary?.height,
                kind: summary.map { $0.hasAlpha ? "RGBA" : "RGB" }, levels: summary?.levels, bytes: summary?.bytes,
                seconds: result.seconds, yPSNR: summary?.quality?.yPSNR,
                alphaWeightedRGBPSNR: summary?.quality?.alphaWeightedRGBPSNR, alphaPSNR: summary?.quality?.alphaPSNR,
                error: result.failureMessage, options: result.settings.map(Self.options))
        }
        built = summary.built
        cached = summary.cached
        upToDate = summary.upToDate
        failed = summary.failures.count
        pruned = summary.pruned
        seconds = summary.seconds
    }

    /// The options of `settings` that change the output and have a value.
    private static func options(_ settings: TextureSettings) -> [String: EncodingOptionValue] {
        let job = settings.job
        var options: [String: EncodingOptionValue] = [:]
        for option in EncodingOption.all where option.changesOutput {
            let value = option.value(in: job)
            if value != .none { options[option.name] = value }
        }
        return options
    }

    /// Writes the report as JSON (sorted keys), atomically.
    ///
    /// - Parameter url: The report file.
    /// - Throws: `PipelineError` when it cannot be written.
    public func write(to url: URL) throws {
        try JSONFile.write(self, to: url)
    }
}
