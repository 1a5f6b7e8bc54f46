import Imaging
import PVRTC

extension PVRTCEncoder {
    /// The codec's options: what to encode prepared levels into and how hard to search.
    ///
    /// Everything done to an image before the search (resizing, padding, flips, mip chains,
    /// premultiplication, alpha bleed) belongs to the caller; `EncodeJobs`' `EncodeOptions` does it for
    /// an image file or an `RGBAImage`.
    public struct Options: Sendable, Equatable, Hashable {
        /// Search effort.
        public var quality: Quality
        /// Worker threads for each level's search (at least 1). The output does not depend on it.
        public var threads: Int
        /// The PVRTC variant to encode: PVRTC1 4bpp (the default), PVRTC1 2bpp, PVRTC2 4bpp or PVRTC2 2bpp.
        public var format: PVRTCFormat
        /// Judge error as a tangent-space normal map: X and Y differences weighted double, then Z. When
        /// `false` the search judges colour: opaque levels mostly by Rec.709 luma, levels with alpha by
        /// alpha-weighted channel differences plus alpha.
        public var normalMap: Bool

        /// Creates options; the defaults are best quality on every core, PVRTC1 4bpp, colour data.
        ///
        /// - Parameters:
        ///   - quality: Search effort.
        ///   - threads: Worker threads per level (values below 1 count as 1); `nil` uses every processor.
        ///   - format: The PVRTC variant.
        ///   - normalMap: Judge error as a tangent-space normal map.
        public init(
            quality: Quality = .best, threads: Int? = nil, format: PVRTCFormat = .pvrtc1_4bpp,
            normalMap: Bool = false
        ) {
            self.quality = quality
            self.threads = threads ?? Parallel.processorCount
            self.format = format
            self.normalMap = normalMap
        }
    }
}
