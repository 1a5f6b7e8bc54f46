import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCEncoding
import QualityMetrics
import TextureFormats
import XCTest

/// `pvrc encode --bpp 2 --quality fastest` into every container, read back with `TextureFile`.
final class FastestEncode2bppCommandTests: CLITestCase {
    /// A soft-alpha 64×32 test image as a PNG in the scratch directory.
    private func writeImage() throws -> (String, RGBAImage) {
        var image = RGBAImage(width: 64, height: 32)
        for y in 0..<32 {
            for x in 0..<64 {
                let r = (x - 32) * (x - 32) + 4 * (y - 16) * (y - 16)
                image[x, y] = (UInt8(x * 4), UInt8(y * 8), UInt8((x + y) * 2), UInt8(clamping: 1400 - r))
            }
        }
        let file = path("in.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: file))
        return (file, image)
    }

    /// Every container holds the library's 2bpp bytes for the same options, every level, with the
    /// format and flags the options record; the top level decodes close to the source.
    func testEveryContainer() throws {
        let (input, image) = try writeImage()
        var options = PVRTCEncoder.Options(
            quality: .fastest, threads: 1, mipmaps: true, flipY: true, allowRectangular: true, format: .pvrtc1_2bpp)
        let expected = try PVRTCEncoder.encodeSynchronously(image, options: options)
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
        let decoded = PVRTCDecoder.decode(try PVRTCEncoder.encodeSynchronously(image, options: options).levels[0])
        let comparison = try ImageComparison.compare(reference: image, candidate: decoded)
        // Measured 27.75 dB alpha-weighted RGB.
        XCTAssertGreaterThan(try XCTUnwrap(comparison.alphaWeightedRGBPSNR), 26.5)
    }
}
