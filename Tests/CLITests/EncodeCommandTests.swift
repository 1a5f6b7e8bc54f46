import Foundation
import ImageFiles
import Imaging
import PVRTC
import QualityMetrics
import TextureFormats
import XCTest

/// `pvrc encode` run as a subprocess.
final class EncodeCommandTests: CLITestCase {
    /// A smooth opaque test image written as a PNG into the scratch directory.
    private func writePNG(_ name: String, width: Int, height: Int, alpha: Bool = false) throws -> String {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 =
                    alpha
                        && (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2)
                            > width * height / 8
                    ? 0 : 255
                image[x, y] = (UInt8(x * 255 / width), UInt8(y * 255 / height), 128, a)
            }
        }
        let file = path(name)
        try PNGCodec.write(image, to: URL(fileURLWithPath: file))
        return file
    }

    func testEncodesLegacyPVRByDefaultAndPrintsOneLine() throws {
        let input = try writePNG("in.png", width: 32, height: 32)
        let output = path("out.pvr")
        let result = try PVRCProcess.run(["encode", input, output, "--quality", "fast"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "", "no progress when stderr is not a terminal")
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        for part in ["32x32 RGB", "1 level", "PVR v2", "quality fast"] {
            XCTAssertTrue(result.standardOutput.contains(part), "'\(result.standardOutput)' lacks '\(part)'")
        }
        let file = try TextureFile.read(from: URL(fileURLWithPath: output))
        XCTAssertEqual(file.container, .pvr2)
        XCTAssertFalse(file.texture.hasAlpha)
        let decoded = PVRTCDecoder.decode(file.texture.levels[0])
        let comparison = try ImageComparison.compare(
            reference: PNGCodec.read(from: URL(fileURLWithPath: input)), candidate: decoded)
        XCTAssertGreaterThan(comparison.lumaPSNR, 30)
    }

    func testContainerFromExtensionOrFormatWithMipmapsAndAlpha() throws {
        let input = try writePNG("in.png", width: 16, height: 16, alpha: true)
        XCTAssertEqual(
            try PVRCProcess.run([
                "encode", input, path("a.ktx"), "--quality", "fast", "--mipmaps",
                "--quiet",
            ]).status, 0)
        let ktx = try TextureFile.read(from: URL(fileURLWithPath: path("a.ktx")))
        XCTAssertEqual(ktx.container, .ktx)
        XCTAssertTrue(ktx.texture.hasAlpha)
        XCTAssertEqual(ktx.texture.levels.map(\.width), [16, 8, 4, 2, 1])

        let quiet = try PVRCProcess.run([
            "encode", input, path("b.tex"), "--format", "pvr3", "--quality", "fast",
            "--quiet",
        ])
        XCTAssertEqual(quiet.status, 0, quiet.standardError)
        XCTAssertEqual(quiet.standardOutput, "")
        XCTAssertEqual(try TextureFile.read(from: URL(fileURLWithPath: path("b.tex"))).container, .pvr3)
    }

    func testSameBytesForAnyThreadCount() throws {
        let input = try writePNG("in.png", width: 64, height: 64, alpha: true)
        for threads in ["1", "2"] {
            let result = try PVRCProcess.run([
                "encode", input, path("t\(threads).pvr"), "--quality", "normal",
                "--threads", threads, "--mipmaps", "--quiet",
            ])
            XCTAssertEqual(result.status, 0, result.standardError)
        }
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("t1.pvr"))),
            try Data(contentsOf: URL(fileURLWithPath: path("t2.pvr"))))
    }

    func testNonSquareIsRefusedUnlessPadded() throws {
        let input = try writePNG("wide.png", width: 48, height: 32)
        let refused = try PVRCProcess.run(["encode", input, path("out.pvr"), "--quality", "fast"])
        assertFailure(refused, naming: "wide.png is 48x32", problem: "--square pad|stretch")
        XCTAssertEqual(try directoryContents(), ["wide.png"], "no output after a refusal")

        let padded = try PVRCProcess.run([
            "encode", input, path("out.pvr"), "--quality", "fast", "--square", "pad",
            "--pot", "stretch", "--quiet",
        ])
        XCTAssertEqual(padded.status, 0, padded.standardError)
        let texture = try TextureFile.read(from: URL(fileURLWithPath: path("out.pvr"))).texture
        XCTAssertEqual([texture.width, texture.height], [64, 64])
    }

    func testUnknownExtensionAndBadInputFailInOneLine() throws {
        let input = try writePNG("in.png", width: 8, height: 8)
        assertFailure(
            try PVRCProcess.run(["encode", input, path("out.dds")]),
            naming: "out.dds", problem: "unknown texture extension; use .pvr, .ktx, .ktx2, .pvr.ccz or .pvr.gz")
        let bogus = path("bogus.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: bogus))
        assertFailure(try PVRCProcess.run(["encode", bogus, path("out.pvr")]), naming: "bogus.png", problem: "PNG")
        XCTAssertEqual(try directoryContents(), ["bogus.png", "in.png"])
    }
}
