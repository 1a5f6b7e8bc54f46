import Foundation
import PVRTC
import TextureFormats
import XCTest

/// `pvrc info` on files written by the TextureFormats library.
final class InfoCommandTests: CLITestCase {
    func testInfoListsContainerSizeFormatAndEveryLevel() throws {
        let texture = try randomTexture(width: 64, height: 32, hasAlpha: true, seed: 1)
        let file = try writeTexture(texture, container: .pvr2, name: "t.pvr")
        let result = try PVRCProcess.run(["info", file])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardError, "")
        // Level sizes: 64x32 halving to 1x1; each level holds max(w/4, 2) * max(h/4, 2) blocks of 8 bytes.
        let expected = """
            file: \(file)
            container: PVR v2 (legacy)
            size: 64x32
            format: PVRTC1 4bpp RGBA
            note: non-square; valid PVRTC1, but iOS refuses non-square PVRTC textures
            orientation: x right, y down (top row first) (v2 vertical-flip flag)
            colour space: not recorded (PVR v2 has no colour-space field; read as linear)
            alpha: not recorded (PVR v2 has no premultiplied flag; read as straight)
            levels: 7
              level 0: 64x32, 1024 bytes
              level 1: 32x16, 256 bytes
              level 2: 16x8, 64 bytes
              level 3: 8x4, 32 bytes
              level 4: 4x2, 32 bytes
              level 5: 2x1, 32 bytes
              level 6: 1x1, 32 bytes
            data: 1472 bytes

            """
        XCTAssertEqual(result.standardOutput, expected)
    }

    func testInfoNamesTheContainerAndOpaqueFormat() throws {
        let texture = try randomTexture(width: 16, height: 16, hasAlpha: false, seed: 2)
        for (container, name) in [(TextureContainer.pvr3, "PVR v3"), (.ktx, "KTX 1.1")] {
            let file = try writeTexture(texture, container: container, name: "t-\(container.rawValue)")
            let result = try PVRCProcess.run(["info", file])
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.standardOutput.contains("container: \(name)\n"), result.standardOutput)
            XCTAssertTrue(result.standardOutput.contains("format: PVRTC1 4bpp RGB\n"), result.standardOutput)
            XCTAssertTrue(result.standardOutput.contains("levels: 5\n"), result.standardOutput)
        }
    }

    func testInfoOnBrokenOrMissingFilesPrintsOneLine() throws {
        let texture = try randomTexture(width: 32, height: 32, hasAlpha: true, seed: 3)
        let bytes = TextureFile(container: .pvr2, texture: texture).serialized()
        let truncated = path("truncated.pvr")
        try Data(bytes.prefix(bytes.count - 100)).write(to: URL(fileURLWithPath: truncated))
        assertFailure(try PVRCProcess.run(["info", truncated]), naming: truncated, problem: "truncated")

        let garbage = path("garbage.pvr")
        try Data("this is not a texture at all, just text".utf8).write(to: URL(fileURLWithPath: garbage))
        assertFailure(try PVRCProcess.run(["info", garbage]), naming: garbage, problem: "not a PVR")

        let missing = path("missing.pvr")
        assertFailure(try PVRCProcess.run(["info", missing]), naming: missing, problem: "No such file")
    }
}
