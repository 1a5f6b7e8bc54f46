import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCEncoding
import QualityMetrics
import TextureFormats
import XCTest

/// `pvrc encode --quality fastest` into every container, read back with `TextureFile`.
final class FastestEncodeCommandTests: CLITestCase {
    /// A soft-alpha 64×64 test image as a PNG in the scratch directory.
    private func writeImage() throws -> (String, RGBAImage) {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let r = (x - 32) * (x - 32) + (y - 32) * (y - 32)
                image[x, y] = (UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), UInt8(clamping: 1400 - r))
            }
        }
        let file = path("in.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: file))
        return (file, image)
    }

    /// PVR v2, PVR v3 and KTX 1.1 hold the library's bytes for the same options, every level, with
    /// the flags the options record.
    func testEveryContainer() throws {
        let (input, image) = try writeImage()
        var options = PVRTCEncoder.Options(quality: .fastest, threads: 1, mipmaps: true, flipY: true)
        let expected = try PVRTCEncoder.encodeSynchronously(image, options: options)
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
        let decoded = PVRTCDecoder.decode(try PVRTCEncoder.encodeSynchronously(image, options: options).levels[0])
        let comparison = try ImageComparison.compare(reference: image, candidate: decoded)
        XCTAssertGreaterThan(try XCTUnwrap(comparison.alphaWeightedRGBPSNR), 30)
    }
}
