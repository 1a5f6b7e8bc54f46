import PVRTC

/// Any pixel format a PVR v2, PVR v3 or KTX 1.1 header can name, described for `pvrc info` and, for
/// the common uncompressed layouts, unpacked to RGBA by ``TextureFileDescription/image(level:face:threads:)``.
public struct TexturePixelFormat: Sendable, Equatable {
    /// One channel: its name (`r`, `g`, `b`, `a`, `l` luminance, `i` intensity, `x` unused, `d`
    /// depth, `s` stencil) and its width in bits.
    public struct Channel: Sendable, Equatable {
        /// The channel letter.
        public var name: Character
        /// Bits per pixel in this channel.
        public var bits: Int

        /// Creates a channel.
        public init(_ name: Character, _ bits: Int) {
            self.name = name
            self.bits = bits
        }
    }

    /// The block geometry of a block-compressed format.
    public struct Block: Sendable, Equatable {
        /// Pixels per block horizontally.
        public var width: Int
        /// Pixels per block vertically.
        public var height: Int
        /// Bytes per block.
        public var bytes: Int
        /// Fewest blocks per side a level occupies (2 for PVRTC1, 1 otherwise).
        public var minimumBlocks: Int

        /// Creates a block geometry.
        public init(width: Int, height: Int, bytes: Int, minimumBlocks: Int = 1) {
            self.width = width
            self.height = height
            self.bytes = bytes
            self.minimumBlocks = minimumBlocks
        }
    }

    /// How the channels of an uncompressed pixel are stored, for unpacking.
    public enum Packing: Sendable, Equatable {
        /// One byte per channel, in ``channels`` order.
        case bytes
        /// One little-endian 16-bit word per pixel, the first channel in the most significant bits
        /// (as OpenGL's `GL_UNSIGNED_SHORT_4_4_4_4`, `_5_5_5_1` and `_5_6_5`).
        case packed16
    }

    /// A name such as `RGBA4444`, `PVRTC1 4bpp RGBA`, `ETC2 RGBA` or `r8g8b8a8`.
    public var name: String
    /// The channels in storage order (empty when the format does not say, e.g. most compressed ones).
    public var channels: [Channel]
    /// Bits per pixel (for block formats: block bits over block pixels, rounded down).
    public var bitsPerPixel: Int
    /// The block geometry for block-compressed formats, `nil` for uncompressed ones.
    public var block: Block?
    /// How an uncompressed pixel is stored, when pvrc can unpack it; `nil` for formats it only describes.
    public var packing: Packing?
    /// The PVRTC variant of the data when pvrc decodes it, `nil` for every other format.
    public var pvrtcFormat: PVRTCFormat?

    /// Creates a format description.
    public init(name: String, channels: [Channel], bitsPerPixel: Int, block: Block? = nil, packing: Packing? = nil) {
        self.name = name
        self.channels = channels
        self.bitsPerPixel = bitsPerPixel
        self.block = block
        self.packing = packing
    }

    /// An uncompressed format from channel letters and bit counts (`"rgba"`, `[4, 4, 4, 4]`), with
    /// the packing pvrc can unpack when there is one: every channel 8 bits, or 16 bits in all.
    static func uncompressed(_ name: String, _ letters: String, _ bits: [Int]) -> TexturePixelFormat {
        let channels = zip(letters, bits).map { Channel($0, $1) }
        let total = bits.reduce(0, +)
        let readable = channels.allSatisfy { "rgbalix".contains($0.name) }
        let packing: Packing?
        if readable && bits.allSatisfy({ $0 == 8 }) {
            packing = .bytes
        } else if readable && total == 16 && bits.allSatisfy({ $0 <= 8 }) {
            packing = .packed16
        } else {
            packing = nil
        }
        return TexturePixelFormat(name: name, channels: channels, bitsPerPixel: total, packing: packing)
    }

    /// A block-compressed format.
    static func compressed(_ name: String, block: Block) -> TexturePixelFormat {
        TexturePixelFormat(
            name: name, channels: [], bitsPerPixel: block.bytes * 8 / (block.width * block.height), block: block)
    }

    /// A PVRTC variant pvrc decodes, under the name its container gives it.
    static func pvrtc(_ format: PVRTCFormat, name: String) -> TexturePixelFormat {
        var pixelFormat = compressed(
            name,
            block: Block(
                width: format.blockWidth, height: format.blockHeight, bytes: format.bytesPerBlock,
                minimumBlocks: format.minimumBlocksPerSide))
        pixelFormat.pvrtcFormat = format
        return pixelFormat
    }

    /// Whether the format is block-compressed.
    public var isCompressed: Bool { block != nil }

    /// `r5g6b5` style text of the channels, or `nil` when the format lists none.
    public var channelSummary: String? {
        channels.isEmpty ? nil : channels.map { "\($0.name)\($0.bits)" }.joined()
    }

    /// Bytes of one `width` x `height` x `depth` image, rows packed to `rowAlignment` bytes
    /// (1 for PVR, 4 for KTX 1.1 uncompressed data); `nil` if the size overflows.
    public func byteCount(width: Int, height: Int, depth: Int = 1, rowAlignment: Int = 1) -> Int? {
        if let block {
            let across = max((width + block.width - 1) / block.width, block.minimumBlocks)
            let down = max((height + block.height - 1) / block.height, block.minimumBlocks)
            let (count, overflow) = (across * down).multipliedReportingOverflow(by: block.bytes * depth)
            return overflow ? nil : count
        }
        let (rowBits, overflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
        guard !overflow else { return nil }
        let row = ((rowBits + 7) / 8 + rowAlignment - 1) / rowAlignment * rowAlignment
        let (count, overflow2) = row.multipliedReportingOverflow(by: height * depth)
        return overflow2 ? nil : count
    }
}
