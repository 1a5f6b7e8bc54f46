import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTC
import TextureFormats
import XCTest

/// Hostile and mistaken inputs to every command: decompression bombs, FIFOs, outputs that would
/// overwrite an input or go nowhere, and usage errors, each one line and exit 1 with nothing written.
final class HardeningCommandTests: CLITestCase {
    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The bombs of the issue, built from their description (valid deflate streams of zero rows).
    private func bombs() throws -> [(file: String, arguments: [String], size: String)] {
        [
            (try write(BombPNG.make(width: 16384, height: 16384, colorType: 0), "grey16k.png"), [], "16384x16384"),
            (try write(BombPNG.make(width: 16384, height: 16384, colorType: 6), "rgba16k.png"), [], "16384x16384"),
            (
                try write(BombPNG.make(width: 8192, height: 8192, bitDepth: 1, colorType: 0), "bit8k.png"), [],
                "8192x8192"
            ),
            (try write(BombPNG.make(width: 16384, height: 1), "wide.png"), ["--square", "pad"], "16384x16384"),
            (try write(BombPNG.make(width: 1, height: 16384), "tall.png"), ["--square", "pad"], "16384x16384"),
        ]
    }

    func testBombsGiveOneLineAndWriteNothing() throws {
        for bomb in try bombs() {
            let output = path("out.pvr")
            assertFailure(
                try PVRCProcess.run(["encode", bomb.file, output] + bomb.arguments),
                naming: bomb.file,
                problem:
                    "\(bomb.size) (\(bomb.size == "8192x8192" ? 67_108_864 : 268_435_456) pixels), over the limit of 16777216 pixels (4096x4096); --max-pixels raises the limit"
            )
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
            if bomb.arguments.isEmpty {
                assertFailure(
                    try PVRCProcess.run(["compare", bomb.file, bomb.file]), naming: bomb.file,
                    problem: "over the limit of 16777216 pixels")
            }
        }
    }

    func testMaxPixelsRaisesAndLowersTheLimit() throws {
        let zeros = try write(BombPNG.make(width: 256, height: 256, bitDepth: 1, colorType: 0), "zeros.png")
        assertFailure(
            try PVRCProcess.run(["encode", zeros, path("a.pvr"), "--max-pixels", "65535"]),
            naming: zeros, problem: "image is 256x256 (65536 pixels), over the limit of 65535 pixels")
        let result = try PVRCProcess.run(["encode", zeros, path("a.pvr"), "--max-pixels", "65536", "--quality", "fast"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let texture = try TextureFile.read(from: URL(fileURLWithPath: path("a.pvr"))).texture
        XCTAssertEqual([texture.width, texture.height], [256, 256])
        assertFailure(
            try PVRCProcess.run(["decode", path("a.pvr"), path("a.png"), "--max-pixels", "100"]),
            naming: path("a.pvr"), problem: "texture is 256x256 (65536 pixels), over the limit of 100 pixels")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a.png")))
    }

    func testFIFOInputsAreRefusedWithoutBlocking() throws {
        let fifo = path("pipe.pvr")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Were the file opened before the check, these would block forever on the FIFO.
        assertFailure(try PVRCProcess.run(["info", fifo]), naming: fifo, problem: "not a regular file")
        assertFailure(
            try PVRCProcess.run(["encode", fifo, path("out.pvr")]), naming: fifo, problem: "not a regular file")
    }

    func testOutputEqualToInputIsRefusedInEveryCommand() throws {
        let texture = try randomTexture(width: 32, height: 32, hasAlpha: false, seed: 9)
        // A texture file that happens to be named .png, so decode and render accept the name.
        let input = try writeTexture(texture, container: .pvr3, name: "tex.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let link = path("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        var commands = ["decode"]
        #if PVRC_GL
            commands.append("render")
        #endif
        for output in [input, link] {
            for command in commands {
                assertFailure(
                    try PVRCProcess.run([command, input, output]), naming: output,
                    problem: "is the same file as the input \(input)")
            }
        }
        let png = path("in.png")
        try PNGCodec.write(RGBAImage(width: 32, height: 32, fill: (1, 2, 3, 255)), to: URL(fileURLWithPath: png))
        let pngBefore = try Data(contentsOf: URL(fileURLWithPath: png))
        assertFailure(
            try PVRCProcess.run(["encode", png, png, "--format", "pvr3"]), naming: png,
            problem: "is the same file as the input \(png)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: input)), before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: png)), pngBefore)
    }

    func testDecodeOutputMustBePNG() throws {
        let input = try writeTexture(
            try randomTexture(width: 16, height: 16, hasAlpha: false, seed: 3), container: .pvr2, name: "a.pvr")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        assertFailure(try PVRCProcess.run(["decode", input, input]), naming: input, problem: "name it .png")
        assertFailure(
            try PVRCProcess.run(["decode", input, path("x.jpg")]), naming: path("x.jpg"), problem: "name it .png")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: input)), before)
        XCTAssertEqual(try directoryContents(), ["a.pvr"])
    }

    func testMissingOutputDirectoryIsReportedBeforeEncoding() throws {
        let png = path("in.png")
        try PNGCodec.write(RGBAImage(width: 32, height: 32, fill: (1, 2, 3, 255)), to: URL(fileURLWithPath: png))
        let output = path("missing/out.pvr")
        let result = try PVRCProcess.run(["encode", png, output])
        assertFailure(
            result, naming: output, problem: "cannot write to directory \(path("missing")): No such file or directory")
    }

    func testSymbolicLinkOutputWritesTheLinkTarget() throws {
        let input = try writeTexture(
            try randomTexture(width: 16, height: 16, hasAlpha: false, seed: 5), container: .pvr2, name: "a.pvr")
        let target = path("real.png")
        let link = path("link.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png")
        let result = try PVRCProcess.run(["decode", input, link])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.png")
        let texture = try TextureFile.read(from: URL(fileURLWithPath: input)).texture
        XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: target)), PVRTCDecoder.decode(texture.levels[0]))
    }

    /// Each usage error is one line that points to the help page listing the command's options.
    func testUsageErrorsAreOneLineAndExitOne() throws {
        var cases: [([String], String)] = [
            (["encode"], "Missing expected argument '<input>' (see pvrc encode --help)"),
            (["encode", "a.png", "b.pvr", "--quality", "superb"], "superb"),
            (["decode", "a.pvr", "b.png", "--bogus"], "--bogus' (see pvrc decode --help)"),
            (["compare", "a.png", "b.pvr", "--level", "-1"], "--level must not be negative (got -1)"),
            (["encode", "a.png", "b.pvr", "--max-pixels", "0"], "--max-pixels must be at least 1"),
            (["encode", "a.png", "b.pvr", "--threads", "0"], "--threads must be a whole number of at least 1 (got 0)"),
            (["encode", "a.png", "b.pvr", "--bpp", "3"], "--bpp must be one of: 4, 2 (got \"3\")"),
            (["bench", "decode", "--bogus"], "(see pvrc bench decode --help)"),
            (["frobnicate"], "frobnicate"),
            (["frobnicate"], "(see pvrc --help)"),
        ]
        #if PVRC_GL
            cases.append((["render", "a.pvr", "b.png", "--size", "100"], "'--size <WxH>'"))
        #endif
        for (arguments, problem) in cases {
            let result = try PVRCProcess.run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
            XCTAssertEqual(
                result.standardError.split(separator: "\n").count, 1, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.hasPrefix("pvrc: "), result.standardError)
            XCTAssertTrue(result.standardError.contains(problem), "'\(result.standardError)' lacks '\(problem)'")
        }
        let help = try PVRCProcess.run(["encode", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.contains("--max-pixels"), help.standardOutput)
    }
}
