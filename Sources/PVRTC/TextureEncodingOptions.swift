/// Settings of the whole texture pipeline run by ``PVRTCTextureEncoder``.
public struct TextureEncodingOptions: Sendable, Equatable {
    /// Search effort of the block encoder.
    public var quality: PVRTCEncoder.Quality
    /// Worker threads for each level's encode (at least 1). The output does not depend on it.
    public var threads: Int
    /// Build and encode the full mip chain down to 1x1.
    public var mipmaps: Bool
    /// Fill the colour under fully transparent pixels from nearby visible colour before encoding
    /// (see ``AlphaBleed``). Has an effect only on images with transparency.
    public var alphaBleed: Bool
    /// How to make a non-square image square; `nil` refuses non-square images.
    public var square: ImagePreparation.Policy?
    /// How to reach power-of-two sides; `nil` refuses other sizes.
    public var pot: ImagePreparation.Policy?

    /// Creates options; the defaults are best quality on every core, one level, alpha bleed on,
    /// and no resizing.
    public init(
        quality: PVRTCEncoder.Quality = .best,
        threads: Int = Parallel.processorCount,
        mipmaps: Bool = false,
        alphaBleed: Bool = true,
        square: ImagePreparation.Policy? = nil,
        pot: ImagePreparation.Policy? = nil
    ) {
        self.quality = quality
        self.threads = threads
        self.mipmaps = mipmaps
        self.alphaBleed = alphaBleed
        self.square = square
        self.pot = pot
    }
}
