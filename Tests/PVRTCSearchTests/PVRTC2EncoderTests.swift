import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import XCTest

/// PVRTC2 encoding, both rates: every quality level writes levels pvrc's PVRTC2 decoder reads back close to
/// the source, levels of any size are taken as they are, and the output does not depend on the thread count.
/// The quality figures are measured against the source images (and PVRTexLib's files of the same image),
/// never against another encoding of ours.
final class PVRTC2EncoderTests: XCTestCase {
    private static let formats = [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp]

    /// Every quality level at both rates on ferris (512×512, cut-out alpha with soft edges): alpha-weighted
    /// RGB and alpha PSNR above floors a little below the measured figures (fastest: 36.6 / 34.8 dB at 4bpp,
    /// 34.3 / 33.5 dB at 2bpp; the rest higher).
    func testEveryQualityEncodesFerrisAtBothRates() throws {
        let ferris = try PVRTC2Images.linearFerris()
        for format in Self.formats {
            for quality in PVRTCEncoder.Quality.allCases where quality != .max {
                let score = try PVRTC2Images.score(
                    PVRTC2Images.roundTrip(ferris, format: format, quality: quality), ferris)
                print("PVRTC2 ferris \(format) \(quality): \(score)")
                XCTAssertGreaterThan(score.colour, format == .pvrtc2_4bpp ? 36 : 33.5, "\(format) \(quality)")
                XCTAssertGreaterThan(score.alpha ?? 0, 33, "\(format) \(quality)")
            }
        }
    }

    /// At `best` both rates beat PVRTexLib's files of the same image (`PVRTCII_4bpp.ktx2`, `PVRTCII_2bpp.ktx2`,
    /// decoded by pvrc) by at least 1 dB in alpha PSNR and in alpha-weighted RGB PSNR (measured at 4bpp:
    /// 40.94 / 41.04 dB against 39.86 / 35.96; at 2bpp: 35.81 / 35.68 against 32.97 / 29.04).
    func testFerrisBeatsPVRTexTool() throws {
        let ferris = try PVRTC2Images.linearFerris()
        for format in Self.formats {
            let tool = try PVRTC2Images.score(PVRTC2Images.pvrTexToolFerris(format), ferris)
            let ours = try PVRTC2Images.score(PVRTC2Images.roundTrip(ferris, format: format, quality: .best), ferris)
            print("PVRTC2 ferris \(format) best: ours \(ours), PVRTexTool \(tool)")
            XCTAssertGreaterThanOrEqual(ours.colour, tool.colour + 1, "\(format)")
            XCTAssertGreaterThanOrEqual(ours.alpha ?? 0, (tool.alpha ?? .infinity) + 1, "\(format)")
        }
    }

    /// A mip chain of odd, non-square sizes (a 1000×600 crop of a corpus backdrop, 500×300, … 1×1) is stored
    /// as given, each level the words its size needs and close to its source; the 1000×600 level needs no
    /// resizing or padding.
    func testAChainOfAnySizeIsStoredAsGiven() throws {
        let backdrop = try PVRTC2Images.corpus("wz_backdrop3_2048.png")
        let photo = PVRTC2Images.crop(backdrop, x: 517, y: 901, width: 1000, height: 600)
        let levels = PVRTC2Images.chain(photo)
        XCTAssertEqual(levels.map(\.width), [1000, 500, 250, 125, 62, 31, 15, 7, 3, 1])
        XCTAssertEqual(levels.map(\.height), [600, 300, 150, 75, 37, 18, 9, 4, 2, 1])
        for format in Self.formats {
            let options = PVRTCEncoder.Options(quality: .fast, threads: 2, format: format)
            let texture = try PVRTCEncoder.encodeSynchronously(levels, options: options)
            XCTAssertFalse(texture.hasAlpha)
            XCTAssertEqual(texture.levels.count, levels.count)
            for (level, source) in zip(texture.levels, levels) {
                XCTAssertEqual(level.format, format)
                XCTAssertEqual([level.width, level.height], [source.width, source.height])
                XCTAssertEqual(level.data.count, format.byteCount(width: source.width, height: source.height))
                let score = try PVRTC2Images.score(PVRTCDecoder.decode(level, threads: 2), source)
                let floor: Double = source.width >= 125 ? (format == .pvrtc2_4bpp ? 30 : 26) : 20
                XCTAssertGreaterThan(score.colour, floor, "\(format) \(source.width)x\(source.height)")
            }
        }
    }

    /// Levels smaller than a block, and a flat colour at sizes that are not whole blocks, decode to the colour
    /// at both rates, opaque and translucent: within 6 of it opaque (5-bit endpoints, steps of 8.2), within 12
    /// translucent (4-bit colour and 3-bit alpha endpoints, steps of 17 and more).
    func testSmallAndPartialLevelsDecodeToTheirColour() throws {
        for format in Self.formats {
            for (width, height) in [(1, 1), (3, 2), (5, 1), (1, 7), (9, 6), (13, 21)] {
                for alpha in [255, 120] as [UInt8] {
                    let image = RGBAImage(width: width, height: height, fill: (180, 90, 40, alpha))
                    for quality in [PVRTCEncoder.Quality.fastest, .best] {
                        let decoded = try PVRTC2Images.roundTrip(image, format: format, quality: quality)
                        for (d, s) in zip(decoded.pixels, image.pixels) {
                            XCTAssertLessThanOrEqual(
                                abs(Int(d) - Int(s)), alpha == 255 ? 6 : 12,
                                "\(format) \(width)x\(height) alpha \(alpha) \(quality)")
                        }
                    }
                }
            }
        }
    }

    /// The output bytes do not depend on the thread count, on grids with an odd number of blocks each way
    /// (which the parallel stages colour with three colours) and with alpha.
    func testOutputDoesNotDependOnTheThreadCount() throws {
        for format in Self.formats {
            let image = EncoderFixtures.textured(width: 9 * format.blockWidth - 1, height: 38, alpha: true, seed: 7)
            for quality in [PVRTCEncoder.Quality.fastest, .normal, .best] {
                var outputs: [[UInt8]] = []
                for threads in [1, 2, 3] {
                    let options = PVRTCEncoder.Options(quality: quality, threads: threads, format: format)
                    outputs.append(try PVRTCEncoder.encodeSynchronously([image], options: options).levels[0].data)
                }
                XCTAssertEqual(outputs[0], outputs[1], "\(format) \(quality)")
                XCTAssertEqual(outputs[0], outputs[2], "\(format) \(quality)")
            }
        }
    }
}
