import Imaging
import PVRTC
import PVRTCSearch

extension EncodeOptions {
    /// Prepares `image` for the codec, in order: ``maxSize`` halving (`ImageSizeLimit`), the PVRTC1
    /// size checks and the ``square``/``pot`` policies (``pixelLimit`` checked before anything of the
    /// new size is allocated; for a PVRTC2 ``format`` no size is required, and only the policies given
    /// resize), the flip, the mip chain (``mipmaps``: halving rounding down; linear-light and alpha-weighted
    /// for colour, stored values for ``colorSpace`` linear, renormalised vectors for a ``normalMap``;
    /// see `MipChain`, `NormalMapMipChain`), premultiplication (``premultiply``, `Premultiplication`),
    /// then alpha bleed on every level (``alphaBleed``, images with transparency that are neither
    /// premultiplied nor normal maps; see `AlphaBleed`). Every step is deterministic.
    ///
    /// - Parameter image: The source image.
    /// - Returns: The levels to encode with ``codec``, the reference levels and the texture's metadata.
    /// - Throws: ``validate()``'s errors; `EncodingError` for sizes the policies do not cover or over
    ///   the pixel limit.
    public func prepare(_ image: RGBAImage) throws -> PreparedLevels {
        try validate()
        let references = try referenceLevels(image)
        let metadata = self.metadata
        var levels = references
        if references[0].hasTransparency && alphaBleed && !metadata.isPremultiplied && !normalMap {
            levels = levels.map { AlphaBleed.apply(to: $0) }
        }
        return PreparedLevels(references: references, levels: levels, metadata: metadata)
    }

    /// The levels the encoder approximates for `image` (``PreparedLevels/references``), without the
    /// alpha bleed that only ``prepare(_:)``'s encoder levels need.
    ///
    /// - Parameter image: The source image.
    /// - Returns: One image per level the encode produces (one, or the whole chain with ``mipmaps``).
    /// - Throws: ``validate()``'s errors; `EncodingError` for sizes the policies do not cover or over the
    ///   pixel limit.
    public func referenceLevels(_ image: RGBAImage) throws -> [RGBAImage] {
        try validate()
        var source = image
        if let maxSize {
            source = try ImageSizeLimit.fit(source, maximumSide: maxSize)
        }
        let metadata = self.metadata
        let sized =
            format.isPVRTC2
            ? try PVRTC1Sizing.resized(source, square: square, pot: pot, pixelLimit: pixelLimit)
            : try PVRTC1Sizing.prepare(
                source, square: square, pot: pot, allowRectangular: allowRectangular, pixelLimit: pixelLimit)
        let prepared = metadata.orientation.upright(sized)
        var levels = [prepared]
        if mipmaps {
            levels =
                normalMap
                ? NormalMapMipChain.build(from: prepared)
                : MipChain.build(from: prepared, colorSpace: colorSpace ?? .srgb)
        }
        if prepared.hasTransparency && metadata.isPremultiplied {
            levels = levels.map { Premultiplication.premultiplied($0, colorSpace: metadata.colorSpace) }
        }
        return levels
    }
}
