import EncodeJobs
import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import TextureFormats
import XCTest

/// `pvrc encode --bpp 2`: PVRTC1 2bpp textures in every container, the same pixels as the library encode.
final class Encode2bppCommandTests: CLITestCase {
    private func writePNG(_ image: RGBAImage, _ name: String) throws -> String {
        let file = path(name)
        try PNGCodec.write(image, to: URL(fileURLWithPath: file))
        return file
    }

    func testEveryContainerHoldsTheLibraryEncode() throws {
        let image = EncoderFixtures.textured(width: 64, height: 32, alpha: true)
        let input = try writePNG(image, "in.png")
        let options = EncodeOptions(
            quality: .fast, threads: 2, mipmaps: true, allowRectangular: true, format: .pvrtc1_2bpp)
        let expected = try EncodeJob(options: options, container: .pvr3).encode(image).faces[0]
        XCTAssertEqual(expected.format, .pvrtc1_2bpp)
        for (name, container) in [("a.pvr", TextureContainer.pvr2), ("b.pvr", .pvr3), ("c.ktx", .ktx)] {
            let output = path(name)
            let result = try PVRCProcess.run([
                "encode", input, output, "--bpp", "2", "--quality", "fast", "--mipmaps", "--allow-rectangular",
                "--format", container.rawValue, "--quiet",
            ])
            XCTAssertEqual(result.status, 0, result.standardError)
            let file = try TextureFile.read(from: URL(fileURLWithPath: output))
            XCTAssertEqual(file.container, container)
            XCTAssertEqual(file.texture.format, .pvrtc1_2bpp, name)
            XCTAssertEqual(file.texture.levels.map(\.width), [64, 32, 16, 8, 4, 2, 1], name)
            for (index, level) in file.texture.levels.enumerated() {
                XCTAssertEqual(level.data, expected.levels[index].data, "\(name) level \(index)")
                XCTAssertEqual(
                    PVRTCDecoder.decode(level).pixels, PVRTCDecoder.decode(expected.levels[index]).pixels,
                    "\(name) level \(index)")
            }
        }
    }

    func testBppIsCheckedAndFourIsTheDefault() throws {
        let input = try writePNG(EncoderFixtures.textured(width: 16, height: 16, alpha: false), "in.png")
        let refused = try PVRCProcess.run(["encode", input, path("x.pvr"), "--bpp", "3"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.standardError.contains("--bpp"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.pvr")))
        for (name, arguments) in [("d.pvr", [] as [String]), ("e.pvr", ["--bpp", "4"])] {
            let result = try PVRCProcess.run(["encode", input, path(name), "--quality", "fast", "--quiet"] + arguments)
            XCTAssertEqual(result.status, 0, result.standardError)
        }
        let plain = try TextureFile.read(from: URL(fileURLWithPath: path("d.pvr")))
        XCTAssertEqual(plain.texture.format, .pvrtc1_4bpp)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("d.pvr"))),
            try Data(contentsOf: URL(fileURLWithPath: path("e.pvr"))))
    }
}
