import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

@testable import PVRTCSearch

/// The worst-block recovery stage on cases with a known optimum, judged with `PVRTCDecoder`.
final class WorstBlockRecoveryTests: XCTestCase {
    private let black = PVRTCEndpoint(isOpaque: true, red: 0, green: 0, blue: 0)
    private let yellow = PVRTCEndpoint(isOpaque: true, red: 31, green: 31, blue: 0)

    /// Diagonal black/yellow stripes that A = black, B = yellow reproduce exactly in every block.
    private func stripes(_ size: Int) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size { image[x, y] = (x + y) % 12 < 6 ? (255, 255, 0, 255) : (0, 0, 0, 255) }
        }
        return image
    }

    /// Squared RGB error of the reference decode of the workspace.
    private func decodedError(_ ws: EncoderWorkspace) throws -> Int {
        let decoded = PVRTCDecoder.decode(try BlockPacking.pack(ws, width: ws.width, height: ws.height))
        var image = RGBAImage(width: ws.width, height: ws.height)
        for p in 0..<(ws.width * ws.height) {
            let s = ws.source[p]
            image.pixels[4 * p] = UInt8(s[0])
            image.pixels[4 * p + 1] = UInt8(s[1])
            image.pixels[4 * p + 2] = UInt8(s[2])
            image.pixels[4 * p + 3] = UInt8(s[3])
        }
        return EncoderFixtures.squaredError(image, decoded)
    }

    /// Every block holds the optimal pair except a few set to a grey compromise: recovery restores the
    /// optimum (zero error) there — the neighbours' pair is among its candidates — and leaves the
    /// exact blocks alone.
    func testRestoresKnownOptimum() throws {
        let ws = EncoderWorkspace(image: stripes(32), metric: ErrorMetric(channelWeights: SIMD4(1, 2, 1, 0)))
        let grey = PVRTCEndpoint(isOpaque: true, red: 12, green: 12, blue: 4)
        let damaged: Set<Int> = [9, 27, 45]
        for k in 0..<64 {
            if damaged.contains(k) {
                ws.setEndpoints(k, grey, grey, punchThrough: false)
            } else {
                ws.setEndpoints(k, black, yellow, punchThrough: false)
            }
        }
        FourLevelModulation.selectAll(ws, threads: 1)
        XCTAssertGreaterThan(try decodedError(ws), 0)
        let changed = WorstBlockRecovery.recoverFourLevel(
            ws, effort: .init(medianFactor: 4, descentPasses: 2, polished: 2, skipWithinLevels: 2), threads: 1)
        XCTAssertEqual(changed, damaged.count)
        XCTAssertEqual(try decodedError(ws), 0)
        for k in 0..<64 {
            let block = PVRTCBlock(modulation: 0, color: ws.colorWords[k])
            XCTAssertEqual(block.colorA, black, "block \(k)")
            XCTAssertEqual(block.colorB, yellow, "block \(k)")
        }
    }

    /// On random endpoints the stage never raises the error (exact decode), changes only blocks above
    /// the threshold, and gives the same bytes for any thread count.
    func testNeverWorseAndThreadIndependent() throws {
        var results: [[UInt8]] = []
        for threads in [1, 3] {
            var random = TestRandom(seed: 31)
            let ws = EncoderWorkspace(
                image: EncoderFixtures.textured(width: 32, height: 32, alpha: false, seed: 8),
                metric: ErrorMetric(channelWeights: SIMD4(2, 7, 1, 0)))
            for k in 0..<64 {
                ws.setEndpoints(
                    k,
                    PVRTCEndpoint(
                        isOpaque: true, red: random.next(32), green: random.next(32),
                        blue: random.next(16)),
                    PVRTCEndpoint(
                        isOpaque: true, red: random.next(32), green: random.next(32),
                        blue: random.next(32)), punchThrough: false)
            }
            FourLevelModulation.selectAll(ws, threads: 1)
            let before = FourLevelModulation.totalError(ws)
            let words = Array(ws.colorWords)
            let errors = UnsafeMutableBufferPointer<Int>.allocate(capacity: 64)
            defer { errors.deallocate() }
            FourLevelModulation.selectAll(ws, threads: 1, blockErrors: errors)
            let threshold = max(2 * WorstBlockRecovery.median(errors), WorstBlockRecovery.errorFloor(ws, levels: 1))
            WorstBlockRecovery.recoverFourLevel(
                ws, effort: .init(medianFactor: 2, descentPasses: 1, polished: 2, skipWithinLevels: 1), threads: threads
            )
            XCTAssertLessThan(FourLevelModulation.totalError(ws), before)
            for k in 0..<64 where errors[k] <= threshold {
                XCTAssertEqual(ws.colorWords[k] & ~1, words[k] & ~1, "block \(k) was below the threshold")
            }
            results.append(try BlockPacking.pack(ws, width: 32, height: 32).data)
        }
        XCTAssertEqual(results[0], results[1])
    }

    /// Two-means of a window holding two flat colours finds exactly those colours, darker first.
    func testClustersOfTwoColours() {
        let ws = EncoderWorkspace(image: stripes(16), metric: ErrorMetric(channelWeights: SIMD4(1, 2, 1, 0)))
        let window = BlockWindow(shape: ws.windowShape)
        defer { window.deallocate() }
        window.load(ws, bx: 1, by: 1)
        let (low, high) = WorstBlockRecovery.clusters(window)
        XCTAssertEqual(low, SIMD4<Float>(0, 0, 0, 255))
        XCTAssertEqual(high, SIMD4<Float>(255, 255, 0, 255))
    }
}
