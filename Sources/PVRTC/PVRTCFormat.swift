/// The PVRTC variant a level's blocks are in: its block geometry and rate.
///
/// Every variant stores one 64-bit word per block (modulation word then colour word) in the reflected
/// Morton order of the block grid, and pads each side of a level to at least
/// ``minimumBlocksPerSide`` blocks. What differs is the block's footprint in pixels: 4x4 for
/// PVRTC1 4bpp, 8x4 for PVRTC1 2bpp (reference A.9). The container codes of each variant live in
/// `TextureFormats`' `PixelFormatTable`.
public enum PVRTCFormat: String, Sendable, Hashable, CaseIterable, Codable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 at 4 bits per pixel: 4x4-pixel blocks.
    case pvrtc1_4bpp
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// PVRTC1 at 2 bits per pixel: 8x4-pixel blocks.
    case pvrtc1_2bpp

    /// Block width in pixels: 4 for 4bpp, 8 for 2bpp.
    @inlinable
    public var blockWidth: Int {
        switch self {
        case .pvrtc1_4bpp: return 4
        case .pvrtc1_2bpp: return 8
        }
    }

    /// Block height in pixels: 4 for both PVRTC1 variants.
    @inlinable
    public var blockHeight: Int { 4 }

    /// Bytes per block: 8 (one 64-bit word) for both PVRTC1 variants.
    @inlinable
    public var bytesPerBlock: Int { 8 }

    /// Bits per pixel: 4 or 2.
    @inlinable
    public var bitsPerPixel: Int { bytesPerBlock * 8 / (blockWidth * blockHeight) }

    /// The fewest blocks along either side of a level; smaller levels are padded to it.
    public static let minimumBlocksPerSide = 2

    /// Blocks across a level `width` pixels wide: `max(ceil(width / blockWidth), 2)`.
    @inlinable
    public func blocksWide(_ width: Int) -> Int {
        max((width + blockWidth - 1) / blockWidth, PVRTCFormat.minimumBlocksPerSide)
    }

    /// Blocks down a level `height` pixels high: `max(ceil(height / blockHeight), 2)`.
    @inlinable
    public func blocksHigh(_ height: Int) -> Int {
        max((height + blockHeight - 1) / blockHeight, PVRTCFormat.minimumBlocksPerSide)
    }

    /// Bytes of one level: blocks across times blocks down times ``bytesPerBlock``; for 4bpp
    /// `max(w, 8) * max(h, 8) / 2`, for 2bpp `max(w, 16) * max(h, 8) / 4`.
    @inlinable
    public func byteCount(width: Int, height: Int) -> Int {
        blocksWide(width) * blocksHigh(height) * bytesPerBlock
    }

    /// The usual name, for messages and `pvrc info`: `PVRTC1 4bpp` or `PVRTC1 2bpp` (`rawValue` is
    /// the stable spelling for files and options).
    public var displayName: String { "PVRTC1 \(bitsPerPixel)bpp" }
}
