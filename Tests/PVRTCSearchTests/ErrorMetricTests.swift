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

    /// The search's rounds judge PVRTC2 images with alpha by ``ErrorMetric/pvrtc2Alpha`` and PVRTC1's by
    /// ``ErrorMetric/alpha``; a pixel of alpha `a` then weighs R, G and B 2a each and alpha 128.
    func testPVRTC2AlphaMetric() {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            XCTAssertEqual(ErrorMetric.default(hasTransparency: true, format: format), .alpha)
            XCTAssertEqual(ErrorMetric.default(hasTransparency: false, format: format), .opaque)
        }
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            XCTAssertEqual(ErrorMetric.default(hasTransparency: true, format: format), .pvrtc2Alpha)
            XCTAssertEqual(ErrorMetric.default(hasTransparency: false, format: format), .opaque)
        }
        let image = RGBAImage(width: 8, height: 8, fill: (200, 100, 50, 90))
        let ws = EncoderWorkspace(image: image, metric: .pvrtc2Alpha, format: .pvrtc2_4bpp)
        XCTAssertEqual(ws.errorWeights[0], SIMD4(180, 180, 180, 128))
    }

    /// On a textured image with alpha, PVRTC2 4bpp at `high` under ``ErrorMetric/pvrtc2Alpha`` decodes with
    /// a higher alpha-weighted RGB PSNR and a lower alpha PSNR than under ``ErrorMetric/alpha`` (both measured
    /// against the source by `QualityMetrics`): colour counts more against alpha.
    func testPVRTC2AlphaMetricFavoursColour() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: true, seed: 5)
        func score(_ metric: ErrorMetric) throws -> PVRTC2Images.Score {
            let level = try LevelEncoder.encode(
                image, format: .pvrtc2_4bpp, options: .init(quality: .high, threads: 2, metric: metric))
            return try PVRTC2Images.score(PVRTCDecoder.decode(level, threads: 2), image)
        }
        let colourFirst = try score(.pvrtc2Alpha)
        let pvrtc1Measure = try score(.alpha)
        print("PVRTC2 textured 64x64 high: pvrtc2Alpha \(colourFirst), alpha \(pvrtc1Measure)")
        XCTAssertGreaterThan(colourFirst.colour, pvrtc1Measure.colour)
        XCTAssertLessThan(try XCTUnwrap(colourFirst.alpha), try XCTUnwrap(pvrtc1Measure.alpha))
    }
}
