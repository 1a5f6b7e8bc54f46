import PVRTC

extension PVRTCEncoder {
    /// Everything an encode can be asked to do: the one options type of the encoder.
    public struct Options: Sendable, Equatable, Codable {
        /// Search effort.
        public var quality: Quality
        /// Worker threads for each level's search (at least 1). The output does not depend on it.
        public var threads: Int
        /// Build and encode the full mip chain down to 1x1.
        public var mipmaps: Bool
        /// Fill the colour under fully transparent pixels from nearby visible colour before encoding
        /// (see `AlphaBleed`). Has an effect only on images with transparency.
        public var alphaBleed: Bool
        /// How to make a non-square image square; `nil` refuses non-square images.
        public var square: ResizePolicy?
        /// How to reach power-of-two sides; `nil` refuses other sizes.
        public var pot: ResizePolicy?

        /// Creates options; the defaults are best quality on every core, one level, alpha bleed on,
        /// and no resizing.
        ///
        /// - Parameters:
        ///   - quality: Search effort.
        ///   - threads: Worker threads per level (values below 1 count as 1); `nil` uses every processor.
        ///   - mipmaps: Whether to build and encode the full mip chain.
        ///   - alphaBleed: Whether to fill the colour under fully transparent pixels.
        ///   - square: How to make a non-square image square, or `nil` to refuse it.
        ///   - pot: How to reach power-of-two sides, or `nil` to refuse other sizes.
        public init(
            quality: Quality = .best,
            threads: Int? = nil,
            mipmaps: Bool = false,
            alphaBleed: Bool = true,
            square: ResizePolicy? = nil,
            pot: ResizePolicy? = nil
        ) {
            self.quality = quality
            self.threads = threads ?? Parallel.processorCount
            self.mipmaps = mipmaps
            self.alphaBleed = alphaBleed
            self.square = square
            self.pot = pot
        }
    }

    /// How to reach a size PVRTC1 needs.
    public enum ResizePolicy: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
        /// Enlarge the canvas, the image at the top-left (transparent pad for images with alpha,
        /// edge-extended for opaque ones).
        case pad
        /// Resample the image to the new size (Lanczos-3, alpha-weighted).
        case stretch

        /// The policy's name, as the command line spells it.
        public var description: String { rawValue }
    }
}
