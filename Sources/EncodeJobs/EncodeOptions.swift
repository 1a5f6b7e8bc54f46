import Imaging
import PVRTC
import PVRTCSearch

/// Everything an encode job can be asked to do: how to prepare the image (``prepare(_:)``: size,
/// flips, mip chain, alpha bleed, premultiplication, colour space) and the codec's options
/// (``codec``: quality, threads, format). The option table (`EncodingOption.all`), manifests, the
/// build cache key and the SwiftPM plugin all read and write this one value.
public struct EncodeOptions: Sendable, Equatable, Codable {
    /// Search effort.
    public var quality: PVRTCEncoder.Quality
    /// Worker threads for each level's search (at least 1). The output does not depend on it.
    public var threads: Int
    /// Build and encode the full mip chain down to 1x1.
    public var mipmaps: Bool
    /// Fill the colour under fully transparent pixels from nearby visible colour before encoding
    /// (see `AlphaBleed`). Has an effect only on images with transparency.
    public var alphaBleed: Bool
    /// How to make a non-square image square; `nil` refuses non-square images (PVRTC1) or keeps
    /// their shape (PVRTC2, which stores any size).
    public var square: ResizePolicy?
    /// How to reach power-of-two sides; `nil` refuses other sizes (PVRTC1) or keeps them (PVRTC2).
    public var pot: ResizePolicy?
    /// The most pixels the source image and the prepared (padded or stretched) level 0 may
    /// have; checked before anything of that size is allocated.
    public var pixelLimit: PixelLimit = .standard
    /// Mirror the image left-right before encoding and record it (x increases leftwards).
    public var flipX: Bool
    /// Mirror the image top-bottom before encoding (bottom row stored first, OpenGL's t = 0 at the
    /// bottom) and record it (y increases upwards).
    public var flipY: Bool
    /// Multiply colour by alpha before encoding and mark the texture premultiplied. The multiplication
    /// happens in linear light when ``colorSpace`` is `ColorSpace/srgb`, on the stored values
    /// otherwise (see `Premultiplication`). Alpha bleed is skipped: premultiplied transparent pixels
    /// are black by definition.
    public var premultiply: Bool
    /// The data's colour space. `nil` (the default) keeps pvrc's original behaviour: mips averaged in
    /// linear light, as for sRGB colour, but the file labelled linear (PVR v3 colour space 0, KTX
    /// 0x8C00/0x8C02). `ColorSpace/srgb` averages in linear light and labels the file sRGB (PVR v3
    /// colour space 1, KTX 0x8A55/0x8A57); `ColorSpace/linear` averages stored values and labels it linear.
    public var colorSpace: ColorSpace?
    /// Tangent-space normal map: linear data, mips renormalised to unit vectors (`NormalMapMipChain`),
    /// X/Y error weighted double, no alpha bleed, no premultiplication. Cannot be combined with
    /// ``premultiply`` or ``colorSpace`` sRGB (``validate()``).
    public var normalMap: Bool
    /// Halve the image (Lanczos-3, alpha-weighted) until both sides are at most this many pixels,
    /// before any other resizing; `nil` keeps the size.
    public var maxSize: Int?
    /// Accept non-square power-of-two sizes (valid PVRTC1; iOS refuses them) instead of requiring
    /// ``square``. PVRTC2 accepts every size, so it changes nothing there.
    public var allowRectangular: Bool
    /// The PVRTC variant to encode: PVRTC1 (the default; PowerVR and Apple GPUs) or PVRTC2 (PVRTC-II;
    /// any size, PowerVR SGX 5XT and later only), at 4 (the default) or 2 bits per pixel. The command
    /// line and manifests set its generation with `codec` and its rate with `bpp`.
    public var format: PVRTCFormat {
        get { storedFormat ?? .pvrtc1_4bpp }
        set { storedFormat = newValue == .pvrtc1_4bpp ? nil : newValue }
    }
    /// ``format`` as stored and coded: `nil` for PVRTC1 4bpp, so that options coded before 2bpp existed
    /// (no `format` key) decode as PVRTC1 4bpp and PVRTC1 4bpp options code as they did then; the other
    /// variants under their raw values (`pvrtc1_2bpp`, `pvrtc2_4bpp`, `pvrtc2_2bpp`).
    private var storedFormat: PVRTCFormat?

    /// The coding keys: the property names, ``format`` stored under `format`.
    private enum CodingKeys: String, CodingKey {
        case quality, threads, mipmaps, alphaBleed, square, pot, pixelLimit, flipX, flipY, premultiply
        case colorSpace, normalMap, maxSize, allowRectangular
        case storedFormat = "format"
    }

    /// Creates options; the defaults are best quality on every core, one level, alpha bleed on,
    /// no resizing, no flip, straight alpha, pvrc's original colour handling, colour (not normal) data.
    ///
    /// - Parameters:
    ///   - quality: Search effort.
    ///   - threads: Worker threads per level (values below 1 count as 1); `nil` uses every processor.
    ///   - mipmaps: Whether to build and encode the full mip chain.
    ///   - alphaBleed: Whether to fill the colour under fully transparent pixels.
    ///   - square: How to make a non-square image square, or `nil` to refuse it.
    ///   - pot: How to reach power-of-two sides, or `nil` to refuse other sizes.
    ///   - flipX: Mirror left-right and record it.
    ///   - flipY: Mirror top-bottom (bottom row first) and record it.
    ///   - premultiply: Multiply colour by alpha and mark the texture premultiplied.
    ///   - colorSpace: The data's colour space, or `nil` for the original behaviour.
    ///   - normalMap: Treat the image as a tangent-space normal map.
    ///   - maxSize: Halve the image until both sides fit, or `nil`.
    ///   - allowRectangular: Accept non-square power-of-two sizes.
    ///   - format: The PVRTC variant (PVRTC1 or PVRTC2, 4bpp or 2bpp).
    public init(
        quality: PVRTCEncoder.Quality = .best,
        threads: Int? = nil,
        mipmaps: Bool = false,
        alphaBleed: Bool = true,
        square: ResizePolicy? = nil,
        pot: ResizePolicy? = nil,
        flipX: Bool = false,
        flipY: Bool = false,
        premultiply: Bool = false,
        colorSpace: ColorSpace? = nil,
        normalMap: Bool = false,
        maxSize: Int? = nil,
        allowRectangular: Bool = false,
        format: PVRTCFormat = .pvrtc1_4bpp
    ) {
        self.quality = quality
        self.threads = threads ?? Parallel.processorCount
        self.mipmaps = mipmaps
        self.alphaBleed = alphaBleed
        self.square = square
        self.pot = pot
        self.flipX = flipX
        self.flipY = flipY
        self.premultiply = premultiply
        self.colorSpace = colorSpace
        self.normalMap = normalMap
        self.maxSize = maxSize
        self.allowRectangular = allowRectangular
        self.storedFormat = format == .pvrtc1_4bpp ? nil : format
    }

    /// Checks that the options can be used together and are in range; ``prepare(_:)`` and
    /// `EncodeJob.check()` call it before any work.
    ///
    /// - Throws: `EncodingError.conflictingOptions` for a normal map that is premultiplied or labelled
    ///   sRGB; `EncodingError.invalidMaximumSize` for a ``maxSize`` below 1.
    public func validate() throws(EncodingError) {
        if let maxSize, maxSize < 1 { throw .invalidMaximumSize(maxSize) }
        if normalMap && premultiply { throw .conflictingOptions(.normalMapPremultiplied) }
        if normalMap && colorSpace == .srgb { throw .conflictingOptions(.normalMapSRGB) }
    }

    /// The codec's share of the options: quality, threads, format and the normal-map error measure.
    public var codec: PVRTCEncoder.Options {
        PVRTCEncoder.Options(quality: quality, threads: max(threads, 1), format: format, normalMap: normalMap)
    }

    /// The metadata a texture encoded with these options carries.
    public var metadata: TextureMetadata {
        TextureMetadata(
            orientation: TextureOrientation(xLeft: flipX, yUp: flipY),
            isPremultiplied: premultiply && !normalMap,
            colorSpace: normalMap ? .linear : (colorSpace ?? .linear))
    }
}
