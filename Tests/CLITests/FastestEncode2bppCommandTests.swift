import EncodeJobs
import Foundation
import Imaging
import PVRTC
import PVRTCSearch
import QualityMetrics
import TextureFormats
import XCTest

/// `pvrc encode --bpp 2 --quality fastest` into every container, read back with `TextureFile`.
final class FastestEncode2bppCommandTests: CLITestCase {
    /// Every container holds the library's 2bpp bytes for the same options, every level, with the
    /// format and flags the options record; the top level decodes close to the source.
    func testEveryContainer() throws {
        let (input, image) = try writeSoftAlphaImage(width: 64, height: 32)
        var options = EncodeOptions(
            quality: .fastest, threads: 1, mipmaps: true, flipY: true, allowRectangular: true, format: .pvrtc1_2bpp)
        let expected = try EncodeJob(options: options, container: .pvr3).encode(image).faces[0]
        for container in TextureContainer.allCases {
            let output = path("out-\(container.rawValue).tex")
            let result = try PVRCProcess.run([
                "encode", input, output, "--format", container.rawValue, "--bpp", "2", "--quality", "fastest",
                "--mipmaps", "--flip", "y", "--allow-rectangular", "--threads", "2", "--quiet",
            ])
            XCTAssertEqual(result.status, 0, result.standardError)
            let file = try TextureFile.read(from: URL(fileURLWithPath: output))
            XCTAssertEqual(file.container, container)
            XCTAssertEqual(file.texture.format, .pvrtc1_2bpp, container.rawValue)
            XCTAssertEqual(file.texture.levels, expected.levels, container.rawValue)
            XCTAssertTrue(file.texture.hasAlpha, container.rawValue)
            XCTAssertEqual(file.texture.metadata.orientation, expected.metadata.orientation, container.rawValue)
        }
        options.flipY = false
        let decoded = PVRTCDecoder.decode(
            try EncodeJob(options: options, container: .pvr3).encode(image).faces[0].levels[0])
        let comparison = try ImageComparison.compare(reference: image, candidate: decoded)
        // Measured 27.75 dB alpha-weighted RGB.
        XCTAssertGreaterThan(try XCTUnwrap(comparison.alphaWeightedRGBPSNR), 26.5)
    }
}
