import Foundation
import ImageFiles
import PVRTC
import TextureFormats
import XCTest

/// `pvrc render` (headless GL) against the CPU decoder, and its failure behaviour.
final class RenderCommandTests: CLITestCase {
    func testRenderWritesTheGPUDecodedLevelInBothModes() throws {
        for format in PVRTCFormat.allCases {
            let texture = try randomTexture(width: 64, height: 32, hasAlpha: true, seed: 11, format: format)
            // PVR v2 has no PVRTC2 pixel type.
            let file = try writeTexture(texture, container: format.isPVRTC2 ? .pvr3 : .pvr2, name: "\(format).pvr")
            try checkRender(file, texture: texture)
        }
    }

    /// PVRTC2 levels of any size: 100x60, 50x30, ..., 3x1 (level 5), each 1:1 equal to the CPU decoder.
    func testRenderWritesNonPowerOfTwoPVRTC2Levels() throws {
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            let texture = try randomTexture(width: 100, height: 60, hasAlpha: true, seed: 14, format: format)
            let file = try writeTexture(texture, container: .ktx2, name: "\(format).ktx2")
            try checkRender(file, texture: texture)
        }
    }

    /// Renders levels 0, 1 and 5 of `file` in both modes and compares them with the CPU decoder.
    private func checkRender(_ file: String, texture: PVRTCTexture) throws {
        for mode in ["decode-once", "direct"] {
            for level in [0, 1, 5] {
                let output = path("\(texture.levels[0].format)-\(mode)-\(level).png")
                let result = try PVRCProcess.run([
                    "render", file, output, "--mode", mode, "--level", String(level), "--check",
                ])
                XCTAssertEqual(result.status, 0, result.standardError)
                XCTAssertTrue(
                    result.standardOutput.contains("matches the CPU decoder (0 differing bytes)"),
                    result.standardOutput)
                XCTAssertEqual(
                    try PNGCodec.read(from: URL(fileURLWithPath: output)), PVRTCDecoder.decode(texture.levels[level]),
                    "\(texture.levels[0].format) \(mode) level \(level)")
            }
        }
    }

    func testRenderAtAnotherSize() throws {
        let texture = try randomTexture(width: 32, height: 32, hasAlpha: false, seed: 12)
        let file = try writeTexture(texture, container: .ktx, name: "t.ktx")
        let output = path("big.png")
        let result = try PVRCProcess.run(["render", file, output, "--size", "96x40"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let image = try PNGCodec.read(from: URL(fileURLWithPath: output))
        XCTAssertEqual(image.width, 96)
        XCTAssertEqual(image.height, 40)
    }

    func testFailuresPrintOneLineAndLeaveNoOutput() throws {
        let texture = try randomTexture(width: 16, height: 16, hasAlpha: true, seed: 13)
        let good = try writeTexture(texture, container: .pvr3, name: "good.pvr")
        assertFailure(
            try PVRCProcess.run(["render", good, path("a.png"), "--level", "9"]),
            naming: good, problem: "level 9")
        let missing = path("missing.pvr")
        assertFailure(
            try PVRCProcess.run(["render", missing, path("b.png")]), naming: missing, problem: "No such file")
        XCTAssertEqual(try directoryContents(), ["good.pvr"])
        XCTAssertNotEqual(try PVRCProcess.run(["render", good, path("c.png"), "--size", "0x3"]).status, 0)
        XCTAssertNotEqual(try PVRCProcess.run(["render", good, path("c.png"), "--mode", "sideways"]).status, 0)
    }

    /// `--mode transcode` renders through BC1 on an OpenGL ES 3 context, and decode-once (exactly the CPU
    /// decode) where the driver offers only OpenGL ES 2.0: Mesa with `MESA_GLES_VERSION_OVERRIDE=2.0` refuses
    /// ES 3 contexts.
    func testRenderTranscodesAndFallsBackToDecodeOnceOnES2() throws {
        let texture = try randomTexture(width: 64, height: 32, hasAlpha: false, seed: 5, format: .pvrtc1_4bpp)
        let file = try writeTexture(texture, container: .pvr2, name: "opaque.pvr")
        let transcoded = try PVRCProcess.run(["render", file, path("bc1.png"), "--mode", "transcode"])
        XCTAssertEqual(transcoded.status, 0, transcoded.standardError)
        XCTAssertTrue(transcoded.standardOutput.contains(", transcode (BC1), "), transcoded.standardOutput)
        let es2 = try PVRCProcess.run(
            ["render", file, path("es2.png"), "--mode", "transcode"], environment: ["MESA_GLES_VERSION_OVERRIDE": "2.0"]
        )
        XCTAssertEqual(es2.status, 0, es2.standardError)
        XCTAssertTrue(es2.standardOutput.contains(", decode-once, "), es2.standardOutput)
        let rendered = try PNGCodec.read(from: URL(fileURLWithPath: path("es2.png")))
        XCTAssertEqual(rendered.pixels, PVRTCDecoder.decode(texture.levels[0], threads: 2).pixels)
        let checked = try PVRCProcess.run(["render", file, path("c.png"), "--mode", "transcode", "--check"])
        XCTAssertNotEqual(checked.status, 0)
        XCTAssertTrue(checked.standardError.contains("lossy"), checked.standardError)
    }

    /// Without S3TC (Mesa's `MESA_EXTENSION_OVERRIDE`), `--mode transcode` renders through ETC2 RGB8, core in
    /// OpenGL ES 3.0.
    func testRenderTranscodesToETC2WithoutS3TC() throws {
        let texture = try randomTexture(width: 64, height: 32, hasAlpha: false, seed: 6, format: .pvrtc1_4bpp)
        let file = try writeTexture(texture, container: .pvr2, name: "opaque.pvr")
        let result = try PVRCProcess.run(
            ["render", file, path("etc2.png"), "--mode", "transcode"],
            environment: [
                "MESA_EXTENSION_OVERRIDE":
                    "-GL_EXT_texture_compression_s3tc -GL_EXT_texture_compression_dxt1 "
                    + "-GL_ANGLE_texture_compression_dxt1 -GL_ANGLE_texture_compression_dxt3 "
                    + "-GL_ANGLE_texture_compression_dxt5"
            ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains(", transcode (ETC2), "), result.standardOutput)
    }

    func testBenchLoadTimesTheModesAskedFor() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/snowy-tree-256-rgba.png").path
        let result = try PVRCProcess.run(
            ["bench", "load", source, "--sizes", "32", "--runs", "5", "--mode", "transcode", "decode-once"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains("| PVR transcode | PVR decode-once | PNG / transcode |"),
            result.standardOutput)
        let row = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("| 32 |") } ?? ""
        XCTAssertEqual(row.split(separator: "|").count, 7, result.standardOutput)
        // The bench's files have alpha: BC3 on llvmpipe, which has S3TC.
        XCTAssertTrue(result.standardOutput.contains("transcode uploads went to: bc3\n"), result.standardOutput)
        // The transcoder timed alone, with both modes' ratios to decode-once.
        let alone = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("| 32 | bc3 |") } ?? ""
        XCTAssertEqual(alone.split(separator: "|").count, 6, result.standardOutput)
        XCTAssertEqual(alone.filter { $0 == "x" }.count, 2, result.standardOutput)
    }

    /// `--to` asks the context for a target as a loader's uploader does (`requestedTranscodeTarget`): the timed
    /// uploads go to it, and a context that cannot take it is refused on one line.
    func testBenchLoadTranscodesToTheTargetAskedFor() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/snowy-tree-256-rgba.png").path
        let arguments = ["bench", "load", source, "--sizes", "32", "--runs", "5", "--mode", "transcode", "--to"]
        let etc2 = try PVRCProcess.run(arguments + ["etc2"])
        XCTAssertEqual(etc2.status, 0, etc2.standardError)
        XCTAssertTrue(etc2.standardOutput.contains("transcode uploads went to: etc2\n"), etc2.standardOutput)
        let noS3TC = try PVRCProcess.run(
            arguments + ["bc1"],
            environment: [
                "MESA_EXTENSION_OVERRIDE":
                    "-GL_EXT_texture_compression_s3tc -GL_EXT_texture_compression_dxt1 "
                    + "-GL_ANGLE_texture_compression_dxt1 -GL_ANGLE_texture_compression_dxt3 "
                    + "-GL_ANGLE_texture_compression_dxt5"
            ])
        XCTAssertEqual(noS3TC.status, 1)
        XCTAssertEqual(noS3TC.standardOutput, "")
        XCTAssertTrue(noS3TC.standardError.contains("cannot take bc1 blocks"), noS3TC.standardError)
        XCTAssertEqual(noS3TC.standardError.split(separator: "\n").count, 1, noS3TC.standardError)
    }

    func testBenchLoadPrintsATableRow() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/snowy-tree-256-rgba.png").path
        let result = try PVRCProcess.run(["bench", "load", source, "--sizes", "32", "64", "--runs", "5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = result.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("| 32 |") || $0.hasPrefix("| 64 |")
        }
        XCTAssertEqual(rows.count, 2, result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("context creation"), result.standardOutput)
        // 128²: the PVR v2 file is 8192 bytes of 4bpp blocks (8 KiB with its header) or 4096 of 2bpp (4 KiB).
        for (bpp, kib) in [("4", "8"), ("2", "4")] {
            let run = try PVRCProcess.run(["bench", "load", source, "--sizes", "128", "--runs", "5", "--bpp", bpp])
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardOutput.contains("PVRTC1 \(bpp)bpp;"), run.standardOutput)
            let row = run.standardOutput.split(separator: "\n").first { $0.hasPrefix("| 128 |") } ?? ""
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(cells.dropFirst(2).first, "\(kib) KiB", run.standardOutput)
        }
        XCTAssertNotEqual(try PVRCProcess.run(["bench", "load", source, "--bpp", "3"]).status, 0)
        let tooLarge = try PVRCProcess.run(["bench", "load", source, "--sizes", "512"])
        XCTAssertEqual(tooLarge.status, 1)
        XCTAssertTrue(tooLarge.standardError.contains(source), tooLarge.standardError)
    }
}
