/// The PVRTC variant a level's blocks are in: its generation, block geometry and rate.
///
/// Every variant stores one 64-bit word per block (modulation word then colour word). What differs:
/// - the block's footprint in pixels: 4x4 at 4bpp, 8x4 at 2bpp (reference A.9);
/// - the word order: PVRTC1 stores the block grid in reflected Morton order, PVRTC2 row by row
///   (``usesMortonOrder``);
/// - the grid: PVRTC1 pads each side of a level to at least two blocks, PVRTC2 only rounds up to whole
///   blocks (``minimumBlocksPerSide-swift.property``);
/// - the colour word: PVRTC2 has one opacity flag for both colours and a hard-transition flag where PVRTC1
///   keeps colour A's opacity flag.
///
/// The container codes of each variant live in `TextureFormats`' `PixelFormatTable`.
public enum PVRTCFormat: String, Sendable, Hashable, CaseIterable, Codable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 at 4 bits per pixel: 4x4-pixel blocks.
    case pvrtc1_4bpp
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 at 2 bits per pixel: 8x4-pixel blocks.
    case pvrtc1_2bpp
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC2 (PVRTC-II) at 4 bits per pixel: 4x4-pixel blocks, words in row order, any size.
    case pvrtc2_4bpp
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC2 (PVRTC-II) at 2 bits per pixel: 8x4-pixel blocks, words in row order, any size.
    case pvrtc2_2bpp

    /// True for the second generation (``pvrtc2_4bpp``, ``pvrtc2_2bpp``).
    @inlinable
    public var isPVRTC2: Bool {
        switch self {
        case .pvrtc1_4bpp, .pvrtc1_2bpp: return false
        case .pvrtc2_4bpp, .pvrtc2_2bpp: return true
        }
    }

    /// Block width in pixels: 4 at 4bpp, 8 at 2bpp.
    @inlinable
    public var blockWidth: Int {
        switch self {
        case .pvrtc1_4bpp, .pvrtc2_4bpp: return 4
        case .pvrtc1_2bpp, .pvrtc2_2bpp: return 8
        }
    }

    /// Block height in pixels: 4 for every variant.
    @inlinable
    public var blockHeight: Int { 4 }

    /// Bytes per block: 8 (one 64-bit word) for every variant.
    @inlinable
    public var bytesPerBlock: Int { 8 }

    /// Bits per pixel: 4 or 2.
    @inlinable
    public var bitsPerPixel: Int { bytesPerBlock * 8 / (blockWidth * blockHeight) }

    /// True when the words are stored in reflected Morton order (PVRTC1); PVRTC2 stores them row by row.
    @inlinable
    public var usesMortonOrder: Bool { !isPVRTC2 }

    /// The fewest blocks along either side of a PVRTC1 level (smaller levels are padded to it); the
    /// per-variant value is ``minimumBlocksPerSide-swift.property``.
    public static let minimumBlocksPerSide = 2

    /// The fewest blocks along either side of a level of this variant: 2 for PVRTC1 (smaller levels are
    /// padded to it), 1 for PVRTC2.
    @inlinable
    public var minimumBlocksPerSide: Int { isPVRTC2 ? 1 : PVRTCFormat.minimumBlocksPerSide }

    /// Blocks across a level `width` pixels wide: `ceil(width / blockWidth)`, at least
    /// ``minimumBlocksPerSide-swift.property``.
    @inlinable
    public func blocksWide(_ width: Int) -> Int {
        max((width + blockWidth - 1) / blockWidth, minimumBlocksPerSide)
    }

    /// Blocks down a level `height` pixels high: `ceil(height / blockHeight)`, at least
    /// ``minimumBlocksPerSide-swift.property``.
    @inlinable
    public func blocksHigh(_ height: Int) -> Int {
        max((height + blockHeight - 1) / blockHeight, minimumBlocksPerSide)
    }

    /// Bytes of one level: blocks across times blocks down times ``bytesPerBlock``; for PVRTC1 4bpp
    /// `max(w, 8) * max(h, 8) / 2`, for PVRTC1 2bpp `max(w, 16) * max(h, 8) / 4`, for PVRTC2
    /// `ceil(w / 4) * ceil(h / 4) * 8` or `ceil(w / 8) * ceil(h / 4) * 8`.
    @inlinable
    public func byteCount(width: Int, height: Int) -> Int {
        blocksWide(width) * blocksHigh(height) * bytesPerBlock
    }

    /// The index of block (`x`, `y`) among the level's words: its reflected Morton offset for PVRTC1, its
    /// row-major index for PVRTC2.
    public func wordIndex(x: Int, y: Int, blocksWide: Int, blocksHigh: Int) -> Int {
        usesMortonOrder
            ? Morton.offset(x: x, y: y, blocksWide: blocksWide, blocksHigh: blocksHigh) : y * blocksWide + x
    }

    /// The usual name, for messages and `pvrc info`: `PVRTC1 4bpp`, `PVRTC1 2bpp`, `PVRTC2 (PVRTC-II) 4bpp`
    /// or `PVRTC2 (PVRTC-II) 2bpp` (`rawValue` is the stable spelling for files and options).
    public var displayName: String {
        isPVRTC2 ? "PVRTC2 (PVRTC-II) \(bitsPerPixel)bpp" : "PVRTC1 \(bitsPerPixel)bpp"
    }
}
