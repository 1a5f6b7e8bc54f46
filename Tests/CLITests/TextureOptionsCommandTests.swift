import EncodeJobs
import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import PVRTC
import PVRTCSearch
import TextureFormats
import XCTest

/// The texture options of `pvrc encode` and how `decode`, `compare`, `render` and `info` honour the
/// metadata they record, run as subprocesses.
final class TextureOptionsCommandTests: CLITestCase {
    private func writePNG(_ image: RGBAImage, _ name: String) throws -> String {
        let file = path(name)
        try PNGCodec.write(image, to: URL(fileURLWithPath: file))
        return file
    }

    private func run(_ arguments: [String], line: UInt = #line) throws -> PVRCProcess.Result {
        let result = try PVRCProcess.run(arguments)
        XCTAssertEqual(result.status, 0, result.standardError, line: line)
        return result
    }

    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageFilesTests/Fixtures/\(name)").path
    }

    /// `--flip y` (and x) in every container that can record it: info shows it, and decode, compare and
    /// render give the upright picture (the stored rows mirrored back).
    func testFlipIsRecordedAndUndoneOnRead() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        let input = try writePNG(image, "in.png")
        for (container, flip, expected) in [
            ("pvr2", "y", "x right, y up (bottom row first)"), ("pvr3", "y", "x right, y up (bottom row first)"),
            ("ktx", "y", "x right, y up (bottom row first)"), ("pvr3", "xy", "x left (right column first), y up"),
            ("ktx", "x", "x left (right column first), y down"),
        ] {
            let output = path("out-\(container)-\(flip).tex")
            _ = try run([
                "encode", input, output, "--format", container, "--flip", flip, "--quality", "fast", "--quiet",
            ])
            XCTAssertTrue(
                try run(["info", output]).standardOutput.contains("orientation: \(expected)"), "\(container) \(flip)")
            let texture = try TextureFile.read(from: URL(fileURLWithPath: output)).texture
            let stored = PVRTCDecoder.decode(texture.levels[0])
            let upright = ImageFlip.flipped(stored, horizontally: flip.contains("x"), vertically: flip.contains("y"))
            let decoded = path("d-\(container)-\(flip).png")
            _ = try run(["decode", output, decoded])
            XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: decoded)), upright)
            let asPNG = try run(["compare", input, decoded, "--json"]).standardOutput
            let asTexture = try run(["compare", input, output, "--json"]).standardOutput
            XCTAssertEqual(
                asPNG.replacingOccurrences(of: decoded, with: "X"),
                asTexture.replacingOccurrences(of: output, with: "X"))
        }
        assertFailure(
            try PVRCProcess.run(["encode", input, path("x.pvr"), "--flip", "x"]),
            naming: path("x.pvr"), problem: "PVR v2 (legacy) cannot record a horizontal flip; use --format pvr3 or ktx")
    }

    /// A PVR v3 "y up" file built by hand from the specification, as the PowerVR SDK ships them.
    func testHandBuiltYUpFileDecodesAndRendersUpright() throws {
        let texture = try randomTexture(width: 16, height: 8, hasAlpha: true, seed: 5)
        var bytes: [UInt8] = []
        for field: UInt32 in [0x0352_5650, 0, 3, 0, 1, 0, 8, 16, 1, 1, 1, 1, 15, 0x0352_5650, 3, 3] {
            bytes += withUnsafeBytes(of: field.littleEndian, Array.init)
        }
        bytes += [0, 1, 0] + texture.levels[0].data
        let file = path("yup.pvr")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let info = try run(["info", file]).standardOutput
        XCTAssertTrue(info.contains("orientation: x right, y up (bottom row first) (metadata key 3)"), info)
        XCTAssertTrue(info.contains("colour space: srgb (colour space field 1)"), info)
        let upright = ImageFlip.flipped(PVRTCDecoder.decode(texture.levels[0]), horizontally: false, vertically: true)
        _ = try run(["decode", file, path("d.png")])
        XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: path("d.png"))), upright)
        #if PVRC_GL
            let rendered = try run(["render", file, path("r.png"), "--check"])
            XCTAssertTrue(rendered.standardOutput.contains("0 differing bytes"), rendered.standardOutput)
            XCTAssertEqual(try PNGCodec.read(from: URL(fileURLWithPath: path("r.png"))), upright)
        #endif
    }

    /// `--premultiply` marks the file and `compare` judges it against the premultiplied reference.
    func testPremultiplyIsMarkedAndComparedAgainstThePremultipliedReference() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        let input = try writePNG(image, "in.png")
        for container in ["pvr3", "ktx"] {
            let output = path("p.\(container)")
            _ = try run([
                "encode", input, output, "--format", container, "--premultiply", "--quality", "fast", "--quiet",
            ])
            XCTAssertTrue(try run(["info", output]).standardOutput.contains("alpha: premultiplied"))
            let judged = try run(["compare", input, output, "--json"]).standardOutput
            // The same numbers as comparing the decoded PNG with a reference premultiplied by the library.
            let premultiplied = try writePNG(
                Premultiplication.premultiplied(image, colorSpace: .linear), "pm-\(container).png")
            let decoded = path("pm-\(container)-decoded.png")
            _ = try run(["decode", output, decoded])
            let direct = try run(["compare", premultiplied, decoded, "--json"]).standardOutput
            XCTAssertEqual(
                judged.replacingOccurrences(of: input, with: "R").replacingOccurrences(of: output, with: "C"),
                direct.replacingOccurrences(of: premultiplied, with: "R").replacingOccurrences(of: decoded, with: "C"))
            let straight = try run(["compare", input, decoded, "--json"]).standardOutput
            XCTAssertNotEqual(
                straight.replacingOccurrences(of: input, with: "R").replacingOccurrences(of: decoded, with: "C"),
                judged.replacingOccurrences(of: input, with: "R").replacingOccurrences(of: output, with: "C"))
        }
        let legacy = try PVRCProcess.run([
            "encode", input, path("p.pvr"), "--premultiply", "--quality", "fast", "--quiet",
        ])
        XCTAssertEqual(legacy.status, 0)
        XCTAssertTrue(legacy.standardError.contains("warning"), legacy.standardError)
        XCTAssertTrue(legacy.standardError.contains("premultiplied alpha"), legacy.standardError)
    }

    func testColorSpaceIsRecordedPerContainer() throws {
        let input = try writePNG(EncoderFixtures.textured(width: 16, height: 16, alpha: false), "in.png")
        _ = try run(["encode", input, path("s.ktx"), "--colorspace", "srgb", "--quality", "fast", "--quiet"])
        let ktx = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("s.ktx"))))
        XCTAssertEqual(Array(ktx[28..<32]), [0x55, 0x8A, 0, 0])
        XCTAssertTrue(
            try run(["info", path("s.ktx")]).standardOutput.contains("colour space: srgb (sRGB internal format)"))
        _ = try run([
            "encode", input, path("l.pvr"), "--format", "pvr3", "--colorspace", "linear", "--quality", "fast",
            "--quiet",
        ])
        XCTAssertTrue(
            try run(["info", path("l.pvr")]).standardOutput.contains("colour space: linear (colour space field 0)"))
        // compare --level reduces the reference the way the texture's mips were built.
        _ = try run([
            "encode", input, path("lm.ktx"), "--colorspace", "linear", "--mipmaps", "--quality", "fast", "--quiet",
        ])
        let texture = try TextureFile.read(from: URL(fileURLWithPath: path("lm.ktx"))).texture
        let source = try PNGCodec.read(from: URL(fileURLWithPath: input))
        let reference = try writePNG(MipChain.build(from: source, colorSpace: .linear)[1], "ref1.png")
        let level1 = try writePNG(PVRTCDecoder.decode(texture.levels[1]), "lvl1.png")
        let expected = try run(["compare", reference, level1, "--json"]).standardOutput
        let viaLevel = try run(["compare", input, path("lm.ktx"), "--level", "1", "--colorspace", "linear", "--json"])
            .standardOutput
        func metrics(_ json: String) -> String { String(json[json.range(of: "\"rgb_psnr\"")!.lowerBound...]) }
        XCTAssertEqual(metrics(viaLevel), metrics(expected))
        XCTAssertNotEqual(
            metrics(try run(["compare", input, path("lm.ktx"), "--level", "1", "--json"]).standardOutput),
            metrics(expected))
        _ = try run(["encode", input, path("v2.pvr"), "--quality", "fast", "--quiet"])
        XCTAssertTrue(try run(["info", path("v2.pvr")]).standardOutput.contains("PVR v2 has no colour-space field"))
    }

    func testNormalMapEncodeAndAngularCompare() throws {
        var random = TestRandom(seed: 8)
        var image = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                let nx = Double(random.next(81) - 40) / 100
                let ny = Double(random.next(81) - 40) / 100
                let nz = (1 - nx * nx - ny * ny).squareRoot()
                func code(_ v: Double) -> UInt8 { UInt8(((v + 1) * 127.5).rounded()) }
                image[x, y] = (code(nx), code(ny), code(nz), 255)
            }
        }
        let input = try writePNG(image, "n.png")
        _ = try run(["encode", input, path("n.ktx"), "--normal-map", "--mipmaps", "--quality", "fast", "--quiet"])
        XCTAssertTrue(try run(["info", path("n.ktx")]).standardOutput.contains("colour space: linear"))
        let json = try run(["compare", input, path("n.ktx"), "--normal-map", "--json"]).standardOutput
        for key in ["normal_mean_deg", "normal_p99_deg", "normal_max_deg"] {
            XCTAssertTrue(json.contains("\"\(key)\": "), json)
        }
        let table = try run(["compare", input, path("n.ktx"), "--normal-map", "--level", "1"]).standardOutput
        XCTAssertTrue(table.contains("normal p99 error"), table)
        let identical = try run(["compare", input, input, "--normal-map", "--json"]).standardOutput
        XCTAssertTrue(identical.contains("\"normal_mean_deg\": 0.0000"), identical)
        XCTAssertNotEqual(
            try PVRCProcess.run(["encode", input, path("x.ktx"), "--normal-map", "--colorspace", "srgb"]).status, 0)
    }

    func testMaxSizeAndAllowRectangular() throws {
        let square = try writePNG(EncoderFixtures.textured(width: 64, height: 64, alpha: false), "sq.png")
        let out = try run(["encode", square, path("m.pvr"), "--max-size", "16", "--quality", "fast"]).standardOutput
        XCTAssertTrue(out.contains("16x16"), out)
        let summary = try run([
            "encode", square, path("s.ktx"), "--flip", "y", "--premultiply", "--colorspace", "srgb",
            "--quality", "fast",
        ]).standardOutput
        XCTAssertTrue(summary.contains("quality fast, y up, premultiplied, sRGB, "), summary)
        XCTAssertNotEqual(try PVRCProcess.run(["encode", square, path("z.pvr"), "--max-size", "0"]).status, 0)

        let wide = try writePNG(EncoderFixtures.textured(width: 64, height: 16, alpha: false), "wide.png")
        let refused = try PVRCProcess.run(["encode", wide, path("w.pvr"), "--quality", "fast"])
        assertFailure(refused, naming: wide, problem: "--allow-rectangular")
        XCTAssertEqual(refused.standardError.components(separatedBy: "iOS refuses").count, 2, refused.standardError)
        _ = try run(["encode", wide, path("w.pvr"), "--allow-rectangular", "--quality", "fast", "--quiet"])
        let info = try run(["info", path("w.pvr")]).standardOutput
        XCTAssertTrue(info.contains("size: 64x16"), info)
        XCTAssertTrue(info.contains("iOS refuses non-square"), info)
    }

    func testJPEGAndTGAInput() throws {
        for name in ["jpeg-rgb.jpg", "tga-rgba32-rle-topdown.tga", "tga-grey8.tga"] {
            // Copied under a misleading name: the type comes from the content.
            let input = path("input-\(name).png")
            try FileManager.default.copyItem(atPath: fixture(name), toPath: input)
            _ = try run([
                "encode", input, path("o.pvr"), "--pot", "stretch", "--square", "stretch", "--quality", "fast",
                "--quiet",
            ])
            let written = try TextureFile.read(from: URL(fileURLWithPath: path("o.pvr"))).texture
            let source = try ImageFile.read(from: URL(fileURLWithPath: fixture(name)))
            let expected = try EncodeJob(
                options: .init(quality: .fast, square: .stretch, pot: .stretch), container: .pvr3
            )
            .encode(source).faces[0]
            XCTAssertEqual(written, expected, name)
        }
        let junk = path("junk.png")
        try Data([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]).write(
            to: URL(fileURLWithPath: junk))
        assertFailure(
            try PVRCProcess.run(["encode", junk, path("j.pvr")]), naming: junk, problem: "not a PNG, JPEG or TGA image")
        let truncated = path("cut.jpg")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("jpeg-rgb.jpg")))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        assertFailure(
            try PVRCProcess.run(["encode", truncated, path("t.pvr")]), naming: truncated, problem: "not a valid JPEG")
        XCTAssertFalse(try directoryContents().contains("t.pvr"))
    }
}
