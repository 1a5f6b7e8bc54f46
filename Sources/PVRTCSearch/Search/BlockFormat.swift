import PVRTC

/// What the search stages know of the format they encode: its block geometry, how its modulation chooses
/// weights between a block's two colours, and how its words are laid out. The stages read the format only
/// through this value, one set of stage files for every format, as Arm's astc-encoder drives one set of
/// stages with a block-size descriptor.
///
/// Every PVRTC variant stores a block as one 64-bit word pair (modulation, colour) with the same endpoint
/// layouts; they differ in the block size (4×4 at 4bpp, 8×4 at 2bpp), in the modulation (two bits per pixel,
/// or one bit per pixel on average with an interpolated mode) and, for PVRTC2, in the word order (linear
/// rather than Morton) and the colour word's hard-transition and opacity flags. PVRTC2 is meant to be
/// another value here; no stage handles its flags yet, so ``init(_:)`` has none for it.
struct BlockFormat: Sendable, Equatable {
    /// How a block's modulation word chooses each pixel's weight between the block colours A and B.
    enum Modulation: Sendable, Equatable {
        /// Two bits per pixel (PVRTC1 4bpp): weights 0, 3/8, 5/8 and 1, or with the colour word's mode bit
        /// set (punch-through) 0, 1/2, 1/2 with alpha 0, and 1.
        case fourLevel
        /// Two bits per pixel on average (PVRTC1 2bpp): with the colour word's mode bit clear one bit per pixel
        /// (weight 0 or 1, "direct"); set, two bits for each of the block's 16 checkerboard pixels and the
        /// other 16 averaged from their neighbours under one of three rules (`TwoBitModulation.Averaging`,
        /// "interpolated").
        case directOrInterpolated
    }

    /// The order of a level's blocks in its data.
    enum WordOrder: Sendable, Equatable {
        /// Morton (Z) order over the square part of the block grid (PVRTC1).
        case morton
        /// Row by row (PVRTC2).
        case linear
    }

    /// The format the descriptor stands for.
    let format: PVRTCFormat
    /// Block width and height in pixels (powers of two).
    let blockWidth: Int, blockHeight: Int
    /// log2 of ``blockWidth`` and ``blockHeight``.
    let blockWidthShift: Int, blockHeightShift: Int
    /// How the modulation word chooses weights.
    let modulation: Modulation
    /// The order of the blocks in the level's data.
    let wordOrder: WordOrder
    /// Whether the colour word holds a hard-transition flag (PVRTC2): no interpolation across the block's
    /// edge with its neighbours.
    let hasHardTransitionFlag: Bool
    /// Whether the colour word holds an opacity flag (PVRTC2) instead of per-endpoint opaque bits.
    let hasOpacityFlag: Bool
    /// The pixels a block's endpoints reach and its bilinear weight at each.
    let windowShape: BlockWindow.Shape

    /// A descriptor of `format`'s block of `blockWidth × blockHeight` pixels.
    private init(
        format: PVRTCFormat, modulation: Modulation, wordOrder: WordOrder, hasHardTransitionFlag: Bool,
        hasOpacityFlag: Bool
    ) {
        self.format = format
        blockWidth = format.blockWidth
        blockHeight = format.blockHeight
        blockWidthShift = format.blockWidth.trailingZeroBitCount
        blockHeightShift = format.blockHeight.trailingZeroBitCount
        self.modulation = modulation
        self.wordOrder = wordOrder
        self.hasHardTransitionFlag = hasHardTransitionFlag
        self.hasOpacityFlag = hasOpacityFlag
        windowShape = BlockWindow.Shape(blockWidth: format.blockWidth, blockHeight: format.blockHeight)
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 4bpp: 4×4 blocks, two-bit modulation with the punch-through mode, Morton order.
    static let pvrtc1_4bpp = BlockFormat(
        format: .pvrtc1_4bpp, modulation: .fourLevel, wordOrder: .morton, hasHardTransitionFlag: false,
        hasOpacityFlag: false)

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 2bpp: 8×4 blocks, direct or interpolated modulation, Morton order.
    static let pvrtc1_2bpp = BlockFormat(
        format: .pvrtc1_2bpp, modulation: .directOrInterpolated, wordOrder: .morton, hasHardTransitionFlag: false,
        hasOpacityFlag: false)

    /// The descriptor of `format`, or `nil` for a format the search cannot encode (PVRTC2).
    init?(_ format: PVRTCFormat) {
        switch format {
        case .pvrtc1_4bpp: self = .pvrtc1_4bpp
        case .pvrtc1_2bpp: self = .pvrtc1_2bpp
        case .pvrtc2_4bpp, .pvrtc2_2bpp: return nil
        }
    }

    /// Pixels in a block (`blockWidth·blockHeight`): the total of the four bilinear weights at any pixel.
    var blockArea: Int { blockWidth * blockHeight }
}
