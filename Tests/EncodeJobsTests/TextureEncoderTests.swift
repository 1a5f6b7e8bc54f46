import EncodeJobs
import Imaging
import PVRCTestSupport
import PVRTCSearch
import XCTest

@testable import PVRTC

final class TextureEncoderTests: XCTestCase {
    private func options(
        _ quality: PVRTCEncoder.Quality = .fast, threads: Int = 1, mipmaps: Bool = false,
        alphaBleed: Bool = true
    ) -> EncodeOptions {
        EncodeOptions(quality: quality, threads: threads, mipmaps: mipmaps, alphaBleed: alphaBleed)
    }

    /// Opaque images become RGB textures; a single pixel below 255 makes the texture RGBA.
    func testHasAlphaFollowsTheImage() throws {
        var image = PipelineTestImages.smooth(width: 16, height: 16)
        XCTAssertFalse(try encodeSynchronously(image, options: options()).hasAlpha)
        image[5, 9] = (1, 2, 3, 254)
        XCTAssertTrue(try encodeSynchronously(image, options: options()).hasAlpha)
    }

    /// A 16x16 image with mipmaps: five levels down to 1x1, and the levels below 8x8 still take the
    /// two-by-two-block minimum of 32 bytes.
    func testMipmapsEncodeTheFullChain() throws {
        let texture = try encodeSynchronously(
            PipelineTestImages.smooth(width: 16, height: 16), options: options(mipmaps: true))
        XCTAssertEqual(texture.levels.map(\.width), [16, 8, 4, 2, 1])
        XCTAssertEqual(texture.levels.map(\.height), [16, 8, 4, 2, 1])
        XCTAssertEqual(texture.levels.map(\.data.count), [128, 32, 32, 32, 32])

        let single = try encodeSynchronously(
            PipelineTestImages.smooth(width: 16, height: 16), options: options(mipmaps: false))
        XCTAssertEqual(single.levels.count, 1)
    }

    func testNonSquareInputIsRefused() {
        XCTAssertThrowsError(
            try encodeSynchronously(
                PipelineTestImages.smooth(width: 32, height: 16), options: options())
        ) { error in
            XCTAssertEqual(
                error as? EncodingError,
                .unsupportedSize(width: 32, height: 16, needsSquare: true, needsPowerOfTwo: false))
        }
    }

    /// With a square policy the same image encodes at 32x32.
    func testSquarePolicyIsApplied() throws {
        var opts = options()
        opts.square = .pad
        let texture = try encodeSynchronously(
            PipelineTestImages.smooth(width: 32, height: 16), options: opts)
        XCTAssertEqual([texture.width, texture.height], [32, 32])
        XCTAssertFalse(texture.hasAlpha, "an opaque image is padded by edge extension and stays RGB")
    }

    /// The bytes do not depend on the thread count, with and without alpha, for every level.
    func testDeterministicAcrossThreadCounts() throws {
        for (alpha, quality) in [(PipelineTestImages.Alpha.opaque, PVRTCEncoder.Quality.fast), (.mixed, .normal)] {
            let side = quality == .fast ? 64 : 32
            let image = PipelineTestImages.noise(width: side, height: side, seed: 11, alpha: alpha)
            let one = try encodeSynchronously(image, options: options(quality, threads: 1, mipmaps: true))
            for threads in [2, 3] {
                let many = try encodeSynchronously(
                    image, options: options(quality, threads: threads, mipmaps: true))
                XCTAssertEqual(many, one, "\(alpha) \(quality) with \(threads) threads")
            }
        }
    }

    /// A cut-out disc on transparent black: with alpha bleed the decoded texture keeps the disc's
    /// colour on both sides of the edge. Visible edge pixels must not darken, and the hidden pixels
    /// just outside must carry the disc colour too, because bilinear filtering (and blending with
    /// straight alpha) mixes their RGB into the visible edge on screen. (Measured with the first
    /// encoder version: worst hidden-pixel error 27 with bleed, 230 without.)
    func testCutOutHasNoDarkFringe() throws {
        let colour = [230, 180, 60]
        var image = RGBAImage(width: 32, height: 32, fill: (0, 0, 0, 0))
        func distanceSquared(_ x: Int, _ y: Int) -> Int { (x - 15) * (x - 15) + (y - 16) * (y - 16) }
        for y in 0..<32 {
            for x in 0..<32 where distanceSquared(x, y) <= 81 {
                image[x, y] = (UInt8(colour[0]), UInt8(colour[1]), UInt8(colour[2]), 255)
            }
        }
        let texture = try encodeSynchronously(image, options: options(.normal))
        XCTAssertTrue(texture.hasAlpha)
        let decoded = PVRTCDecoder.decode(texture.levels[0])
        var worstInside = 0
        var worstOutside = 0
        var inside = 0
        var outside = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let d = distanceSquared(x, y)
                let p = decoded[x, y]
                let error = zip([p.r, p.g, p.b], colour).map { abs(Int($0) - $1) }.max() ?? 0
                if d >= 49 && d <= 81 {
                    inside += 1
                    worstInside = max(worstInside, error)
                } else if d > 81 && d <= 144 {
                    outside += 1
                    worstOutside = max(worstOutside, error)
                }
            }
        }
        XCTAssertGreaterThan(inside, 20)
        XCTAssertGreaterThan(outside, 20)
        XCTAssertLessThanOrEqual(worstInside, 16, "visible edge pixels drift towards the hidden black")
        XCTAssertLessThanOrEqual(worstOutside, 40, "hidden pixels next to the edge decode dark")
    }

    /// Progress arrives before each level, after the initial endpoints and each search round
    /// (`fast`: one round, so halfway and at the end of every level), and once at the end, by pixel count.
    func testProgressReportsEveryLevelAndRound() throws {
        var reports: [PVRTCEncoder.Progress] = []
        _ = try encodeSynchronously(
            PipelineTestImages.smooth(width: 8, height: 8), options: options(mipmaps: true)
        ) { reports.append($0) }
        XCTAssertEqual(reports.map(\.completedLevels), [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4])
        XCTAssertEqual(reports.map(\.completedPixels), [0, 32, 64, 64, 72, 80, 80, 82, 84, 84, 84, 85, 85])
        XCTAssertEqual(reports.last?.fraction, 1)
        XCTAssertTrue(reports.allSatisfy { $0.levelCount == 4 && $0.totalPixels == 85 })
    }
}
