import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import XCTest

@testable import PVRTCSearch

/// `PVRTCEncoder` with `format: .pvrtc1_2bpp`: every level through ``LevelEncoder``, with the
/// pipeline's mips, flip, premultiplication and normal-map metric, judged through the 2bpp decoder
/// (checked bit for bit against `texture2ddecoder` by `Golden2bppVectorTests`).
final class PVRTCEncoder2bppTests: XCTestCase {
    private func options(_ change: (inout PVRTCEncoder.Options) -> Void = { _ in }) -> PVRTCEncoder.Options {
        var options = PVRTCEncoder.Options(quality: .fast, threads: 2, format: .pvrtc1_2bpp)
        change(&options)
        return options
    }

    func testMipChainLevelsArePaddedTo16x8AndMatchTheirReferences() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: false)
        let opts = options { $0.mipmaps = true }
        let texture = try PVRTCEncoder.encodeSynchronously(image, options: opts)
        let references = try PVRTCEncoder.referenceLevels(image, options: opts)
        XCTAssertEqual(texture.format, .pvrtc1_2bpp)
        XCTAssertEqual(texture.levels.map(\.width), [64, 32, 16, 8, 4, 2, 1])
        for (index, level) in texture.levels.enumerated() {
            XCTAssertEqual(level.format, .pvrtc1_2bpp)
            let blocks = max((level.width + 7) / 8, 2) * max((level.height + 3) / 4, 2)
            XCTAssertEqual(level.data.count, blocks * 8, "level \(index)")
            XCTAssertGreaterThanOrEqual(level.data.count, 32, "level \(index) below 16x8 padded")
            let reference = references[index]
            let expected = try LevelEncoder.encode(
                reference, format: .pvrtc1_2bpp, options: .init(quality: .fast, threads: 2)
            ).data
            XCTAssertEqual(level.data, expected, "level \(index) is the level encoder's output")
            let decoded = PVRTCDecoder.decode(level)
            XCTAssertEqual(decoded.width, reference.width)
            XCTAssertEqual(decoded.height, reference.height)
            if level.width >= 32 {
                // The fixture's noise survives into the small levels, which 2bpp cannot hold; their
                // bytes are the level encoder's (above), whose quality Encoder2bppTests checks.
                XCTAssertGreaterThan(Encoder2bppTests.psnr(reference, decoded).rgb, 24, "level \(index)")
            }
        }
    }

    func testSameBytesForAnyThreadCount() throws {
        let image = EncoderFixtures.textured(width: 64, height: 32, alpha: true)
        let one = try PVRTCEncoder.encodeSynchronously(
            image, options: options { ($0.threads, $0.mipmaps, $0.allowRectangular) = (1, true, true) })
        let three = try PVRTCEncoder.encodeSynchronously(
            image, options: options { ($0.threads, $0.mipmaps, $0.allowRectangular) = (3, true, true) })
        XCTAssertEqual(one.levels.map(\.data), three.levels.map(\.data))
    }

    func testFlipEncodesTheMirroredImageAndRecordsIt() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: false)
        let flipped = try PVRTCEncoder.encodeSynchronously(
            image, options: options { ($0.flipX, $0.flipY) = (true, true) })
        XCTAssertEqual(flipped.metadata.orientation, TextureOrientation(xLeft: true, yUp: true))
        var mirrored = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 { mirrored[x, y] = image[31 - x, 31 - y] }
        }
        let direct = try PVRTCEncoder.encodeSynchronously(mirrored, options: options())
        XCTAssertEqual(flipped.levels[0].data, direct.levels[0].data)
        XCTAssertEqual(flipped.format, .pvrtc1_2bpp)
    }

    func testPremultiplyEncodesPremultipliedColour() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        let opts = options { $0.premultiply = true }
        let texture = try PVRTCEncoder.encodeSynchronously(image, options: opts)
        XCTAssertTrue(texture.metadata.isPremultiplied)
        let reference = try PVRTCEncoder.referenceLevels(image, options: opts)[0]
        XCTAssertNotEqual(reference.pixels, image.pixels, "the reference is premultiplied")
        let decoded = PVRTCDecoder.decode(texture.levels[0])
        XCTAssertGreaterThan(Encoder2bppTests.psnr(reference, decoded).rgb, 24)
        XCTAssertGreaterThan(Encoder2bppTests.psnr(reference, decoded).alpha, 24)
    }

    func testNormalMapUsesTheNormalMapMetric() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: false)
        let texture = try PVRTCEncoder.encodeSynchronously(image, options: options { $0.normalMap = true })
        let reference = try PVRTCEncoder.referenceLevels(image, options: options { $0.normalMap = true })[0]
        let expected = try LevelEncoder.encode(
            reference, format: .pvrtc1_2bpp, options: .init(quality: .fast, threads: 2, metric: .normalMap)
        ).data
        XCTAssertEqual(texture.levels[0].data, expected)
        let opaque = try LevelEncoder.encode(
            reference, format: .pvrtc1_2bpp, options: .init(quality: .fast, threads: 2)
        ).data
        XCTAssertNotEqual(expected, opaque, "the normal-map metric changes the search")
    }

    func testFourBppOptionsCodeAsBeforeAndAMissingFormatIsFourBpp() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let four = String(decoding: try encoder.encode(PVRTCEncoder.Options(threads: 1)), as: UTF8.self)
        XCTAssertFalse(four.contains("format"), four)
        let two = String(
            decoding: try encoder.encode(PVRTCEncoder.Options(threads: 1, format: .pvrtc1_2bpp)), as: UTF8.self)
        XCTAssertTrue(two.contains("\"format\":\"pvrtc1_2bpp\""), two)
        let decoded = try JSONDecoder().decode(PVRTCEncoder.Options.self, from: Data(four.utf8))
        XCTAssertEqual(decoded.format, .pvrtc1_4bpp)
        XCTAssertEqual(decoded, PVRTCEncoder.Options(threads: 1))
        XCTAssertEqual(
            try JSONDecoder().decode(PVRTCEncoder.Options.self, from: Data(two.utf8)).format, .pvrtc1_2bpp)
        var options = PVRTCEncoder.Options(threads: 1, format: .pvrtc1_2bpp)
        options.format = .pvrtc1_4bpp
        XCTAssertEqual(options, PVRTCEncoder.Options(threads: 1), "4bpp set back equals the default")
    }
}
