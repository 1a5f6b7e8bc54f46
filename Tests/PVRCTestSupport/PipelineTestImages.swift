import Imaging
import PVRTCBenchmarks

/// Deterministic synthetic images for the encode-pipeline tests.
package enum PipelineTestImages {
    /// How ``noise(width:height:seed:alpha:)`` fills the alpha channel.
    package enum Alpha {
        /// Every pixel opaque.
        case opaque
        /// A third of the pixels fully transparent, the rest random non-zero alpha.
        case mixed
    }

    /// Random colours from a SplitMix64 stream seeded with `seed`.
    package static func noise(width: Int, height: Int, seed: UInt64, alpha: Alpha) -> RGBAImage {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var image = RGBAImage(width: width, height: height)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let bits = next()
            image.pixels[i] = UInt8(truncatingIfNeeded: bits)
            image.pixels[i + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            image.pixels[i + 2] = UInt8(truncatingIfNeeded: bits >> 16)
            switch alpha {
            case .opaque: image.pixels[i + 3] = 255
            case .mixed: image.pixels[i + 3] = (bits >> 24) % 3 == 0 ? 0 : UInt8(truncatingIfNeeded: bits >> 32) | 1
            }
        }
        return image
    }

    /// A smooth, opaque colour field (gradients plus a soft diagonal), easy for any PVRTC encoder.
    package static func smooth(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = 255 * x / max(width - 1, 1)
                let g = 255 * y / max(height - 1, 1)
                let b = 128 + 100 * (x + y) / max(width + height - 2, 1) - 50
                image[x, y] = (UInt8(r), UInt8(g), UInt8(b), 255)
            }
        }
        return image
    }
}
