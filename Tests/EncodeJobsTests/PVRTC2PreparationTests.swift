import EncodeJobs
import Foundation
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import TextureFormats
import XCTest

/// Encode jobs with a PVRTC2 format: the preparation keeps any size (the PVRTC1 size rules do not
/// apply, `square` and `pot` resize only when given), mips halve rounding down to 1x1, every other
/// option works as for PVRTC1, and a container without a PVRTC2 code refuses the job before any work.
final class PVRTC2PreparationTests: XCTestCase {
    private func options(_ format: PVRTCFormat = .pvrtc2_4bpp, _ change: (inout EncodeOptions) -> Void = { _ in })
        -> EncodeOptions
    {
        var options = EncodeOptions(quality: .fast, threads: 2, format: format)
        change(&options)
        return options
    }

    private func sizes(_ levels: [RGBAImage]) -> [String] { levels.map { "\($0.width)x\($0.height)" } }

    /// The JSON of PVRTC1 options is byte for byte what main's code (commit 0d3e807, before `codec`
    /// existed) wrote for the same options; those texts decode to the same options; PVRTC2 options
    /// code their format under `format`.
    func testPVRTC1OptionsCodeAsBeforeAndPVRTC2UnderFormat() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let mainFourBpp =
            #"{"allowRectangular":false,"alphaBleed":true,"flipX":false,"flipY":false,"mipmaps":false,"normalMap":false,"pixelLimit":{"maximumPixels":16777216},"premultiply":false,"quality":"best","threads":1}"#
        let mainTwoBpp =
            #"{"allowRectangular":false,"alphaBleed":true,"flipX":false,"flipY":false,"format":"pvrtc1_2bpp","mipmaps":true,"normalMap":false,"pixelLimit":{"maximumPixels":16777216},"premultiply":false,"quality":"best","threads":1}"#
        let four = EncodeOptions(threads: 1)
        let two = EncodeOptions(threads: 1, mipmaps: true, format: .pvrtc1_2bpp)
        XCTAssertEqual(String(decoding: try encoder.encode(four), as: UTF8.self), mainFourBpp)
        XCTAssertEqual(String(decoding: try encoder.encode(two), as: UTF8.self), mainTwoBpp)
        XCTAssertEqual(try JSONDecoder().decode(EncodeOptions.self, from: Data(mainFourBpp.utf8)), four)
        XCTAssertEqual(try JSONDecoder().decode(EncodeOptions.self, from: Data(mainTwoBpp.utf8)), two)
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            let options = EncodeOptions(threads: 1, format: format)
            let text = String(decoding: try encoder.encode(options), as: UTF8.self)
            XCTAssertTrue(text.contains("\"format\":\"\(format.rawValue)\""), text)
            XCTAssertEqual(try JSONDecoder().decode(EncodeOptions.self, from: Data(text.utf8)), options)
        }
    }

    /// `codec` and `bpp` each set their half of the format, in either order.
    func testCodecAndBppSetTheFormatTogether() throws {
        guard let codec = EncodingOption.named("codec"), let bpp = EncodingOption.named("bpp") else {
            return XCTFail("codec and bpp are in the option table")
        }
        for (codecWord, bppWord, format) in [
            ("pvrtc1", "4", PVRTCFormat.pvrtc1_4bpp), ("pvrtc1", "2", .pvrtc1_2bpp), ("pvrtc2", "4", .pvrtc2_4bpp),
            ("pvrtc2", "2", .pvrtc2_2bpp),
        ] {
            var first = EncodeJob(container: .ktx2)
            try codec.set(.word(codecWord), in: &first)
            try bpp.set(.word(bppWord), in: &first)
            var second = EncodeJob(container: .ktx2)
            try bpp.set(.word(bppWord), in: &second)
            try codec.set(.word(codecWord), in: &second)
            XCTAssertEqual(first.options.format, format)
            XCTAssertEqual(second.options.format, format)
        }
        XCTAssertThrowsError(try codec.parse("pvrtc3"))
    }

    /// A 100x60 image stays 100x60; its mip chain halves rounding down: floor(log2(100)) + 1 = 7 levels.
    /// The same image is refused for PVRTC1.
    func testAnySizeIsKeptAndMipsHalveRoundingDown() throws {
        let image = EncoderFixtures.textured(width: 100, height: 60, alpha: true)
        let expected = ["100x60", "50x30", "25x15", "12x7", "6x3", "3x1", "1x1"]
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            let prepared = try options(format) { $0.mipmaps = true }.prepare(image)
            XCTAssertEqual(sizes(prepared.references), expected, "\(format)")
            XCTAssertEqual(sizes(prepared.levels), expected, "\(format)")
            XCTAssertEqual(prepared.references[0], image, "level 0 is the image itself")
            XCTAssertEqual(prepared.references[1], MipChain.downsample(image), "\(format)")
        }
        XCTAssertThrowsError(try options(.pvrtc1_4bpp).prepare(image)) {
            guard case .unsupportedSize(100, 60, true, true) = $0 as? EncodingError else {
                return XCTFail("\($0)")
            }
        }
    }

    /// `square` and `pot` resize only when given; `allow-rectangular` changes nothing; `max-size` halves
    /// 100x60 to 50x30 for a limit of 64.
    func testSizePoliciesApplyOnlyWhenGiven() throws {
        let image = EncoderFixtures.textured(width: 100, height: 60, alpha: false)
        let cases: [(String, (inout EncodeOptions) -> Void)] = [
            ("100x60", { $0.allowRectangular = true }), ("100x100", { $0.square = .pad }),
            ("128x64", { $0.pot = .stretch }),
            (
                "128x128",
                {
                    $0.square = .stretch
                    $0.pot = .pad
                }
            ),
            ("50x30", { $0.maxSize = 64 }),
        ]
        for (size, change) in cases {
            let level = try options(.pvrtc2_2bpp, change).prepare(image).references[0]
            XCTAssertEqual("\(level.width)x\(level.height)", size)
        }
        let padded = try options { $0.square = .pad }.prepare(image).references[0]
        XCTAssertEqual(padded[99, 59].r, image[99, 59].r)
        XCTAssertEqual(padded[99, 99].r, image[99, 59].r, "opaque pad repeats the edge")
    }

    /// Flips, premultiplication (transparent pixels become transparent black) and normal maps prepare as
    /// for PVRTC1, at a size PVRTC1 refuses.
    func testFlipPremultiplyAndNormalMapsAtAnySize() throws {
        let image = EncoderFixtures.textured(width: 37, height: 21, alpha: true)
        let flipped = try options { $0.flipY = true }.prepare(image)
        XCTAssertEqual(flipped.references[0], ImageFlip.flipped(image, horizontally: false, vertically: true))
        XCTAssertTrue(flipped.metadata.orientation.yUp)

        let premultiplied = try options {
            $0.premultiply = true
            $0.mipmaps = true
        }.prepare(image)
        XCTAssertTrue(premultiplied.metadata.isPremultiplied)
        XCTAssertEqual(sizes(premultiplied.references), ["37x21", "18x10", "9x5", "4x2", "2x1", "1x1"])
        for level in premultiplied.levels {
            for index in stride(from: 0, to: level.pixels.count, by: 4) where level.pixels[index + 3] == 0 {
                XCTAssertEqual(Array(level.pixels[index..<index + 3]), [0, 0, 0])
            }
        }

        var normals = RGBAImage(width: 37, height: 21)
        for y in 0..<21 {
            for x in 0..<37 { normals[x, y] = (UInt8(x * 6), UInt8(y * 10), 220, 255) }
        }
        let normal = try options {
            $0.normalMap = true
            $0.mipmaps = true
        }.prepare(normals)
        XCTAssertEqual(normal.references, NormalMapMipChain.build(from: normals))
        XCTAssertEqual(normal.metadata.colorSpace, .linear)
    }

    /// Legacy PVR v2 has no pixel type for PVRTC2: the job is refused by its check, before the image
    /// file is read (a missing file is not even noticed).
    func testPVRv2IsRefusedBeforeAnyWork() {
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            let job = EncodeJob(options: options(format), container: .pvr2)
            XCTAssertThrowsError(try job.check()) {
                XCTAssertEqual($0 as? EncodeJobError, .containerCannotHold(.pvr2, format))
            }
            XCTAssertThrowsError(try job.encode(contentsOf: URL(fileURLWithPath: "/nonexistent/in.png"))) {
                XCTAssertEqual($0 as? EncodeJobError, .containerCannotHold(.pvr2, format))
                XCTAssertEqual(
                    "\($0)", "PVR v2 (legacy) cannot hold \(format.displayName) (it has no pixel format for it)")
            }
        }
        for container in TextureContainer.allCases where container != .pvr2 {
            XCTAssertNoThrow(try EncodeJob(options: options(), container: container).check(), "\(container)")
        }
    }

    /// The job writes PVRTC2 levels of any size: level sizes and byte counts worked out from the format
    /// (ceil(w / 4) x ceil(h / 4) words at 4bpp, ceil(w / 8) x ceil(h / 4) at 2bpp, 8 bytes each).
    func testJobsEncodePVRTC2OfAnySize() throws {
        let image = EncoderFixtures.textured(width: 100, height: 60, alpha: true)
        let byteCounts: [PVRTCFormat: [Int]] = [
            .pvrtc2_4bpp: [3000, 832, 224, 48, 16, 8, 8], .pvrtc2_2bpp: [1560, 448, 128, 32, 8, 8, 8],
        ]
        for (format, counts) in byteCounts {
            let result = try EncodeJob(options: options(format) { $0.mipmaps = true }, container: .ktx2).encode(image)
            XCTAssertEqual(result.texture.format, format)
            XCTAssertEqual(
                result.texture.levels.map { "\($0.width)x\($0.height)" },
                ["100x60", "50x30", "25x15", "12x7", "6x3", "3x1", "1x1"])
            XCTAssertEqual(result.texture.levels.map(\.data.count), counts, "\(format)")
            XCTAssertTrue(result.texture.hasAlpha)
        }
    }
}
