import PVRTC

/// The fixed parts of a KTX 2.0 file (Khronos KTX 2.0 specification) as pvrc writes and reads them.
///
/// Layout: the 12-byte identifier, nine `UInt32` header fields (vkFormat, typeSize, pixelWidth,
/// pixelHeight, pixelDepth, layerCount, faceCount, levelCount, supercompressionScheme), the index
/// (dfdByteOffset, dfdByteLength, kvdByteOffset, kvdByteLength as `UInt32`; sgdByteOffset,
/// sgdByteLength as `UInt64`), the level index (byteOffset, byteLength, uncompressedByteLength as
/// `UInt64` for each level, level 0 first), the Data Format Descriptor, the key/value data, then the
/// levels, **smallest first**, each aligned to 8 bytes (lcm of the 8-byte block and 4) when not
/// supercompressed.
enum KTX2Layout {
    /// «KTX 20»\r\n\x1A\n.
    static let identifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Bytes before the level index: identifier, header and index.
    static let levelIndexOffset = 80
    /// Bytes of one level index entry.
    static let levelIndexEntrySize = 24
    /// `supercompressionScheme` for none.
    static let supercompressionNone: UInt32 = 0
    /// `supercompressionScheme` for Zstandard.
    static let supercompressionZstd: UInt32 = 2
    /// Alignment of level data without supercompression: lcm(8-byte PVRTC block, 4).
    static let levelAlignment = 8

    /// `KHR_DF_MODEL_PVRTC`.
    static let colorModelPVRTC: UInt32 = 164
    /// `KHR_DF_MODEL_PVRTC2`.
    static let colorModelPVRTC2: UInt32 = 165

    /// The DFD colour model of `format`'s generation: PVRTC (164) or PVRTC2 (165).
    static func colorModel(_ format: PVRTCFormat) -> UInt32 {
        format.isPVRTC2 ? colorModelPVRTC2 : colorModelPVRTC
    }
    /// `KHR_DF_PRIMARIES_BT709`.
    static let primariesBT709: UInt32 = 1
    /// `KHR_DF_TRANSFER_LINEAR`.
    static let transferLinear: UInt32 = 1
    /// `KHR_DF_TRANSFER_SRGB`.
    static let transferSRGB: UInt32 = 2
    /// `KHR_DF_FLAG_ALPHA_PREMULTIPLIED`.
    static let flagPremultiplied: UInt32 = 1
    /// Bytes of the whole DFD for one sample: dfdTotalSize, 24-byte basic block header, 16-byte sample.
    static let dfdSize = 44

    /// The Data Format Descriptor of PVRTC data (Khronos Data Format 1.3, basic descriptor block,
    /// version 2): colour model PVRTC or PVRTC2, BT.709 primaries, linear or sRGB transfer, straight or
    /// premultiplied alpha, texel blocks of `format`'s size (4x4x1x1 for 4bpp, 8x4x1x1 for 2bpp) of 8
    /// bytes in plane 0, one 64-bit sample of channel PVRTC_COLOR (0) from 0 to 0xFFFFFFFF.
    static func dataFormatDescriptor(_ metadata: TextureMetadata, format: PVRTCFormat) -> [UInt8] {
        dataFormatDescriptor(
            metadata, model: colorModel(format), blockDimensions: blockDimensions(format),
            bytesPerBlock: format.bytesPerBlock, channels: [0])
    }

    /// The Data Format Descriptor of block-compressed data (Khronos Data Format 1.3, basic descriptor block,
    /// version 2): colour model `model`, BT.709 primaries, linear or sRGB transfer, straight or premultiplied
    /// alpha, texel blocks of `blockDimensions` (each minus one) of `bytesPerBlock` bytes in plane 0, and one
    /// sample per entry of `channels` (the channel ids), the samples sharing the block's bits equally (64 bits
    /// each for 8-byte blocks and BC3's and ETC2 RGBA8's two halves, 128 for ASTC's one sample) in bit order,
    /// each from 0 to 0xFFFFFFFF.
    static func dataFormatDescriptor(
        _ metadata: TextureMetadata, model: UInt32, blockDimensions: [UInt8], bytesPerBlock: Int, channels: [UInt32]
    ) -> [UInt8] {
        let size = 28 + 16 * channels.count
        let sampleBits = UInt32(8 * bytesPerBlock / channels.count)
        var writer = ByteWriter(capacity: size)
        writer.uint32(UInt32(size))  // dfdTotalSize
        writer.uint32(0)  // vendorId 0 (Khronos), descriptorType 0 (basic)
        writer.uint32(2 | UInt32(size - 4) << 16)  // versionNumber 2, descriptorBlockSize
        let transfer = metadata.colorSpace == .srgb ? transferSRGB : transferLinear
        let flags = metadata.isPremultiplied ? flagPremultiplied : 0
        writer.uint32(model | primariesBT709 << 8 | transfer << 16 | flags << 24)
        writer.append(blockDimensions)  // texelBlockDimension0...3, each minus one
        writer.append([UInt8(bytesPerBlock), 0, 0, 0, 0, 0, 0, 0])  // bytesPlane0...7
        for (index, channel) in channels.enumerated() {
            // bitOffset, bitLength minus one, channel id
            writer.uint32(sampleBits * UInt32(index) | (sampleBits - 1) << 16 | channel << 24)
            writer.uint32(0)  // samplePosition0...3
            writer.uint32(0)  // sampleLower
            writer.uint32(0xFFFF_FFFF)  // sampleUpper
        }
        return writer.bytes
    }

    /// The DFD's `texelBlockDimension0...3` for `format`: block width, height, depth 1 and 1, each
    /// stored minus one (`[3, 3, 0, 0]` for 4bpp, `[7, 3, 0, 0]` for 2bpp).
    static func blockDimensions(_ format: PVRTCFormat) -> [UInt8] {
        [UInt8(format.blockWidth - 1), UInt8(format.blockHeight - 1), 0, 0]
    }

    /// The `KTXorientation` value: one letter per dimension, `r`/`l` for x and `d`/`u` for y.
    static func orientationValue(_ orientation: TextureOrientation) -> String {
        (orientation.xLeft ? "l" : "r") + (orientation.yUp ? "u" : "d")
    }

    /// `value` rounded up to a multiple of `alignment`.
    static func align(_ value: Int, _ alignment: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }
}
