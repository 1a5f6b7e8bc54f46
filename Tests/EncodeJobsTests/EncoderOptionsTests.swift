import EncodeJobs
import Imaging
import PVRCTestSupport
import PVRTCSearch
import XCTest

@testable import PVRTC

/// The texture options: flip, premultiply, colour space, normal map, maximum size, rectangular sizes.
final class EncoderOptionsTests: XCTestCase {
    private func encode(_ image: RGBAImage, _ options: EncodeOptions) throws -> PVRTCTexture {
        var options = options
        options.quality = .fast
        options.threads = 1
        return try encodeSynchronously(image, options: options)
    }

    func testDefaultsRecordNothingNew() throws {
        let texture = try encode(EncoderFixtures.textured(width: 16, height: 16, alpha: true), .init())
        XCTAssertEqual(texture.metadata, TextureMetadata())
    }

    /// `--flip y` encodes exactly the pre-flipped picture and records y up; decoding and turning it
    /// upright gives the picture back in its original orientation.
    func testFlipEncodesTheMirroredPictureAndRecordsIt() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        for (x, y) in [(false, true), (true, false), (true, true)] {
            let flipped = try encode(image, .init(mipmaps: true, flipX: x, flipY: y))
            let manual = try encode(ImageFlip.flipped(image, horizontally: x, vertically: y), .init(mipmaps: true))
            XCTAssertEqual(flipped.levels, manual.levels)
            XCTAssertEqual(flipped.metadata.orientation, TextureOrientation(xLeft: x, yUp: y))
            let upright = flipped.metadata.orientation.upright(PVRTCDecoder.decode(flipped.levels[0]))
            let plain = PVRTCDecoder.decode(try encode(image, .init()).levels[0])
            // Same picture, same orientation: errors against the source are of the same size.
            let flippedError = EncoderFixtures.squaredError(upright, image)
            let plainError = EncoderFixtures.squaredError(plain, image)
            XCTAssertLessThan(Double(flippedError), Double(plainError) * 1.3)
            XCTAssertLessThan(Double(plainError), Double(flippedError) * 1.3)
        }
    }

    func testPremultiplyEncodesPremultipliedLevelsAndMarksThem() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        for space in [ColorSpace.linear, .srgb] {
            let texture = try encode(image, .init(mipmaps: true, premultiply: true, colorSpace: space))
            XCTAssertTrue(texture.metadata.isPremultiplied)
            XCTAssertEqual(texture.metadata.colorSpace, space)
            let levels = MipChain.build(from: image, colorSpace: space)
                .map { Premultiplication.premultiplied($0, colorSpace: space) }
            let manual = try PVRTCEncoder.encodeSynchronously(levels, options: .init(quality: .fast, threads: 1))
            XCTAssertEqual(texture.levels, manual.levels, "\(space): premultiplied levels, no alpha bleed")
        }
        // Where the source is fully transparent, premultiplied colour is black, so the decoded colour is near 0.
        let decoded = PVRTCDecoder.decode(try encode(image, .init(premultiply: true)).levels[0])
        XCTAssertEqual(image[0, 0].a, 0)
        XCTAssertLessThan(Int(decoded[0, 0].r) + Int(decoded[0, 0].g) + Int(decoded[0, 0].b), 12)
    }

    /// The checkerboard of the issue: level 1 is 188 for colour (default and srgb), 128 for linear data.
    func testColorSpaceChoosesTheMipAverage() throws {
        var board = RGBAImage(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                board[x, y] = (v, v, v, 255)
            }
        }
        func levelOneGrey(_ options: EncodeOptions) throws -> Int {
            let texture = try encode(board, options)
            let decoded = PVRTCDecoder.decode(texture.levels[1])
            return Int(decoded[3, 3].g)
        }
        XCTAssertEqual(try levelOneGrey(.init(mipmaps: true)), 188, accuracy: 4)
        XCTAssertEqual(try levelOneGrey(.init(mipmaps: true, colorSpace: .srgb)), 188, accuracy: 4)
        XCTAssertEqual(try levelOneGrey(.init(mipmaps: true, colorSpace: .linear)), 128, accuracy: 4)
        XCTAssertEqual(try encode(board, .init(colorSpace: .srgb)).metadata.colorSpace, .srgb)
        XCTAssertEqual(try encode(board, .init(colorSpace: .linear)).metadata.colorSpace, .linear)
    }

    func testNormalMapRenormalisesMipsWeightsXYAndIsLinear() throws {
        var random = TestRandom(seed: 3)
        var image = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                let nx = Double(random.next(121) - 60) / 100
                let ny = Double(random.next(121) - 60) / 100
                let nz = (1 - nx * nx - ny * ny).squareRoot()
                func code(_ v: Double) -> UInt8 { UInt8(((v + 1) * 127.5).rounded()) }
                image[x, y] = (code(nx), code(ny), code(nz), 255)
            }
        }
        let texture = try encode(image, .init(mipmaps: true, normalMap: true))
        XCTAssertEqual(texture.metadata, TextureMetadata(colorSpace: .linear))
        let sources = NormalMapMipChain.build(from: image)
        let manual = try PVRTCEncoder.encodeSynchronously(
            sources, options: .init(quality: .fast, threads: 1, normalMap: true))
        XCTAssertEqual(texture.levels, manual.levels)
        XCTAssertNotEqual(texture.levels[0], try encode(image, .init()).levels[0], "X/Y weighting changes the search")
    }

    /// A normal map cannot be premultiplied or labelled sRGB: the library refuses the combination
    /// instead of ignoring half of it.
    func testNormalMapConflictsAreRefused() throws {
        let image = EncoderFixtures.textured(width: 16, height: 16, alpha: true)
        XCTAssertThrowsError(try encode(image, .init(premultiply: true, normalMap: true))) { error in
            XCTAssertEqual(error as? EncodingError, .conflictingOptions(.normalMapPremultiplied))
        }
        XCTAssertThrowsError(try encode(image, .init(colorSpace: .srgb, normalMap: true))) { error in
            XCTAssertEqual(error as? EncodingError, .conflictingOptions(.normalMapSRGB))
        }
        XCTAssertNoThrow(try encode(image, .init(colorSpace: .linear, normalMap: true)))
    }

    /// The reference levels are the images the encoder searched for: encoding them with resizing,
    /// flip and premultiplication switched off gives the same texture.
    func testReferenceLevelsAreWhatTheEncoderSaw() throws {
        let image = EncoderFixtures.textured(width: 40, height: 24, alpha: true)
        let options = EncodeOptions(
            quality: .fast, threads: 1, mipmaps: true, square: .pad, pot: .stretch, flipY: true, premultiply: true,
            colorSpace: .srgb, maxSize: 32)
        let references = try options.referenceLevels(image)
        let texture = try encodeSynchronously(image, options: options)
        XCTAssertEqual(references.map(\.width), texture.levels.map(\.width))
        for (reference, level) in zip(references, texture.levels) {
            let again = try PVRTCEncoder.encodeSynchronously([reference], options: .init(quality: .fast, threads: 1))
            XCTAssertEqual(again.levels[0], level)
        }
    }

    func testMaxSizeHalvesBeforeEncoding() throws {
        let image = EncoderFixtures.textured(width: 64, height: 64, alpha: false)
        let texture = try encode(image, .init(maxSize: 20))
        XCTAssertEqual(texture.width, 16)
        XCTAssertEqual(texture.levels[0], try encode(try ImageSizeLimit.fit(image, maximumSide: 20), .init()).levels[0])
        XCTAssertEqual(try encode(image, .init(maxSize: 64)).width, 64)
        XCTAssertThrowsError(try encode(image, .init(maxSize: 0))) { error in
            XCTAssertEqual(error as? EncodingError, .invalidMaximumSize(0))
        }
    }

    func testAllowRectangularWritesNonSquarePowerOfTwo() throws {
        let image = EncoderFixtures.textured(width: 64, height: 16, alpha: false)
        let texture = try encode(image, .init(mipmaps: true, allowRectangular: true))
        XCTAssertEqual(
            texture.levels.map { "\($0.width)x\($0.height)" },
            ["64x16", "32x8", "16x4", "8x2", "4x1", "2x1", "1x1"])
        XCTAssertThrowsError(try encode(image, .init()))
        let odd = EncoderFixtures.textured(width: 60, height: 16, alpha: false)
        XCTAssertThrowsError(try encode(odd, .init(allowRectangular: true))) { error in
            XCTAssertEqual(
                error as? EncodingError,
                .unsupportedSize(width: 60, height: 16, needsSquare: false, needsPowerOfTwo: true))
        }
        XCTAssertEqual(try encode(odd, .init(pot: .stretch, allowRectangular: true)).width, 64)
        XCTAssertEqual(try encode(image, .init(square: .pad, allowRectangular: true)).height, 64)
    }
}
