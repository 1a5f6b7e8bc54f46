import EncodeJobs
import Foundation
import Imaging
import PVRTC
import PVRTCSearch
import QualityMetrics
import TextureFormats
import XCTest

/// `pvrc encode --quality fastest` into every container, read back with `TextureFile`.
final class FastestEncodeCommandTests: CLITestCase {
    /// PVR v2, PVR v3 and KTX 1.1 hold the library's bytes for the same options, every level, with
    /// the flags the options record.
    func testEveryContainer() throws {
        let (input, image) = try writeSoftAlphaImage(width: 64, height: 64)
        var options = EncodeOptions(quality: .fastest, threads: 1, mipmaps: true, flipY: true)
        let expected = try EncodeJob(options: options, container: .pvr3).encode(image).faces[0]
        for (format, container) in [("pvr2", TextureContainer.pvr2), ("pvr3", .pvr3), ("ktx", .ktx)] {
            let output = path("out-\(format).tex")
            let result = try PVRCProcess.run([
                "encode", input, output, "--format", format, "--quality", "fastest", "--mipmaps", "--flip", "y",
                "--threads", "2", "--quiet",
            ])
            XCTAssertEqual(result.status, 0, result.standardError)
            let file = try TextureFile.read(from: URL(fileURLWithPath: output))
            XCTAssertEqual(file.container, container)
            XCTAssertEqual(file.texture.levels, expected.levels, format)
            XCTAssertTrue(file.texture.hasAlpha, format)
            XCTAssertEqual(file.texture.metadata.orientation, expected.metadata.orientation, format)
        }
        options.flipY = false
        let decoded = PVRTCDecoder.decode(
            try EncodeJob(options: options, container: .pvr3).encode(image).faces[0].levels[0])
        let comparison = try ImageComparison.compare(reference: image, candidate: decoded)
        XCTAssertGreaterThan(try XCTUnwrap(comparison.alphaWeightedRGBPSNR), 30)
    }
}
