/// One level of a PVRTC texture: its size, its variant (``PVRTCFormat``) and its 64-bit block words (in
/// reflected Morton order for PVRTC1, row by row for PVRTC2), exactly as they are stored in a file and passed
/// to `glCompressedTexImage2D`.
public struct PVRTCImage: Sendable, Equatable {
    /// The largest width or height pvrc accepts.
    public static let maximumDimension = 16384

    /// Width in pixels (a power of two for PVRTC1).
    public let width: Int
    /// Height in pixels (a power of two for PVRTC1).
    public let height: Int
    /// The PVRTC variant, which fixes the block size.
    public let format: PVRTCFormat
    /// Block data, eight bytes per block (modulation word then colour word, both little-endian),
    /// ``byteCount(width:height:format:)`` bytes in the variant's word order
    /// (``PVRTCFormat/usesMortonOrder``).
    public var data: [UInt8]

    /// Wraps existing block data.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - data: The blocks in the variant's word order.
    ///   - format: The variant the blocks are in (default PVRTC1 4bpp).
    /// - Throws: ``PVRTCError/invalidDimensions(width:height:reason:)`` unless the size suits `format`
    ///   (``validate(width:height:format:)``); ``PVRTCError/bufferSizeMismatch(expected:actual:)`` when `data`
    ///   is not ``byteCount(width:height:format:)`` bytes.
    public init(width: Int, height: Int, data: [UInt8], format: PVRTCFormat = .pvrtc1_4bpp) throws {
        try PVRTCImage.validate(width: width, height: height, format: format)
        let expected = format.byteCount(width: width, height: height)
        guard data.count == expected else {
            throw PVRTCError.bufferSizeMismatch(expected: expected, actual: data.count)
        }
        self.width = width
        self.height = height
        self.format = format
        self.data = data
    }

    /// Checks that a size can hold data of `format`: both sides positive and at most ``maximumDimension``,
    /// and for PVRTC1 powers of two (PVRTC2 takes any size).
    /// - Throws: ``PVRTCError/invalidDimensions(width:height:reason:)`` naming the rule broken.
    public static func validate(width: Int, height: Int, format: PVRTCFormat = .pvrtc1_4bpp) throws {
        guard width > 0, height > 0 else {
            throw PVRTCError.invalidDimensions(width: width, height: height, reason: "sizes must be positive")
        }
        guard width <= maximumDimension, height <= maximumDimension else {
            throw PVRTCError.invalidDimensions(
                width: width, height: height, reason: "larger than the \(maximumDimension) limit")
        }
        guard format.isPVRTC2 || (width.nonzeroBitCount == 1 && height.nonzeroBitCount == 1) else {
            throw PVRTCError.invalidDimensions(
                width: width, height: height, reason: "PVRTC1 needs power-of-two sizes")
        }
    }

    /// Blocks across (``PVRTCFormat/blocksWide(_:)``): PVRTC1 pads narrow levels to two blocks.
    public var blocksWide: Int { format.blocksWide(width) }
    /// Blocks down (``PVRTCFormat/blocksHigh(_:)``).
    public var blocksHigh: Int { format.blocksHigh(height) }

    /// Bytes in one level of `format` (``PVRTCFormat/byteCount(width:height:)``): for PVRTC1 4bpp
    /// `max(w, 8) * max(h, 8) / 2`, for PVRTC1 2bpp `max(w, 16) * max(h, 8) / 4`.
    @inlinable
    public static func byteCount(width: Int, height: Int, format: PVRTCFormat = .pvrtc1_4bpp) -> Int {
        format.byteCount(width: width, height: height)
    }

    /// Reads block (bx, by).
    public func block(x bx: Int, y by: Int) -> PVRTCBlock {
        let offset = format.wordIndex(x: bx, y: by, blocksWide: blocksWide, blocksHigh: blocksHigh) * 8
        return PVRTCBlock(bytes: data, at: offset)
    }

    /// Writes block (bx, by).
    public mutating func setBlock(_ block: PVRTCBlock, x bx: Int, y by: Int) {
        let offset = format.wordIndex(x: bx, y: by, blocksWide: blocksWide, blocksHigh: blocksHigh) * 8
        block.store(into: &data, at: offset)
    }

    /// Builds a level from blocks given in linear order (`blocks[by * blocksWide + bx]`).
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - blocks: `blocksWide * blocksHigh` blocks, row by row.
    ///   - format: The variant the blocks are in (default PVRTC1 4bpp).
    /// - Throws: as ``init(width:height:data:format:)``.
    public init(
        width: Int, height: Int, linearBlocks blocks: [PVRTCBlock], format: PVRTCFormat = .pvrtc1_4bpp
    ) throws {
        try PVRTCImage.validate(width: width, height: height, format: format)
        let bw = format.blocksWide(width)
        let bh = format.blocksHigh(height)
        guard blocks.count == bw * bh else {
            throw PVRTCError.bufferSizeMismatch(
                expected: bw * bh * format.bytesPerBlock, actual: blocks.count * format.bytesPerBlock)
        }
        var data = [UInt8](repeating: 0, count: bw * bh * 8)
        for by in 0..<bh {
            for bx in 0..<bw {
                let offset = format.wordIndex(x: bx, y: by, blocksWide: bw, blocksHigh: bh) * 8
                blocks[by * bw + bx].store(into: &data, at: offset)
            }
        }
        self.width = width
        self.height = height
        self.format = format
        self.data = data
    }

    /// The blocks in linear order (`[by * blocksWide + bx]`), undoing PVRTC1's Morton permutation.
    public var linearBlocks: [PVRTCBlock] {
        let bw = blocksWide
        let bh = blocksHigh
        var blocks = [PVRTCBlock](repeating: PVRTCBlock(modulation: 0, color: 0), count: bw * bh)
        for by in 0..<bh {
            for bx in 0..<bw {
                let offset = format.wordIndex(x: bx, y: by, blocksWide: bw, blocksHigh: bh) * 8
                blocks[by * bw + bx] = PVRTCBlock(bytes: data, at: offset)
            }
        }
        return blocks
    }
}

extension PVRTCImage: CustomStringConvertible {
    /// For example `256x256 PVRTC1 4bpp level, 32768 bytes`.
    public var description: String { "\(width)x\(height) \(format.displayName) level, \(data.count) bytes" }
}
