import Foundation
import Imaging
import PVRTCBenchmarks

/// Deterministic pseudo-random numbers for test fixtures (SplitMix64).
package struct TestRandom {
    private var generator: SplitMix64

    package init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next value in `0..<bound` (the draw modulo `bound`).
    package mutating func next(_ bound: Int) -> Int {
        Int(generator.next() % UInt64(bound))
    }
}

package enum EncoderFixtures {
    /// A textured test image: smooth gradients plus noise; with `alpha`, a soft disc on a transparent
    /// background.
    package static func textured(width: Int, height: Int, alpha: Bool, seed: UInt64 = 1) -> RGBAImage {
        var random = TestRandom(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                pixels[o] = UInt8(clamping: x * 255 / max(width - 1, 1) + random.next(12) - 6)
                pixels[o + 1] = UInt8(clamping: y * 255 / max(height - 1, 1) + random.next(12) - 6)
                pixels[o + 2] = UInt8(clamping: 128 + Int(100 * sin(Double(x) / 5) * cos(Double(y) / 7)))
                if alpha {
                    let dx = Double(x) - Double(width) / 2
                    let dy = Double(y) - Double(height) / 2
                    let r = (dx * dx + dy * dy).squareRoot() / Double(min(width, height))
                    pixels[o + 3] = UInt8(clamping: Int((0.45 - r) * 2000))
                } else {
                    pixels[o + 3] = 255
                }
            }
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Sum of squared RGB (and, for images with alpha, alpha) differences.
    package static func squaredError(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var total = 0
        for i in 0..<a.pixels.count {
            let d = Int(a.pixels[i]) - Int(b.pixels[i])
            total += d * d
        }
        return total
    }
}
