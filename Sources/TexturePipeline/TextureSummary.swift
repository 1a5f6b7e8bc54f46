/// What one output texture holds, as a report lists it.
public struct TextureSummary: Sendable, Equatable, Codable {
    /// Width of level 0 in pixels.
    public var width: Int
    /// Height of level 0 in pixels.
    public var height: Int
    /// Whether the texture is RGBA (otherwise RGB).
    public var hasAlpha: Bool
    /// The number of mip levels.
    public var levels: Int
    /// The output file's size in bytes.
    public var bytes: Int
    /// Level 0's quality against the prepared source, when it was measured.
    public var quality: TextureQuality?

    /// A summary.
    ///
    /// - Parameters:
    ///   - width: Width of level 0.
    ///   - height: Height of level 0.
    ///   - hasAlpha: Whether the texture is RGBA.
    ///   - levels: The number of mip levels.
    ///   - bytes: The output file's size.
    ///   - quality: Level 0's quality, if measured.
    package init(width: Int, height: Int, hasAlpha: Bool, levels: Int, bytes: Int, quality: TextureQuality?) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.levels = levels
        self.bytes = bytes
        self.quality = quality
    }
}

/// Level 0's PSNR figures against the source image (after resizing), in decibels.
public struct TextureQuality: Sendable, Equatable, Codable {
    /// Luma (Rec. 709 Y) PSNR.
    public var yPSNR: Double
    /// Alpha-weighted RGB PSNR (images with transparency only).
    public var alphaWeightedRGBPSNR: Double?
    /// Alpha PSNR (images with transparency only).
    public var alphaPSNR: Double?

    /// Quality figures.
    ///
    /// - Parameters:
    ///   - yPSNR: Luma PSNR.
    ///   - alphaWeightedRGBPSNR: Alpha-weighted RGB PSNR, if the image has transparency.
    ///   - alphaPSNR: Alpha PSNR, if the image has transparency.
    package init(yPSNR: Double, alphaWeightedRGBPSNR: Double?, alphaPSNR: Double?) {
        self.yPSNR = yPSNR
        self.alphaWeightedRGBPSNR = alphaWeightedRGBPSNR
        self.alphaPSNR = alphaPSNR
    }
}
