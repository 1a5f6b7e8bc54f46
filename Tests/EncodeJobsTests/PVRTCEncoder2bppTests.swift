import EncodeJobs
import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import QualityMetrics
import XCTest

/// An encode job with `format: .pvrtc1_2bpp`: every level through the codec at 2bpp, with the
/// preparation's mips, flip, premultiplication and normal-map metric, judged through the 2bpp decoder
/// (checked bit for bit against `texture2ddecoder` by `Golden2bppVectorTests`).
final class PVRTCEncoder2bppTests: XCTestCase {
    /// Alpha-weighted RGB PSNR (plain RGB for opaque references) and alpha PSNR of `decoded`.
    private func psnr(_ reference: RGBAImage, _ decoded: RGBAImage) throws -> (rgb: Double, alpha: Double) {
        let comparison = try ImageComparison.compare(reference: reference, candidate: decoded)
        return (comparison.alphaWeightedRGBPSNR ?? comparison.rgbPSNR, comparison.alphaPSNR ?? .infinity)
    }

    private func options(_ change: (inout EncodeOptions) -> Void = { _ in }) -> EncodeOptions {
        var options = EncodeOptions(quality: .fast, threads: 2, format: .pvrtc1_2bpp)
        change(&options)
        return options
    }

    func testMipChainLevelsArePaddedTo16x8AndMatchTheirReferences() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: false)
        let opts = options { $0.mipmaps = true }
        let texture = try encodeSynchronously(image, options: opts)
        let references = try opts.referenceLevels(image)
        XCTAssertEqual(texture.format, .pvrtc1_2bpp)
        XCTAssertEqual(texture.levels.map(\.width), [64, 32, 16, 8, 4, 2, 1])
        for (index, level) in texture.levels.enumerated() {
            XCTAssertEqual(level.format, .pvrtc1_2bpp)
            let blocks = max((level.width + 7) / 8, 2) * max((level.height + 3) / 4, 2)
            XCTAssertEqual(level.data.count, blocks * 8, "level \(index)")
            XCTAssertGreaterThanOrEqual(level.data.count, 32, "level \(index) below 16x8 padded")
            let reference = references[index]
            let expected = try PVRTCEncoder.encodeSynchronously(
                [reference], options: .init(quality: .fast, threads: 2, format: .pvrtc1_2bpp))
            XCTAssertEqual(
                level.data, expected.levels[0].data, "level \(index) is the codec's output for its reference")
            let decoded = PVRTCDecoder.decode(level)
            XCTAssertEqual(decoded.width, reference.width)
            XCTAssertEqual(decoded.height, reference.height)
            if level.width >= 32 {
                // The fixture's noise survives into the small levels, which 2bpp cannot hold; their
                // bytes are the codec's (above), whose quality Encoder2bppTests checks.
                XCTAssertGreaterThan(try psnr(reference, decoded).rgb, 24, "level \(index)")
            }
        }
    }

    func testSameBytesForAnyThreadCount() throws {
        let image = EncoderFixtures.textured(width: 64, height: 32, alpha: true)
        let one = try encodeSynchronously(
            image, options: options { ($0.threads, $0.mipmaps, $0.allowRectangular) = (1, true, true) })
        let three = try encodeSynchronously(
            image, options: options { ($0.threads, $0.mipmaps, $0.allowRectangular) = (3, true, true) })
        XCTAssertEqual(one.levels.map(\.data), three.levels.map(\.data))
    }

    func testFlipEncodesTheMirroredImageAndRecordsIt() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: false)
        let flipped = try encodeSynchronously(
            image, options: options { ($0.flipX, $0.flipY) = (true, true) })
        XCTAssertEqual(flipped.metadata.orientation, TextureOrientation(xLeft: true, yUp: true))
        var mirrored = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 { mirrored[x, y] = image[31 - x, 31 - y] }
        }
        let direct = try encodeSynchronously(mirrored, options: options())
        XCTAssertEqual(flipped.levels[0].data, direct.levels[0].data)
        XCTAssertEqual(flipped.format, .pvrtc1_2bpp)
    }

    func testPremultiplyEncodesPremultipliedColour() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        let opts = options { $0.premultiply = true }
        let texture = try encodeSynchronously(image, options: opts)
        XCTAssertTrue(texture.metadata.isPremultiplied)
        let reference = try opts.referenceLevels(image)[0]
        XCTAssertNotEqual(reference.pixels, image.pixels, "the reference is premultiplied")
        let decoded = PVRTCDecoder.decode(texture.levels[0])
        XCTAssertGreaterThan(try psnr(reference, decoded).rgb, 24)
        XCTAssertGreaterThan(try psnr(reference, decoded).alpha, 24)
    }

    func testNormalMapUsesTheNormalMapMetric() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: false)
        let texture = try encodeSynchronously(image, options: options { $0.normalMap = true })
        let reference = try options { $0.normalMap = true }.referenceLevels(image)[0]
        let expected = try PVRTCEncoder.encodeSynchronously(
            [reference], options: .init(quality: .fast, threads: 2, format: .pvrtc1_2bpp, normalMap: true))
        XCTAssertEqual(texture.levels[0], expected.levels[0])
        let opaque = try PVRTCEncoder.encodeSynchronously(
            [reference], options: .init(quality: .fast, threads: 2, format: .pvrtc1_2bpp))
        XCTAssertNotEqual(expected, opaque, "the normal-map metric changes the search")
    }

    func testFourBppOptionsCodeAsBeforeAndAMissingFormatIsFourBpp() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let four = String(decoding: try encoder.encode(EncodeOptions(threads: 1)), as: UTF8.self)
        XCTAssertFalse(four.contains("format"), four)
        let two = String(
            decoding: try encoder.encode(EncodeOptions(threads: 1, format: .pvrtc1_2bpp)), as: UTF8.self)
        XCTAssertTrue(two.contains("\"format\":\"pvrtc1_2bpp\""), two)
        let decoded = try JSONDecoder().decode(EncodeOptions.self, from: Data(four.utf8))
        XCTAssertEqual(decoded.format, .pvrtc1_4bpp)
        XCTAssertEqual(decoded, EncodeOptions(threads: 1))
        XCTAssertEqual(
            try JSONDecoder().decode(EncodeOptions.self, from: Data(two.utf8)).format, .pvrtc1_2bpp)
        var options = EncodeOptions(threads: 1, format: .pvrtc1_2bpp)
        options.format = .pvrtc1_4bpp
        XCTAssertEqual(options, EncodeOptions(threads: 1), "4bpp set back equals the default")
    }
}
