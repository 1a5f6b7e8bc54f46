import Imaging
import PVRCTestSupport
import XCTest

@testable import PVRTC
@testable import PVRTCSearch

/// The opaque error metric's luma term, judged by Rec.709 luma error measured with the reference decoder.
final class ErrorMetricTests: XCTestCase {
    /// Sum of squared Rec.709 luma differences between `image` and the reference decode of `level`.
    private func lumaError(_ image: RGBAImage, _ level: PVRTCImage) -> Double {
        let decoded = PVRTCDecoder.decode(level)
        var total = 0.0
        for p in 0..<(image.width * image.height) {
            var y = 0.0
            for (c, coefficient) in [0.2126, 0.7152, 0.0722].enumerated() {
                y += coefficient * (Double(decoded.pixels[4 * p + c]) - Double(image.pixels[4 * p + c]))
            }
            total += y * y
        }
        return total
    }

    /// Same per-channel weights with and without the luma term: with it, the luma error is lower (by a
    /// third on these images when this test was written).
    func testLumaTermLowersLumaError() throws {
        let channelOnly = ErrorMetric(channelWeights: ErrorMetric.opaque.channelWeights)
        for seed: UInt64 in [3, 4] {
            let image = EncoderFixtures.textured(width: 64, height: 64, alpha: false, seed: seed)
            func encode(_ metric: ErrorMetric) throws -> PVRTCImage {
                try LevelEncoder.encode(image, options: .init(quality: .high, threads: 2, metric: metric))
            }
            let withLuma = lumaError(image, try encode(.opaque))
            let without = lumaError(image, try encode(channelOnly))
            XCTAssertLessThan(withLuma, without * 0.8, "seed \(seed)")
        }
    }

    /// Opaque images get the luma term by default; images with alpha (whose colour error is scaled by
    /// alpha) and normal maps do not.
    func testDefaultMetrics() {
        XCTAssertEqual(ErrorMetric.default(hasTransparency: false), .opaque)
        XCTAssertNotEqual(ErrorMetric.opaque.lumaWeights, .zero)
        XCTAssertEqual(ErrorMetric.default(hasTransparency: true).lumaWeights, .zero)
        XCTAssertEqual(ErrorMetric.normalMap.lumaWeights, .zero)
        let ws = EncoderWorkspace(
            image: EncoderFixtures.textured(width: 8, height: 8, alpha: true),
            metric: ErrorMetric(channelWeights: SIMD4(1, 2, 1, 1), lumaWeights: SIMD4(13, 46, 5, 0)))
        XCTAssertEqual(ws.lumaWeights, .zero, "the luma term is not alpha-weighted, so images with alpha drop it")
    }
}
