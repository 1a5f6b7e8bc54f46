import PVRTC

/// What the search stages know of the format they encode: its block geometry, how its modulation chooses
/// weights between a block's two colours, and how its words are laid out. The stages read the format only
/// through this value, one set of stage files for every format, as Arm's astc-encoder drives one set of
/// stages with a block-size descriptor.
///
/// Every PVRTC variant stores a block as one 64-bit word pair (modulation, colour) with the same endpoint
/// layouts; they differ in the block size (4×4 at 4bpp, 8×4 at 2bpp), in the modulation (two bits per pixel,
/// or one bit per pixel on average with an interpolated mode) and, for PVRTC2, in the word order (linear
/// rather than Morton, which `PVRTCFormat.wordIndex` gives ``BlockPacking``) and the colour word's
/// hard-transition and opacity flags. ``EndpointQuantization`` keeps a PVRTC2 block's two colours to one
/// opacity, and ``BlockPacking`` writes PVRTC2's colour word with the hard-transition flag clear.
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

    /// The format the descriptor stands for.
    let format: PVRTCFormat
    /// Block width and height in pixels (powers of two).
    let blockWidth: Int, blockHeight: Int
    /// log2 of ``blockWidth`` and ``blockHeight``.
    let blockWidthShift: Int, blockHeightShift: Int
    /// How the modulation word chooses weights.
    let modulation: Modulation
    /// Whether the colour word holds a hard-transition flag (PVRTC2): no interpolation across the block's
    /// edge with its neighbours.
    let hasHardTransitionFlag: Bool
    /// Whether the colour word holds an opacity flag (PVRTC2) instead of per-endpoint opaque bits.
    let hasOpacityFlag: Bool
    /// The pixels a block's endpoints reach and its bilinear weight at each.
    let windowShape: WindowShape

    /// A descriptor of `format`'s block of `blockWidth × blockHeight` pixels.
    private init(
        format: PVRTCFormat, modulation: Modulation, hasHardTransitionFlag: Bool, hasOpacityFlag: Bool
    ) {
        self.format = format
        blockWidth = format.blockWidth
        blockHeight = format.blockHeight
        blockWidthShift = format.blockWidth.trailingZeroBitCount
        blockHeightShift = format.blockHeight.trailingZeroBitCount
        self.modulation = modulation
        self.hasHardTransitionFlag = hasHardTransitionFlag
        self.hasOpacityFlag = hasOpacityFlag
        windowShape = WindowShape(blockWidth: format.blockWidth, blockHeight: format.blockHeight)
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 4bpp: 4×4 blocks, two-bit modulation with the punch-through mode.
    static let pvrtc1_4bpp = BlockFormat(
        format: .pvrtc1_4bpp, modulation: .fourLevel, hasHardTransitionFlag: false, hasOpacityFlag: false)

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 2bpp: 8×4 blocks, direct or interpolated modulation.
    static let pvrtc1_2bpp = BlockFormat(
        format: .pvrtc1_2bpp, modulation: .directOrInterpolated, hasHardTransitionFlag: false, hasOpacityFlag: false)

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC2 4bpp: PVRTC1 4bpp's blocks with the hard-transition and opacity flags.
    static let pvrtc2_4bpp = BlockFormat(
        format: .pvrtc2_4bpp, modulation: .fourLevel, hasHardTransitionFlag: true, hasOpacityFlag: true)

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC2 2bpp: PVRTC1 2bpp's blocks with the hard-transition and opacity flags.
    static let pvrtc2_2bpp = BlockFormat(
        format: .pvrtc2_2bpp, modulation: .directOrInterpolated, hasHardTransitionFlag: true, hasOpacityFlag: true)

    /// The descriptor of `format`.
    init(_ format: PVRTCFormat) {
        switch format {
        case .pvrtc1_4bpp: self = .pvrtc1_4bpp
        case .pvrtc1_2bpp: self = .pvrtc1_2bpp
        case .pvrtc2_4bpp: self = .pvrtc2_4bpp
        case .pvrtc2_2bpp: self = .pvrtc2_2bpp
        }
    }

    /// The bit a translucent colour's 3-bit alpha is padded with to 4 bits: 0 for PVRTC1 and PVRTC2 colour A,
    /// 1 for PVRTC2 colour B (whose largest translucent alpha is therefore 255).
    @inline(__always)
    func alphaPadding(slotB: Bool) -> Int { hasOpacityFlag && slotB ? 1 : 0 }

    /// Whether a block can use the punch-through mode (weights 0, 1/2, 1/2 with alpha 0, 1).
    var hasPunchThrough: Bool { modulation == .fourLevel }

    /// Whether a punch-through pixel with value 2 decodes to transparent black (PVRTC2) rather than to the
    /// midpoint of A and B with alpha 0 (PVRTC1).
    var punchesToBlack: Bool { hasPunchThrough && hasOpacityFlag }
}
