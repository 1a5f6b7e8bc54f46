import Imaging
import PVRCTestSupport
import XCTest

@testable import QualityMetrics

#if canImport(Glibc)
    import Glibc
#endif

/// The row-streaming SSIM equals a direct, whole-image transcription of the definition: a 2-D
/// Gaussian window (outer product of the 1-D one) at every position inside the image.
final class StreamingSSIMTests: XCTestCase {
    private func naiveSSIM(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        let (w, h) = (a.width, a.height)
        let radius = min(5, (min(w, h) - 1) / 2)
        let g = (-radius...radius).map { i in exp(-Double(i * i) / (2 * 1.5 * 1.5)) }
        let total = g.reduce(0, +) * g.reduce(0, +)
        func luma(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
            let p = image[x, y]
            let r = Double(p.r)
            let g = Double(p.g)
            let b = Double(p.b)
            return 0.2126 * r + 0.7152 * g + 0.0722 * b
        }
        let c1 = (0.01 * 255.0) * (0.01 * 255.0)
        let c2 = (0.03 * 255.0) * (0.03 * 255.0)
        var sum = 0.0
        var count = 0
        for y in radius..<(h - radius) {
            for x in radius..<(w - radius) {
                var mx = 0.0
                var my = 0.0
                var xx = 0.0
                var yy = 0.0
                var xy = 0.0
                for j in -radius...radius {
                    for i in -radius...radius {
                        let weight = g[i + radius] * g[j + radius] / total
                        let p = luma(a, x + i, y + j)
                        let q = luma(b, x + i, y + j)
                        mx += weight * p
                        my += weight * q
                        xx += weight * p * p
                        yy += weight * q * q
                        xy += weight * p * q
                    }
                }
                let vx = xx - mx * mx
                let vy = yy - my * my
                let cxy = xy - mx * my
                sum += (2 * mx * my + c1) * (2 * cxy + c2) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                count += 1
            }
        }
        return sum / Double(count)
    }

    func testMatchesTheDirectDefinition() throws {
        for (width, height, seed) in [(37, 23, 1), (12, 64, 2), (7, 5, 3), (1, 9, 4), (64, 64, 5)] {
            let a = PipelineTestImages.noise(width: width, height: height, seed: UInt64(seed), alpha: .opaque)
            var b = a
            for i in stride(from: 0, to: b.pixels.count, by: 7) { b.pixels[i] = b.pixels[i] &+ UInt8(i % 31) }
            let streamed = try ImageComparison.compare(reference: a, candidate: b).ssim
            XCTAssertEqual(streamed, naiveSSIM(a, b), accuracy: 1e-9, "\(width)x\(height)")
            XCTAssertEqual(try ImageComparison.compare(reference: a, candidate: a).ssim, 1, accuracy: 1e-12)
        }
    }
}
