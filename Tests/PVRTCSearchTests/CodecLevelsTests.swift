import Imaging
import PVRTC
import PVRTCSearch
import XCTest

/// The codec takes prepared levels as they are: it refuses, before any search, levels the texture's format
/// cannot store (PVRTC1: power-of-two sides; PVRTC2: any size) or that are no mip chain, and keeps the
/// metadata it is given.
final class CodecLevelsTests: XCTestCase {
    private let options = PVRTCEncoder.Options(quality: .fastest, threads: 1)

    private func refusal(_ levels: [RGBAImage], format: PVRTCFormat = .pvrtc1_4bpp) -> EncodingError? {
        var options = options
        options.format = format
        do {
            _ = try PVRTCEncoder.encodeSynchronously(levels, options: options)
            return nil
        } catch {
            return error as? EncodingError
        }
    }

    func testNoLevelsIsRefused() {
        XCTAssertEqual(refusal([]), .noLevels)
        XCTAssertEqual(EncodingError.noLevels.description, "no levels to encode")
    }

    /// PVRTC1 stores power-of-two sides only; the codec does not pad or stretch.
    func testASideThatIsNotAPowerOfTwoIsRefused() {
        let error = refusal([RGBAImage(width: 12, height: 16)], format: .pvrtc1_2bpp)
        XCTAssertEqual(
            error, .invalidLevel(index: 0, width: 12, height: 16, reason: "PVRTC1 needs power-of-two sizes"))
        XCTAssertEqual(error?.description, "level 0 is 12x16: PVRTC1 needs power-of-two sizes")
    }

    /// PVRTC2 stores any size: a chain of odd sides is taken as it is, and PVRTC1 still refuses it.
    func testPVRTC2TakesLevelsOfAnySize() throws {
        let levels = [(13, 6), (6, 3), (3, 1), (1, 1)].map {
            RGBAImage(width: $0.0, height: $0.1, fill: (20, 200, 100, 255))
        }
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            var options = options
            options.format = format
            let texture = try PVRTCEncoder.encodeSynchronously(levels, options: options)
            XCTAssertEqual(texture.levels.map(\.width), [13, 6, 3, 1])
            XCTAssertEqual(texture.levels.map(\.height), [6, 3, 1, 1])
            XCTAssertEqual(
                refusal(Array(levels[1...]) + [levels[0]], format: format),
                .invalidLevel(index: 3, width: 13, height: 6, reason: "a mip level of a 6x3 level 0 is 1x1"))
        }
        XCTAssertEqual(
            refusal(levels), .invalidLevel(index: 0, width: 13, height: 6, reason: "PVRTC1 needs power-of-two sizes"))
    }

    /// Each level must halve the one before, rounding down and stopping at 1 (16x4 -> 8x2 -> 4x1 -> 2x1).
    func testLevelsThatAreNotAMipChainAreRefused() {
        let chain = [RGBAImage(width: 16, height: 4), RGBAImage(width: 8, height: 2), RGBAImage(width: 4, height: 2)]
        XCTAssertEqual(
            refusal(chain),
            .invalidLevel(index: 2, width: 4, height: 2, reason: "a mip level of a 16x4 level 0 is 4x1"))
    }

    /// A valid non-square chain down to 1x1 encodes; the texture keeps the metadata given and takes its
    /// alpha flag from level 0.
    func testAChainIsEncodedWithTheGivenMetadata() throws {
        let sizes = [(16, 4), (8, 2), (4, 1), (2, 1), (1, 1)]
        var levels = sizes.map { RGBAImage(width: $0.0, height: $0.1, fill: (200, 100, 50, 255)) }
        levels[0][3, 2] = (200, 100, 50, 128)
        let metadata = TextureMetadata(
            orientation: TextureOrientation(xLeft: true, yUp: true), isPremultiplied: true, colorSpace: .srgb)
        let texture = try PVRTCEncoder.encodeSynchronously(levels, metadata: metadata, options: options)
        XCTAssertEqual(texture.levels.map(\.width), [16, 8, 4, 2, 1])
        XCTAssertEqual(texture.levels.map(\.height), [4, 2, 1, 1, 1])
        XCTAssertEqual(texture.metadata, metadata)
        XCTAssertTrue(texture.hasAlpha)
        levels[0][3, 2] = (200, 100, 50, 255)
        XCTAssertFalse(try PVRTCEncoder.encodeSynchronously(levels, options: options).hasAlpha)
    }
}
