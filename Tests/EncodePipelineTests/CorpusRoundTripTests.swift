import EncodeJobs
import Foundation
import Imaging
import PVRTC
import PVRTCSearch
import QualityMetrics
import XCTest

/// Encode -> decode round trips of real corpus images through the whole pipeline, held to PSNR
/// floors set a little under what the first encoder version measured (noted beside each floor),
/// and above Jeffrey Lim's fast encoder ("brenwill" in baselines.tsv).
final class CorpusRoundTripTests: XCTestCase {
    private func roundTrip(_ image: RGBAImage, quality: PVRTCEncoder.Quality) throws -> (PVRTCTexture, ImageComparison)
    {
        let job = EncodeJob(options: EncodeOptions(quality: quality, threads: 2), container: .pvr3)
        let texture = try job.encode(image).faces[0]
        let decoded = PVRTCDecoder.decode(texture.levels[0], threads: 2)
        return (texture, try ImageComparison.compare(reference: image, candidate: decoded))
    }

    /// Opaque pebbles, `fast`: measured Y 27.43 dB (brenwill 26.32); floor 27.0.
    func testOpaqueImageAboveFloor() throws {
        let image = try CorpusImages.image("etr_pebbles04_256.png")
        let (texture, result) = try roundTrip(image, quality: .fast)
        XCTAssertFalse(texture.hasAlpha)
        XCTAssertGreaterThanOrEqual(result.lumaPSNR, 27.0)
    }

    /// Soft-alpha sky, `fast`: measured alpha-weighted RGB 41.24 dB and alpha 45.14 dB
    /// (brenwill 33.54 / 27.26); floors 40.5 and 44.0.
    func testAlphaImageAboveFloor() throws {
        let image = try CorpusImages.image("wz_sky_arizona_256_rgba.png")
        let (texture, result) = try roundTrip(image, quality: .fast)
        XCTAssertTrue(texture.hasAlpha)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(result.alphaWeightedRGBPSNR), 40.5)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(result.alphaPSNR), 44.0)
    }

    /// `fastest` against Jeffrey Lim's encoder (`brenwill` in baselines.tsv, an independent encoder's
    /// measured output): opaque images by Y, images with alpha by alpha-weighted RGB. Measured with
    /// the first version of `fastest`: kodim03 38.53 (Lim 35.40), photo_astronaut 35.16 (31.02),
    /// wz_sky_arizona 40.11 (33.54), oa_grind (cut-out) 29.77 (19.27); floors about half a dB lower.
    func testFastestAboveLimsEncoder() throws {
        for (name, floor, lim) in [("kodak/kodim03_512.png", 38.0, 35.40), ("photo_astronaut_512.png", 34.6, 31.02)] {
            let (texture, result) = try roundTrip(try CorpusImages.image(name), quality: .fastest)
            XCTAssertFalse(texture.hasAlpha, name)
            XCTAssertGreaterThanOrEqual(result.lumaPSNR, floor, name)
            XCTAssertGreaterThan(result.lumaPSNR, lim + 2, name)
        }
        for (name, floor, lim) in [
            ("wz_sky_arizona_256_rgba.png", 39.5, 33.54), ("oa_grind_512_rgba.png", 29.2, 19.27),
        ] {
            let (texture, result) = try roundTrip(try CorpusImages.image(name), quality: .fastest)
            XCTAssertTrue(texture.hasAlpha, name)
            let weighted = try XCTUnwrap(result.alphaWeightedRGBPSNR)
            XCTAssertGreaterThanOrEqual(weighted, floor, name)
            XCTAssertGreaterThan(weighted, lim, name)
        }
    }
}
