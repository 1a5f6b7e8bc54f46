import Foundation
import ImageFiles
import Imaging
import PVRTC
import TextureFormats
import XCTest

/// `pvrc` with `.pvr.ccz` / `.pvr.gz`, uncompressed PVR files and hostile compressed input.
final class ContainerCommandTests: CLITestCase {
    /// A 2x2 PVR v2 RGBA4444 file (pixel type 0x10): words 0xF00F (red, opaque), 0x0F0F (green),
    /// 0x00FF (blue), 0x8888 (grey, half alpha), stored little-endian, top row first.
    private func rgba4444File() -> [UInt8] {
        let fields: [UInt32] = [52, 2, 2, 0, 0x8010, 8, 16, 0xF000, 0x0F00, 0x00F0, 0x000F, 0x2152_5650, 1]
        let header = fields.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return header + [0x0F, 0xF0, 0x0F, 0x0F, 0xFF, 0x00, 0x88, 0x88]
    }

    func testEncodeWritesCCZThatDecodeInfoAndCompareRead() throws {
        let image = RGBAImage(width: 16, height: 16, fill: (200, 40, 90, 255))
        let input = path("in.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: input))
        let output = path("out.pvr.ccz")
        let encode = try PVRCProcess.run(["encode", input, output, "--quality", "fast"])
        XCTAssertEqual(encode.status, 0, encode.standardError)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        XCTAssertEqual(Array(bytes.prefix(8)), Array("CCZ!".utf8) + [0, 0, 0, 2])
        let info = try PVRCProcess.run(["info", output])
        XCTAssertTrue(info.standardOutput.contains("container: PVR v3 in CCZ (cocos2d, zlib)"), info.standardOutput)
        let decoded = path("decoded.png")
        XCTAssertEqual(try PVRCProcess.run(["decode", output, decoded]).status, 0)
        let texture = try TextureFile.read(from: URL(fileURLWithPath: output)).texture
        XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: decoded)), PVRTCDecoder.decode(texture.levels[0]))
        XCTAssertEqual(try PVRCProcess.run(["compare", input, output]).status, 0)

        let gz = path("out.bin")
        XCTAssertEqual(try PVRCProcess.run(["encode", input, gz, "--format", "pvr-gz", "--quality", "fast"]).status, 0)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: gz)).prefix(2)), [0x1F, 0x8B])
    }

    func testKTX2FromEncodeIsReadByInfoDecodeAndRender() throws {
        let image = RGBAImage(width: 32, height: 32, fill: (30, 140, 220, 255))
        let input = path("in.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: input))
        for (name, extra, scheme) in [
            ("a.ktx2", [String](), "none"), ("b.bin", ["--format", "ktx2-zstd"], "Zstandard"),
        ] {
            let output = path(name)
            let encode = try PVRCProcess.run(["encode", input, output, "--quality", "fast", "--mipmaps"] + extra)
            XCTAssertEqual(encode.status, 0, encode.standardError)
            let info = try PVRCProcess.run(["info", output])
            XCTAssertTrue(info.standardOutput.contains("supercompression: \(scheme)"), info.standardOutput)
            XCTAssertTrue(info.standardOutput.contains("levels: 6"), info.standardOutput)
            let decoded = path(name + ".png")
            XCTAssertEqual(try PVRCProcess.run(["decode", output, decoded, "--level", "1"]).status, 0)
            let texture = try TextureFile.read(from: URL(fileURLWithPath: output)).texture
            XCTAssertEqual(
                try PNGCodec.read(from: URL(fileURLWithPath: decoded)), PVRTCDecoder.decode(texture.levels[1]))
        }
    }

    /// `encode --cube` in every container; `decode --face N` of each equals the encode of that face alone.
    func testEncodeCubeAndDecodeEachFace() throws {
        let colours: [(UInt8, UInt8, UInt8, UInt8)] = [
            (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 0, 255), (0, 255, 255, 255),
            (255, 0, 255, 255),
        ]
        var faces: [String] = []
        for (index, colour) in colours.enumerated() {
            let face = path("face\(index).png")
            try PNGCodec.write(RGBAImage(width: 16, height: 16, fill: colour), to: URL(fileURLWithPath: face))
            faces.append(face)
        }
        let single = path("single.pvr")
        XCTAssertEqual(try PVRCProcess.run(["encode", faces[4], single, "--quality", "fast", "--mipmaps"]).status, 0)
        let expected = PVRTCDecoder.decode(try TextureFile.read(from: URL(fileURLWithPath: single)).texture.levels[1])
        for name in ["cube.pvr", "cube.ktx", "cube.ktx2", "cube.pvr.ccz"] {
            let output = path(name)
            let encode = try PVRCProcess.run(
                ["encode", "--cube"] + faces + [output, "--quality", "fast", "--mipmaps"])
            XCTAssertEqual(encode.status, 0, encode.standardError)
            let info = try PVRCProcess.run(["info", output])
            XCTAssertTrue(info.standardOutput.contains("faces: 6 (cube map"), info.standardOutput)
            let decoded = path(name + ".png")
            let decode = try PVRCProcess.run(["decode", output, decoded, "--face", "4", "--level", "1"])
            XCTAssertEqual(decode.status, 0, decode.standardError)
            XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: decoded)), expected, name)
        }
        assertFailure(
            try PVRCProcess.run(["encode", "--cube"] + faces.prefix(5) + [path("x.pvr")]), naming: "encode --cube",
            problem: "takes 7 paths")
    }

    func testBuildWritesCCZAndKTX2Outputs() throws {
        let source = path("src")
        try FileManager.default.createDirectory(atPath: source + "/ui", withIntermediateDirectories: true)
        let input = source + "/ui/button.png"
        try PNGCodec.write(RGBAImage(width: 16, height: 16, fill: (10, 200, 30, 255)), to: URL(fileURLWithPath: input))
        for (format, name) in [("pvr-ccz", "button.pvr.ccz"), ("ktx2-zstd", "button.ktx2")] {
            let out = path("out-" + format)
            let build = try PVRCProcess.run(["build", source, out, "--quality", "fast", "--format", format])
            XCTAssertEqual(build.status, 0, build.standardError)
            let built = try Data(contentsOf: URL(fileURLWithPath: out + "/ui/" + name))
            let single = path("single-" + name)
            XCTAssertEqual(
                try PVRCProcess.run(["encode", input, single, "--quality", "fast", "--format", format, "--quiet"])
                    .status, 0)
            XCTAssertEqual(built, try Data(contentsOf: URL(fileURLWithPath: single)), format)
        }
    }

    func testZipBombIsOneLineAndExitOne() throws {
        let bomb = path("bomb.pvr.ccz")
        let header = Array("CCZ!".utf8) + [0, 0, 0, 2, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xF0]
        try Data(header + [0x78, 0xDA, 0x01, 0x02]).write(to: URL(fileURLWithPath: bomb))
        for command in ["info", "decode"] {
            let arguments = command == "info" ? [command, bomb] : [command, bomb, path("x.png")]
            assertFailure(
                try PVRCProcess.run(arguments), naming: bomb, problem: "declares 4294967280 inflated bytes, more than")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
    }

    func testInfoAndDecodeOfAnUncompressedFile() throws {
        let file = path("small.pvr")
        try Data(rgba4444File()).write(to: URL(fileURLWithPath: file))
        let info = try PVRCProcess.run(["info", file])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(
            info.standardOutput.contains(
                "format: RGBA4444 (pixel type 0x10), channels r4g4b4a4, 16 bits per pixel, uncompressed"),
            info.standardOutput)
        XCTAssertTrue(info.standardOutput.contains("  level 0: 2x2, 8 bytes"), info.standardOutput)
        let output = path("small.png")
        let decode = try PVRCProcess.run(["decode", file, output])
        XCTAssertEqual(decode.status, 0, decode.standardError)
        XCTAssertEqual(
            try PNGCodec.read(from: URL(fileURLWithPath: output)).pixels,
            [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 136, 136, 136, 136])
    }

    func testDecodeRefusesOtherCompressedFormatsByName() throws {
        var bytes = rgba4444File()
        bytes[16] = 0x36  // ETC1
        bytes[24] = 4
        let file = path("etc.pvr")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        assertFailure(
            try PVRCProcess.run(["decode", file, path("e.png")]), naming: file, problem: "unsupported pixel format ETC1"
        )
        let info = try PVRCProcess.run(["info", file])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("format: ETC1 (pixel type 0x36)"), info.standardOutput)
    }
}
