import Imaging
import PVRCTestSupport
import QualityMetrics
import XCTest

@testable import PVRTC
@testable import PVRTCSearch

/// The `fastest` level: deterministic, every option, and well above bounding-box endpoints.
final class FastestEncoderTests: XCTestCase {
    /// Same bytes for 1, 2, 3 and 4 threads: opaque, soft alpha, noisy alpha, cut-out, rectangular and
    /// levels below the two-by-two-block minimum.
    func testDeterministicAcrossThreadCounts() throws {
        let images = [
            EncoderFixtures.textured(width: 128, height: 64, alpha: false),
            EncoderFixtures.textured(width: 64, height: 64, alpha: true),
            PipelineTestImages.noise(width: 32, height: 32, seed: 5, alpha: .mixed),
            FastestChecks.cutOut(width: 64, height: 64),
            EncoderFixtures.textured(width: 8, height: 2, alpha: true),
            EncoderFixtures.textured(width: 1, height: 1, alpha: false),
        ]
        for image in images {
            let one = try LevelEncoder.encode(image, options: .init(quality: .fastest, threads: 1))
            for threads in [2, 3, 4] {
                let other = try LevelEncoder.encode(image, options: .init(quality: .fastest, threads: threads))
                XCTAssertEqual(one.data, other.data, "\(image), \(threads) threads")
            }
        }
    }

    /// The opaque paths make the choices of the general stages they stand in for: nearest codes for both
    /// endpoints in one vector (against ``EndpointQuantization/quantizeNearest(_:threads:from:)``) and the
    /// row-by-row modulation pass (against ``FastestModulation``, standard mode), with and without the
    /// luma term, on square, rectangular, padded (two blocks across) and tiled levels.
    func testOpaquePathsMatchTheGeneralStages() throws {
        let geometry = FastestGeometry(.pvrtc1_4bpp)
        for (width, height) in [(64, 64), (128, 32), (16, 64), (8, 8), (3, 5)] {
            let image = EncoderFixtures.textured(width: width, height: height, alpha: false)
            for metric in [ErrorMetric.opaque, .normalMap] {
                let label = "\(width)x\(height), luma \(metric.lumaWeights != .zero)"
                let ws = EncoderWorkspace(image: image, metric: metric, perPixelWeights: false)
                let fit = FastestFit(ws)
                defer { fit.deallocate() }
                FastestEstimate.estimate(ws, geometry: geometry, threads: 2)
                fit.selectWeights(ws, geometry: geometry, threads: 2)
                fit.refine(ws, geometry: geometry, threads: 2)
                EndpointQuantization.quantizeNearest(ws, threads: 1)
                let words = Array(ws.colorWords)
                let expanded = Array(ws.expanded)
                FastestQuantization.quantizeOpaque(ws, threads: 2)
                XCTAssertEqual(Array(ws.colorWords), words, label)
                XCTAssertEqual(Array(ws.expanded), expanded, label)
                FastestModulation.selectAll(ws, geometry: geometry, tryPunchThrough: false, threads: 1)
                let modulation = Array(ws.modulation)
                ws.modulation.update(repeating: 0)
                FastestRowModulation.selectAll(ws, threads: 2)
                XCTAssertEqual(Array(ws.modulation), modulation, label)
                XCTAssertEqual(Array(ws.colorWords), words, label)
            }
        }
    }

    /// The synchronous encode (outside an async context, so the overload is not the async one).
    private func encodeOnThisThread(_ levels: [RGBAImage], options: PVRTCEncoder.Options) throws -> PVRTCTexture {
        try PVRTCEncoder.encodeSynchronously(levels, options: options)
    }

    /// The async API encodes an in-memory image, without files, to the bytes of the synchronous one.
    func testAsyncEncodeOfAnInMemoryImage() async throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: true)
        let levels = MipChain.build(from: image, colorSpace: .srgb)
        let options = PVRTCEncoder.Options(quality: .fastest, threads: 2)
        let asynchronous = try await PVRTCEncoder.encode(levels, options: options, progress: nil)
        XCTAssertEqual(asynchronous, try encodeOnThisThread(levels, options: options))
    }

    /// Jeffrey Lim's scheme, rebuilt here as the floor: each block's bounding box as its endpoints
    /// (nearest codes), then the exact best modulation per pixel.
    private func boundingBoxBaseline(_ image: RGBAImage) throws -> PVRTCImage {
        let ws = EncoderWorkspace(image: image, metric: .default(hasTransparency: image.hasTransparency))
        for by in 0..<ws.blocksHigh {
            for bx in 0..<ws.blocksWide {
                var low = SIMD4<Int32>(repeating: 255)
                var high = SIMD4<Int32>(repeating: 0)
                for j in 0..<4 {
                    for i in 0..<4 {
                        let s = ws.source[(4 * by + j) * ws.width + 4 * bx + i]
                        low = pointwiseMin(low, s)
                        high = pointwiseMax(high, s)
                    }
                }
                ws.continuous[by * ws.blocksWide + bx] = SIMD8(
                    lowHalf: SIMD4<Float>(low), highHalf: SIMD4<Float>(high))
            }
        }
        EndpointQuantization.quantizeNearest(ws, threads: 1)
        FourLevelModulation.selectAll(ws, threads: 1)
        return try BlockPacking.pack(ws, width: image.width, height: image.height)
    }

    /// `fastest` beats bounding-box endpoints by at least 1.5 dB luma on textured images (measured:
    /// see the figures in the assertion messages).
    func testWellAboveBoundingBoxEndpoints() throws {
        for seed in [1, 2] as [UInt64] {
            let image = EncoderFixtures.textured(width: 128, height: 128, alpha: false, seed: seed)
            let fastest = try ImageComparison.compare(
                reference: image,
                candidate: PVRTCDecoder.decode(try LevelEncoder.encode(image, options: .init(quality: .fastest))))
            let box = try ImageComparison.compare(
                reference: image, candidate: PVRTCDecoder.decode(try boundingBoxBaseline(image)))
            XCTAssertGreaterThan(
                fastest.lumaPSNR, box.lumaPSNR + 1.5, "fastest \(fastest.lumaPSNR) dB, box \(box.lumaPSNR) dB")
        }
    }
}
