import EncodeJobs
import Foundation
import ImageFiles
import Imaging
import PVRTC
import PVRTCSearch
import QualityMetrics
import TextureFormats
import XCTest

/// `pvrc compare` and `pvrc bench encode` run as subprocesses.
final class CompareCommandTests: CLITestCase {
    private func json(_ result: PVRCProcess.Result) throws -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try XCTUnwrap(object as? [String: Any])
    }

    /// A texture candidate is decoded and measured exactly like the library measures it.
    func testTextureCandidateMatchesLibraryMetrics() throws {
        var image = RGBAImage(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 { image[x, y] = (UInt8(x * 16), UInt8(y * 16), UInt8((x ^ y) * 16), UInt8(255 - x * 8)) }
        }
        let reference = path("ref.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: reference))
        let texture = try EncodeJob(options: EncodeOptions(quality: .fast, threads: 1, mipmaps: true), container: .pvr3)
            .encode(image).faces[0]
        let candidate = try writeTexture(texture, container: .ktx, name: "cand.ktx")

        let expected = try ImageComparison.compare(
            reference: image, candidate: PVRTCDecoder.decode(texture.levels[0]))
        let fields = try json(try PVRCProcess.run(["compare", reference, candidate, "--json"]))
        XCTAssertEqual(fields["width"] as? Int, 16)
        XCTAssertEqual(try XCTUnwrap(fields["y_psnr"] as? Double), expected.lumaPSNR, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(fields["rgb_psnr"] as? Double), expected.rgbPSNR, accuracy: 1e-4)
        XCTAssertEqual(
            try XCTUnwrap(fields["alpha_psnr"] as? Double), try XCTUnwrap(expected.alphaPSNR), accuracy: 1e-4)
        XCTAssertEqual(
            try XCTUnwrap(fields["aw_rgb_psnr"] as? Double),
            try XCTUnwrap(expected.alphaWeightedRGBPSNR), accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(fields["ssim"] as? Double), expected.ssim, accuracy: 1e-4)

        let level1 = try json(try PVRCProcess.run(["compare", reference, candidate, "--json", "--level", "1"]))
        XCTAssertEqual(level1["width"] as? Int, 8)
        XCTAssertEqual(level1["level"] as? Int, 1)

        let table = try PVRCProcess.run(["compare", reference, candidate])
        XCTAssertEqual(table.status, 0)
        for label in ["RGB PSNR", "Y PSNR", "alpha PSNR", "alpha-weighted RGB PSNR", "SSIM"] {
            XCTAssertTrue(table.standardOutput.contains(label), label)
        }
        // The reference has transparency: the alpha-weighted figure leads, then alpha.
        let lines = table.standardOutput.split(separator: "\n")
        XCTAssertTrue(lines[0].hasSuffix("with alpha: judged by alpha-weighted RGB and alpha PSNR):"), "\(lines[0])")
        XCTAssertTrue(lines[1].hasPrefix("  alpha-weighted RGB PSNR"), "\(lines[1])")
        XCTAssertTrue(lines[2].hasPrefix("  alpha PSNR"), "\(lines[2])")
        XCTAssertTrue(lines[1].contains("colour where it shows"), "\(lines[1])")
    }

    /// An opaque PNG against itself: infinite PSNR, SSIM 1, no alpha figures.
    func testIdenticalOpaquePNGs() throws {
        let reference = path("ref.png")
        try PNGCodec.write(RGBAImage(width: 8, height: 8, fill: (10, 20, 30, 255)), to: URL(fileURLWithPath: reference))
        let fields = try json(try PVRCProcess.run(["compare", reference, reference, "--json"]))
        XCTAssertEqual(fields["y_psnr"] as? String, "inf")
        XCTAssertTrue(fields["alpha_psnr"] is NSNull)
        XCTAssertTrue(fields["aw_rgb_psnr"] is NSNull)
        XCTAssertEqual(try XCTUnwrap(fields["ssim"] as? Double), 1, accuracy: 1e-9)
    }

    func testSizeMismatchAndMissingLevelFail() throws {
        let reference = path("ref.png")
        try PNGCodec.write(RGBAImage(width: 8, height: 8, fill: (10, 20, 30, 255)), to: URL(fileURLWithPath: reference))
        let other = path("other.png")
        try PNGCodec.write(RGBAImage(width: 4, height: 4, fill: (10, 20, 30, 255)), to: URL(fileURLWithPath: other))
        assertFailure(try PVRCProcess.run(["compare", reference, other]), naming: "other.png", problem: "4x4")
        let texture = try writeTexture(
            try randomTexture(width: 8, height: 8, hasAlpha: false, seed: 3),
            container: .pvr2, name: "t.pvr")
        assertFailure(
            try PVRCProcess.run(["compare", reference, texture, "--level", "9"]),
            naming: "t.pvr", problem: "mip level 9")
    }

    /// --diff and --side-by-side write the library's pictures; --crop worst is reported in the JSON.
    func testDiffAndSideBySidePictures() throws {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { image[x, y] = (UInt8(x * 4), (x / 8 + y / 8) % 2 == 0 ? 230 : 20, UInt8(y * 4), 255) }
        }
        let reference = path("ref.png")
        try PNGCodec.write(image, to: URL(fileURLWithPath: reference))
        let texture = try EncodeJob(
            options: EncodeOptions(quality: .fast, threads: 1, mipmaps: false), container: .pvr3
        )
        .encode(image).faces[0]
        let candidate = try writeTexture(texture, container: .pvr2, name: "cand.pvr")
        let decoded = PVRTCDecoder.decode(texture.levels[0])
        let diff = path("diff.png")
        let sideBySide = path("sbs.png")
        let fields = try json(
            try PVRCProcess.run([
                "compare", reference, candidate, "--json", "--diff", diff,
                "--side-by-side", sideBySide, "--zoom", "2",
                "--crop", "8,16,32,24", "--error-scale", "16", "--quality", "fast",
            ]))
        XCTAssertEqual(fields["crop"] as? [Int], [8, 16, 32, 24])
        XCTAssertEqual(fields["diff"] as? String, diff)
        XCTAssertEqual(fields["side_by_side"] as? String, sideBySide)
        let region = PixelRect(x: 8, y: 16, width: 32, height: 24)
        XCTAssertEqual(
            try PNGCodec.read(from: URL(fileURLWithPath: diff)),
            try ErrorHeatMap.render(reference: image, candidate: decoded, region: region, zoom: 2, fullScale: 16))
        // Labelled: the candidate's name, the crop, the quality given and the Y PSNR (the image is opaque).
        let y = try XCTUnwrap(fields["y_psnr"] as? Double)
        let caption = SideBySide.Caption(
            fileName: "cand.pvr", quality: "fast", psnr: "Y \(String(format: "%.2f", y)) dB")
        XCTAssertEqual(
            try PNGCodec.read(from: URL(fileURLWithPath: sideBySide)),
            try SideBySide.render(
                reference: image, candidate: decoded, region: region, zoom: 2, fullScale: 16, caption: caption))

        let worst = try json(
            try PVRCProcess.run([
                "compare", reference, candidate, "--json", "--diff", diff,
                "--crop", "worst",
            ]))
        XCTAssertEqual(worst["crop"] as? [Int], [0, 0, 64, 64])

        // Without --json: an opaque reference leads with Y, has no alpha lines, and each picture
        // written is confirmed.
        let table = try PVRCProcess.run(["compare", reference, candidate, "--side-by-side", sideBySide])
        XCTAssertEqual(table.status, 0, table.standardError)
        let lines = table.standardOutput.split(separator: "\n")
        XCTAssertTrue(lines[0].hasSuffix("opaque: judged by Y PSNR):"), "\(lines[0])")
        XCTAssertTrue(lines[1].hasPrefix("  Y PSNR (Rec.709)"), "\(lines[1])")
        XCTAssertFalse(table.standardOutput.contains("alpha"), table.standardOutput)
        XCTAssertEqual(lines.last, "wrote \(sideBySide): reference | candidate | heat map")
    }

    /// Bad crop, zoom or scale: one line naming the picture, nothing written.
    func testPictureOptionsAreChecked() throws {
        let reference = path("ref.png")
        try PNGCodec.write(
            RGBAImage(width: 16, height: 16, fill: (10, 20, 30, 255)), to: URL(fileURLWithPath: reference))
        let diff = path("diff.png")
        assertFailure(
            try PVRCProcess.run(["compare", reference, reference, "--diff", diff, "--crop", "8,8,16,16"]),
            naming: "diff.png", problem: "not inside the 16x16 image")
        assertFailure(
            try PVRCProcess.run(["compare", reference, reference, "--side-by-side", diff, "--zoom", "65"]),
            naming: "diff.png", problem: "zoom 65")
        XCTAssertEqual(try directoryContents(), ["ref.png"])
        let usage = try PVRCProcess.run(["compare", reference, reference, "--crop", "1,2,3"])
        XCTAssertNotEqual(usage.status, 0)
        XCTAssertTrue(usage.standardError.contains("--crop"), usage.standardError)
    }

    func testBenchEncodeReportsThroughput() throws {
        let result = try PVRCProcess.run([
            "bench", "encode", "--size", "32", "--runs", "1", "--quality", "fast",
            "--threads", "1",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("32x32"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("Mpixel/s"), result.standardOutput)

        // --save-level writes the level (16 blocks of 8 bytes) and says so.
        let level = path("level.bin")
        let saved = try PVRCProcess.run([
            "bench", "encode", "--size", "16", "--runs", "1", "--quality", "fastest", "--save-level", level,
        ])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: level)).count, 128)
        XCTAssertTrue(
            saved.standardOutput.hasSuffix("wrote \(level): the last run's level, 128 bytes\n"), saved.standardOutput)
    }
}
