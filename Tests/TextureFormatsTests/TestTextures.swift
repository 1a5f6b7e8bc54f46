import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks
import TextureFormats

/// Builders for textures with random block data.
enum TestTextures {
    /// A `width` x `height` texture in `format` with `levelCount` levels (full chain when nil) of random blocks.
    static func random(
        width: Int, height: Int, levelCount: Int? = nil, hasAlpha: Bool, format: PVRTCFormat = .pvrtc1_4bpp,
        rng: inout SplitMix64
    ) throws -> PVRTCTexture {
        let count = levelCount ?? PVRTCTexture.fullChainLength(width: width, height: height)
        var levels: [PVRTCImage] = []
        var w = width
        var h = height
        for _ in 0..<count {
            levels.append(
                try PVRTCImage(
                    width: w, height: h, data: rng.bytes(format.byteCount(width: w, height: h)), format: format))
            w = max(w / 2, 1)
            h = max(h / 2, 1)
        }
        return try PVRTCTexture(levels: levels, hasAlpha: hasAlpha)
    }
}

extension TextureContainer {
    /// The containers whose bytes the tests patch at fixed offsets: every one without a compression
    /// wrapper (`.pvr.ccz` and `.pvr.gz` have their own tests).
    static let bare: [TextureContainer] = [.pvr2, .pvr3, .ktx]
}
