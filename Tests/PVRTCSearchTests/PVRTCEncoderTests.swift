import Imaging
import PVRCTestSupport
import QualityMetrics
import XCTest

@testable import PVRTC
@testable import PVRTCSearch

/// End-to-end encoder behaviour, judged with `PVRTCDecoder` as the oracle.
final class PVRTCEncoderTests: XCTestCase {
    /// An image every block of which uses the same two endpoints (A darker than B by luma, the
    /// encoder's orientation convention) with an arbitrary modulation pattern is exactly representable;
    /// every searching quality level must find it (zero error). `fastest` does not search (one pass),
    /// so it is not held to this.
    func testTwoColourPatternIsReproducedExactly() throws {
        var random = TestRandom(seed: 7)
        let a = PVRTCEndpoint(isOpaque: true, red: 3, green: 5, blue: 5)
        let b = PVRTCEndpoint(isOpaque: true, red: 28, green: 25, blue: 30)
        let blocks = (0..<64).map { _ in
            PVRTCBlock(
                colorA: a, colorB: b, punchThrough: false,
                modulation: UInt32(truncatingIfNeeded: random.next(1 << 32)))
        }
        let truth = PVRTCDecoder.decode(try PVRTCImage(width: 32, height: 32, linearBlocks: blocks))
        for quality in PVRTCEncoder.Quality.allCases where quality != .fastest {
            let encoded = try LevelEncoder.encode(truth, options: .init(quality: quality, threads: 1))
            let decoded = PVRTCDecoder.decode(encoded)
            XCTAssertEqual(EncoderFixtures.squaredError(truth, decoded), 0, "\(quality)")
            XCTAssertEqual(try ImageComparison.compare(reference: truth, candidate: decoded).rgbPSNR, .infinity)
        }
    }

    /// A translucent two-colour pattern (3443/3444 endpoints) is exactly representable too.
    func testTranslucentTwoColourPatternIsReproducedExactly() throws {
        var random = TestRandom(seed: 11)
        let a = PVRTCEndpoint(isOpaque: false, red: 2, green: 3, blue: 3, alpha: 2)
        let b = PVRTCEndpoint(isOpaque: false, red: 14, green: 12, blue: 11, alpha: 6)
        let blocks = (0..<16).map { _ in
            PVRTCBlock(
                colorA: a, colorB: b, punchThrough: false,
                modulation: UInt32(truncatingIfNeeded: random.next(1 << 32)))
        }
        let truth = PVRTCDecoder.decode(try PVRTCImage(width: 16, height: 16, linearBlocks: blocks))
        let encoded = try LevelEncoder.encode(truth, options: .init(quality: .best, threads: 1))
        XCTAssertEqual(EncoderFixtures.squaredError(truth, PVRTCDecoder.decode(encoded)), 0)
    }

    /// The output bytes do not depend on the thread count (also with the worst-block recovery of
    /// `best` and `max`).
    func testDeterministicAcrossThreadCounts() throws {
        for alpha in [false, true] {
            let image = EncoderFixtures.textured(width: 64, height: 32, alpha: alpha)
            for quality in [PVRTCEncoder.Quality.high, .best, .max] {
                let one = try LevelEncoder.encode(image, options: .init(quality: quality, threads: 1))
                for threads in [2, 4] {
                    let other = try LevelEncoder.encode(image, options: .init(quality: quality, threads: threads))
                    XCTAssertEqual(one.data, other.data, "alpha \(alpha), \(quality), \(threads) threads")
                }
            }
        }
    }

    /// `max` continues from `best`'s result with stages that only ever lower the encoder's weighted
    /// error, so its weighted error (recomputed here from the reference decode) is never above `best`'s.
    func testMaxIsNeverWorseThanBest() throws {
        for alpha in [false, true] {
            for seed: UInt64 in [5, 6] {
                let image = EncoderFixtures.textured(width: 64, height: 64, alpha: alpha, seed: seed)
                // The workspace owns the weight buffer; it must outlive every read of it.
                let workspace = EncoderWorkspace(
                    image: image,
                    metric: .default(hasTransparency: alpha))
                defer { withExtendedLifetime(workspace) {} }
                let weights = workspace.errorWeights
                let luma = workspace.lumaWeights
                XCTAssertEqual(luma == .zero, alpha, "opaque images add the luma term")
                func weightedError(_ quality: PVRTCEncoder.Quality) throws -> Int {
                    let decoded = PVRTCDecoder.decode(
                        try LevelEncoder.encode(image, options: .init(quality: quality, threads: 2)))
                    var total = 0
                    for p in 0..<(64 * 64) {
                        var y = 0
                        for c in 0..<4 {
                            let d = Int(decoded.pixels[4 * p + c]) - Int(image.pixels[4 * p + c])
                            total += d * d * Int(weights[p][c])
                            y += d * Int(luma[c])
                        }
                        total += y * y
                    }
                    return total
                }
                let best = try weightedError(.best)
                let max = try weightedError(.max)
                XCTAssertLessThanOrEqual(max, best, "alpha \(alpha), seed \(seed)")
                XCTAssertGreaterThan(best, 0)
                // Every pixel wrong by 255 in every channel, at the largest weights (opaque: 3 × 500 per
                // channel plus 64² through luma): a bound any real error respects.
                XCTAssertLessThan(best, 64 * 64 * 255 * 255 * (3 * 500 + 64 * 64))
            }
        }
    }

    /// More search never makes the result worse than the fastest level on a textured image, and both
    /// stay close to the source.
    func testBestIsAtLeastAsGoodAsFast() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: false)
        let fast = PVRTCDecoder.decode(try LevelEncoder.encode(image, options: .init(quality: .fast, threads: 2)))
        let best = PVRTCDecoder.decode(try LevelEncoder.encode(image, options: .init(quality: .best, threads: 2)))
        let fastPSNR = try ImageComparison.compare(reference: image, candidate: fast).rgbPSNR
        let bestPSNR = try ImageComparison.compare(reference: image, candidate: best).rgbPSNR
        XCTAssertGreaterThanOrEqual(bestPSNR, fastPSNR)
        XCTAssertGreaterThan(fastPSNR, 30)
    }

    /// Cut-out alpha: pixels with alpha 0 decode to exactly 0 through punch-through blocks, and opaque
    /// pixels stay opaque.
    func testCutOutAlphaUsesPunchThrough() throws {
        var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
        var random = TestRandom(seed: 3)
        for y in 0..<32 {
            for x in 0..<32 {
                let o = (y * 32 + x) * 4
                let inside = (x / 3 + y / 5) % 2 == 0
                pixels[o] = UInt8(random.next(256))
                pixels[o + 1] = UInt8(100 + random.next(50))
                pixels[o + 2] = 60
                pixels[o + 3] = inside ? 255 : 0
            }
        }
        let image = try RGBAImage(width: 32, height: 32, pixels: pixels)
        let encoded = try LevelEncoder.encode(image, options: .init(quality: .best, threads: 1))
        XCTAssertTrue(encoded.linearBlocks.contains { $0.usesPunchThrough })
        let decoded = PVRTCDecoder.decode(encoded)
        for p in 0..<(32 * 32) where pixels[4 * p + 3] == 0 {
            XCTAssertEqual(decoded.pixels[4 * p + 3], 0, "pixel \(p)")
        }
        let alpha = try ImageComparison.compare(reference: image, candidate: decoded).alphaPSNR
        XCTAssertGreaterThan(alpha ?? 0, 30)
    }

    /// An opaque image gets opaque endpoints only and decodes fully opaque: punch-through blocks
    /// (allowed for their midpoint) never use modulation value 2, which would force alpha to 0.
    func testOpaqueImageHasOpaqueEndpoints() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: false)
        for quality in [PVRTCEncoder.Quality.normal, .best] {
            let encoded = try LevelEncoder.encode(image, options: .init(quality: quality, threads: 1))
            for block in encoded.linearBlocks {
                XCTAssertTrue(block.colorA.isOpaque && block.colorB.isOpaque)
                if block.usesPunchThrough {
                    for y in 0..<4 { for x in 0..<4 { XCTAssertNotEqual(block.modulationValue(x: x, y: y), 2) } }
                }
            }
            XCTAssertFalse(PVRTCDecoder.decode(encoded).hasTransparency)
        }
    }

    /// Stripes of black and yellow with a row of their exact midpoint between them: the standard
    /// weights (3/8, 5/8) miss the midpoint by 32 levels (about 29 dB), punch-through's ½ hits it, so
    /// every colour is exactly reachable with A = black, B = yellow.
    func testOpaqueMidpointRowsUsePunchThrough() throws {
        var image = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            let phase = y % 8
            let v: UInt8 = phase < 3 ? 255 : (phase == 3 || phase == 7 ? 127 : 0)
            for x in 0..<32 { image[x, y] = (v, v, 0, 255) }
        }
        let encoded = try LevelEncoder.encode(image, options: .init(quality: .best, threads: 1))
        XCTAssertTrue(encoded.linearBlocks.contains { $0.usesPunchThrough })
        let decoded = PVRTCDecoder.decode(encoded)
        XCTAssertFalse(decoded.hasTransparency)
        XCTAssertGreaterThan(try ImageComparison.compare(reference: image, candidate: decoded).rgbPSNR, 45)
    }

    /// Levels below 8 pixels: the two-block minimum, padding words copied from the real words, and a
    /// solid colour reproduced closely.
    func testTinyLevels() throws {
        for (w, h) in [(1, 1), (2, 2), (4, 4), (8, 4), (4, 16), (2, 1), (1, 16)] {
            let image = RGBAImage(width: w, height: h, fill: (200, 90, 30, 255))
            let encoded = try LevelEncoder.encode(image, options: .init(quality: .best, threads: 1))
            XCTAssertEqual(encoded.data.count, PVRTCImage.byteCount(width: w, height: h))
            let realWide = max(w / 4, 1)
            let realHigh = max(h / 4, 1)
            for by in 0..<encoded.blocksHigh {
                for bx in 0..<encoded.blocksWide {
                    XCTAssertEqual(
                        encoded.block(x: bx, y: by), encoded.block(x: bx % realWide, y: by % realHigh),
                        "\(w)x\(h) block \(bx),\(by)")
                }
            }
            let decoded = PVRTCDecoder.decode(encoded)
            for i in 0..<decoded.pixels.count {
                XCTAssertLessThanOrEqual(abs(Int(decoded.pixels[i]) - Int(image.pixels[i])), 4, "\(w)x\(h)")
            }
        }
    }

    /// A fully transparent image decodes fully transparent.
    func testFullyTransparentImage() throws {
        let image = RGBAImage(width: 16, height: 16, fill: (90, 20, 200, 0))
        let decoded = PVRTCDecoder.decode(try LevelEncoder.encode(image, options: .init(quality: .fast, threads: 1)))
        XCTAssertEqual(try ImageComparison.compare(reference: image, candidate: decoded).alphaPSNR, .infinity)
    }

    /// Soft alpha is reproduced closely with translucent endpoints, and colour under alpha 0 is free
    /// (the alpha-weighted RGB error is far below the unweighted one).
    func testSoftAlpha() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        let encoded = try LevelEncoder.encode(image, options: .init(quality: .best, threads: 2))
        XCTAssertTrue(encoded.linearBlocks.contains { !$0.colorA.isOpaque || !$0.colorB.isOpaque })
        let c = try ImageComparison.compare(reference: image, candidate: PVRTCDecoder.decode(encoded))
        XCTAssertGreaterThan(c.alphaPSNR ?? 0, 30)
        XCTAssertGreaterThan(c.alphaWeightedRGBPSNR ?? 0, c.rgbPSNR + 3)
    }

    /// Sizes PVRTC1 cannot hold are refused.
    func testRejectsNonPowerOfTwo() {
        let image = RGBAImage(width: 12, height: 8, fill: (0, 0, 0, 255))
        XCTAssertThrowsError(try LevelEncoder.encode(image))
    }
}
