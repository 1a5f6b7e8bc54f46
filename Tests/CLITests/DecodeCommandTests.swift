import Foundation
import ImageFiles
import PVRTC
import TextureFormats
import XCTest

/// `pvrc decode` against the CPU decoder, and its failure behaviour.
final class DecodeCommandTests: CLITestCase {
    func testDecodeWritesTheCPUDecodedLevel() throws {
        let texture = try randomTexture(width: 64, height: 32, hasAlpha: true, seed: 4)
        let file = try writeTexture(texture, container: .ktx, name: "t.ktx")
        for level in [0, 2, 6] {
            let output = path("level\(level).png")
            var arguments = ["decode", file, output]
            if level != 0 { arguments += ["--level", String(level)] }
            let result = try PVRCProcess.run(arguments)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError, "")
            XCTAssertEqual(
                try PNGCodec.read(from: URL(fileURLWithPath: output)), PVRTCDecoder.decode(texture.levels[level]),
                "level \(level)")
        }
    }

    func testDecodeOfAnOpaqueTextureMatchesToo() throws {
        // Constant opaque blocks: colour A and B both opaque, so every decoded pixel has alpha 255.
        let block: [UInt8] = [0x1B, 0xE4, 0x1B, 0xE4, 0x9E, 0xC3, 0xF0, 0xFF]
        let level = try PVRTCImage(width: 8, height: 8, data: Array([[UInt8]](repeating: block, count: 4).joined()))
        let texture = try PVRTCTexture(levels: [level], hasAlpha: false)
        let file = try writeTexture(texture, container: .pvr3, name: "opaque.pvr")
        let output = path("opaque.png")
        XCTAssertEqual(try PVRCProcess.run(["decode", file, output]).status, 0)
        let expected = PVRTCDecoder.decode(level)
        XCTAssertFalse(expected.hasTransparency)
        XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: output)), expected)
    }

    func testFailuresPrintOneLineAndLeaveNoOutput() throws {
        let texture = try randomTexture(width: 32, height: 32, hasAlpha: true, seed: 5)
        let good = try writeTexture(texture, container: .pvr2, name: "good.pvr")
        let bytes = TextureFile(container: .pvr2, texture: texture).serialized()

        let truncated = path("truncated.pvr")
        try Data(bytes.prefix(60)).write(to: URL(fileURLWithPath: truncated))
        assertFailure(
            try PVRCProcess.run(["decode", truncated, path("a.png")]), naming: truncated, problem: "truncated")

        let garbage = path("garbage.pvr")
        try Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: garbage))
        assertFailure(try PVRCProcess.run(["decode", garbage, path("b.png")]), naming: garbage, problem: "not a PVR")

        let missing = path("missing.pvr")
        assertFailure(
            try PVRCProcess.run(["decode", missing, path("c.png")]), naming: missing, problem: "No such file")

        assertFailure(
            try PVRCProcess.run(["decode", good, path("d.png"), "--level", "6"]),
            naming: good, problem: "mip level 6 does not exist (the texture has 6 levels)")
        assertFailure(
            try PVRCProcess.run(["decode", good, path("e.png"), "--level=-1"]),
            naming: good, problem: "mip level -1 does not exist")

        let unwritable = path("no-such-directory/f.png")
        assertFailure(try PVRCProcess.run(["decode", good, unwritable]), naming: unwritable, problem: "No such file")

        XCTAssertEqual(try directoryContents(), ["garbage.pvr", "good.pvr", "truncated.pvr"])
    }

    func testFailureLeavesAnExistingOutputUntouched() throws {
        let output = path("keep.png")
        try Data("previous contents".utf8).write(to: URL(fileURLWithPath: output))
        let garbage = path("garbage.ktx")
        try Data(repeating: 0xAB, count: 100).write(to: URL(fileURLWithPath: garbage))
        assertFailure(try PVRCProcess.run(["decode", garbage, output]), naming: garbage, problem: "not a PVR")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output)), Data("previous contents".utf8))
        XCTAssertEqual(try directoryContents(), ["garbage.ktx", "keep.png"])
    }
}
