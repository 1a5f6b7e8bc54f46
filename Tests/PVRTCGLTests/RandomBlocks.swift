import PVRCTestSupport
import PVRTC
import PVRTCBenchmarks

/// Which kinds of block the random data holds.
enum BlockKind: String, CaseIterable {
    /// Both endpoints opaque (bits 15 and 31 set), standard modulation (bit 0 clear).
    case opaque
    /// Both endpoints translucent (bits 15 and 31 clear), standard modulation.
    case translucent
    /// Opaque flags and mode bit random per block.
    case mixed
    /// Mode bit set (punch-through), opaque flags random.
    case punchThrough

    /// A random colour word of this kind.
    func colorWord(_ random: UInt32) -> UInt32 {
        let flags: UInt32 = 1 << 15 | 1 << 31
        switch self {
        case .opaque: return (random | flags) & ~1
        case .translucent: return random & ~flags & ~1
        case .mixed: return random
        case .punchThrough: return random | 1
        }
    }
}

enum RandomBlocks {
    /// One level of random blocks of `kind` in `format`.
    static func level(
        width: Int, height: Int, kind: BlockKind, format: PVRTCFormat = .pvrtc1_4bpp, generator: inout SplitMix64
    ) throws -> PVRTCImage {
        let count = format.blocksWide(width) * format.blocksHigh(height)
        let blocks = (0..<count).map { _ in
            PVRTCBlock(
                modulation: UInt32.random(in: .min ... .max, using: &generator),
                color: kind.colorWord(UInt32.random(in: .min ... .max, using: &generator)))
        }
        return try PVRTCImage(width: width, height: height, linearBlocks: blocks, format: format)
    }

    /// A texture of random blocks in `format` with `levels` mip levels (a full chain when nil). For 2bpp the
    /// mode bit selects direct (clear) or interpolated (set) modulation instead of punch-through.
    static func texture(
        width: Int, height: Int, kind: BlockKind, levels: Int? = nil, format: PVRTCFormat = .pvrtc1_4bpp,
        seed: UInt64
    ) throws -> PVRTCTexture {
        var generator = SplitMix64(seed: seed)
        let count = levels ?? PVRTCTexture.fullChainLength(width: width, height: height)
        var images: [PVRTCImage] = []
        var w = width
        var h = height
        for _ in 0..<count {
            images.append(try level(width: w, height: h, kind: kind, format: format, generator: &generator))
            w = max(w / 2, 1)
            h = max(h / 2, 1)
        }
        return try PVRTCTexture(levels: images, hasAlpha: kind != .opaque)
    }
}

extension RandomBlocks {
    /// One-level textures of random blocks for every format, size and kind, each with a label naming them
    /// ("PVRTC1 4bpp 8x8 opaque"), seeded from the size (`width * seedFactor + height`).
    static func labelledLevels(
        formats: [PVRTCFormat], sizes: [(width: Int, height: Int)], kinds: [BlockKind], seedFactor: Int
    ) throws -> [(texture: PVRTCTexture, label: String)] {
        var made: [(texture: PVRTCTexture, label: String)] = []
        for format in formats {
            for size in sizes {
                for kind in kinds {
                    let texture = try texture(
                        width: size.width, height: size.height, kind: kind, levels: 1, format: format,
                        seed: UInt64(size.width * seedFactor + size.height))
                    made.append((texture, "\(format.displayName) \(size.width)x\(size.height) \(kind)"))
                }
            }
        }
        return made
    }
}
