/// A block-compressed format other than PVRTC that pvrc writes to KTX 2 (``KTX2BlockTexture``): its
/// Vulkan format, block size and the parts of its Data Format Descriptor (Khronos Data Format 1.3 section 5.6
/// and the compressed formats' descriptors in chapter 5).
public enum KTX2BlockFormat: String, Sendable, Hashable, CaseIterable {
    /// BC1 without alpha: `VK_FORMAT_BC1_RGB_UNORM_BLOCK` (131) / `_SRGB_BLOCK` (132), colour model BC1A.
    case bc1
    /// BC3: `VK_FORMAT_BC3_UNORM_BLOCK` (137) / `_SRGB_BLOCK` (138), colour model BC3.
    case bc3
    /// ETC2 RGB8: `VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK` (147) / `_SRGB_BLOCK` (148), colour model ETC2.
    case etc2
    /// ETC2 RGBA8 (EAC alpha): `VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK` (151) / `_SRGB_BLOCK` (152), colour
    /// model ETC2.
    case etc2RGBA = "etc2-rgba"
    /// ASTC 4x4 (LDR): `VK_FORMAT_ASTC_4x4_UNORM_BLOCK` (157) / `_SRGB_BLOCK` (158), colour model ASTC.
    case astc4x4 = "astc-4x4"
    /// ASTC 8x8 (LDR): `VK_FORMAT_ASTC_8x8_UNORM_BLOCK` (171) / `_SRGB_BLOCK` (172), colour model ASTC.
    case astc8x8 = "astc-8x8"

    /// The `vkFormat` header field: the `_SRGB_BLOCK` form with `srgb`, the `_UNORM_BLOCK` one otherwise.
    public func vkFormat(srgb: Bool) -> UInt32 {
        switch self {
        case .bc1: return srgb ? 132 : 131
        case .bc3: return srgb ? 138 : 137
        case .etc2: return srgb ? 148 : 147
        case .etc2RGBA: return srgb ? 152 : 151
        case .astc4x4: return srgb ? 158 : 157
        case .astc8x8: return srgb ? 172 : 171
        }
    }

    /// The format's name as `pvrc info` shows it, before `UNORM` or `sRGB`: `BC1 RGB`, `BC3`, `ETC2 RGB8`,
    /// `ETC2 RGBA8`, `ASTC 4x4`, `ASTC 8x8`.
    public var displayName: String {
        switch self {
        case .bc1: return "BC1 RGB"
        case .bc3: return "BC3"
        case .etc2: return "ETC2 RGB8"
        case .etc2RGBA: return "ETC2 RGBA8"
        case .astc4x4: return "ASTC 4x4"
        case .astc8x8: return "ASTC 8x8"
        }
    }

    /// The DFD colour model: `KHR_DF_MODEL_BC1A` (128), `KHR_DF_MODEL_BC3` (130), `KHR_DF_MODEL_ETC2` (161) or
    /// `KHR_DF_MODEL_ASTC` (162).
    public var colorModel: UInt32 {
        switch self {
        case .bc1: return 128
        case .bc3: return 130
        case .etc2, .etc2RGBA: return 161
        case .astc4x4, .astc8x8: return 162
        }
    }

    /// The channel id of each sample, in bit order, the samples sharing the block's bits equally:
    /// `KHR_DF_CHANNEL_BC1A_COLOR` (0); `KHR_DF_CHANNEL_BC3_ALPHA` (15) then `_BC3_COLOR` (0);
    /// `KHR_DF_CHANNEL_ETC2_COLOR` (2); `KHR_DF_CHANNEL_ETC2_ALPHA` (15) then `_ETC2_COLOR` (2) (the alpha
    /// block comes first in both 16-byte formats); `KHR_DF_CHANNEL_ASTC_DATA` (0), one 128-bit sample.
    public var sampleChannels: [UInt32] {
        switch self {
        case .bc1: return [0]
        case .bc3: return [15, 0]
        case .etc2: return [2]
        case .etc2RGBA: return [15, 2]
        case .astc4x4, .astc8x8: return [0]
        }
    }

    /// Bytes per block: 8 for BC1 and ETC2 RGB8, 16 for the others.
    public var bytesPerBlock: Int {
        switch self {
        case .bc1, .etc2: return 8
        case .bc3, .etc2RGBA, .astc4x4, .astc8x8: return 16
        }
    }

    /// Pixels across a block: 8 for ASTC 8x8, 4 for the others.
    public var blockWidth: Int { self == .astc8x8 ? 8 : 4 }

    /// Pixel rows of a block: 8 for ASTC 8x8, 4 for the others.
    public var blockHeight: Int { blockWidth }

    /// The bytes of one face of a level of `width` x `height` pixels: whole blocks, at least one each way.
    public func byteCount(width: Int, height: Int) -> Int {
        ((width + blockWidth - 1) / blockWidth) * ((height + blockHeight - 1) / blockHeight) * bytesPerBlock
    }

    /// The format `vkFormat` names and whether it is the sRGB form, or nil for a vkFormat that is none of
    /// these formats'.
    static func format(vkFormat: UInt32) -> (format: KTX2BlockFormat, srgb: Bool)? {
        for format in allCases {
            for srgb in [false, true] where format.vkFormat(srgb: srgb) == vkFormat {
                return (format, srgb)
            }
        }
        return nil
    }
}
