/// A 4x4 block-compressed format other than PVRTC that pvrc writes to KTX 2 (``KTX2BlockTexture``): its
/// Vulkan format and the parts of its Data Format Descriptor (Khronos Data Format 1.3 section 5.6 and the
/// compressed formats' descriptors in chapter 5).
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

    /// The `vkFormat` header field: the `_SRGB_BLOCK` form with `srgb`, the `_UNORM_BLOCK` one otherwise.
    public func vkFormat(srgb: Bool) -> UInt32 {
        switch self {
        case .bc1: return srgb ? 132 : 131
        case .bc3: return srgb ? 138 : 137
        case .etc2: return srgb ? 148 : 147
        case .etc2RGBA: return srgb ? 152 : 151
        }
    }

    /// The DFD colour model: `KHR_DF_MODEL_BC1A` (128), `KHR_DF_MODEL_BC3` (130) or `KHR_DF_MODEL_ETC2` (161).
    public var colorModel: UInt32 {
        switch self {
        case .bc1: return 128
        case .bc3: return 130
        case .etc2, .etc2RGBA: return 161
        }
    }

    /// The channel id of each 64-bit sample, in bit order: `KHR_DF_CHANNEL_BC1A_COLOR` (0);
    /// `KHR_DF_CHANNEL_BC3_ALPHA` (15) then `_BC3_COLOR` (0); `KHR_DF_CHANNEL_ETC2_COLOR` (2);
    /// `KHR_DF_CHANNEL_ETC2_ALPHA` (15) then `_ETC2_COLOR` (2). The alpha block comes first in both 16-byte
    /// formats.
    public var sampleChannels: [UInt32] {
        switch self {
        case .bc1: return [0]
        case .bc3: return [15, 0]
        case .etc2: return [2]
        case .etc2RGBA: return [15, 2]
        }
    }

    /// Bytes per 4x4 block: 8 a sample.
    public var bytesPerBlock: Int { 8 * sampleChannels.count }
}
