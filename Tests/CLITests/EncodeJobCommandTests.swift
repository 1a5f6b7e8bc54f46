import Foundation
import ImageFiles
import Imaging
import PVRCTestSupport
import XCTest

/// One encode job behind every front end: `pvrc build --report` measures each texture against the
/// image the encoder saw, so its PSNR equals `pvrc compare SOURCE TEXTURE` with the same options;
/// and `pvrc build` refuses and warns exactly as `pvrc encode` does.
final class EncodeJobCommandTests: CLITestCase {
    /// Builds one image with `options`, then compares the source with the texture using the same
    /// options; the report's figures must equal compare's.
    private func assertReportMatchesCompare(
        _ image: RGBAImage, _ options: [String], container: String = "ktx", line: UInt = #line
    ) throws {
        let source = path("src-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try PNGCodec.write(image, to: URL(fileURLWithPath: source + "/t.png"))
        let out = path("out-\(UUID().uuidString)")
        let report = path("report-\(UUID().uuidString).json")
        let common = ["--quality", "fast", "--format", container] + options
        let build = try PVRCProcess.run(["build", source, out, "--report", report, "--quiet"] + common)
        XCTAssertEqual(build.status, 0, "\(options): \(build.standardError)", line: line)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        let textures = (document as? [String: Any])?["textures"] as? [[String: Any]]
        let texture = try XCTUnwrap(textures?.first, "\(options): no texture in the report", line: line)
        XCTAssertEqual(texture["status"] as? String, "built", "\(options): \(texture)", line: line)
        let file = out + "/t." + (container == "ktx" ? "ktx" : "pvr")
        let compare = try PVRCProcess.run(["compare", source + "/t.png", file, "--json"] + common)
        XCTAssertEqual(compare.status, 0, "\(options): \(compare.standardError)", line: line)
        let metrics = try JSONSerialization.jsonObject(with: Data(compare.standardOutput.utf8)) as? [String: Any]
        for (reportKey, compareKey) in [
            ("y_psnr", "y_psnr"), ("aw_rgb_psnr", "aw_rgb_psnr"), ("alpha_psnr", "alpha_psnr"),
        ] {
            let built = texture[reportKey] as? Double
            let compared = metrics?[compareKey] as? Double
            XCTAssertEqual(
                built == nil, compared == nil, "\(options) \(reportKey): \(texture) vs \(compare.standardOutput)",
                line: line)
            if let built, let compared {
                // compare prints four decimals.
                XCTAssertEqual(built, compared, accuracy: 0.00005, "\(options) \(reportKey)", line: line)
            }
        }
        // The report names the effective options, spelled as the flags.
        let reported = texture["options"] as? [String: Any] ?? [:]
        XCTAssertEqual(reported["format"] as? String, container, "\(reported)", line: line)
        XCTAssertEqual(reported["quality"] as? String, "fast", "\(reported)", line: line)
        var index = 0
        while index < options.count {
            let name = String(options[index].dropFirst(2))
            if index + 1 < options.count, !options[index + 1].hasPrefix("--") {
                let given = options[index + 1]
                XCTAssertEqual(reported[name].map { "\($0)" }, given, "\(name) in \(reported)", line: line)
                index += 2
            } else {
                XCTAssertEqual(reported[name] as? Bool, true, "\(name) in \(reported)", line: line)
                index += 1
            }
        }
        // A good encode where it is visible (the alpha-weighted figure for images with alpha).
        let headline = (texture["aw_rgb_psnr"] as? Double) ?? (texture["y_psnr"] as? Double) ?? 0
        XCTAssertGreaterThan(headline, 15, "\(options): a good encode", line: line)
    }

    func testMaxSizeReportMatchesCompare() throws {
        try assertReportMatchesCompare(
            EncoderFixtures.textured(width: 64, height: 64, alpha: false), ["--max-size", "32"])
    }

    func testAllowRectangularReportMatchesCompare() throws {
        try assertReportMatchesCompare(
            EncoderFixtures.textured(width: 64, height: 32, alpha: false), ["--allow-rectangular"])
    }

    func testPadAndStretchReportMatchesCompare() throws {
        let image = EncoderFixtures.textured(width: 40, height: 28, alpha: true)
        for policy in ["pad", "stretch"] {
            try assertReportMatchesCompare(image, ["--square", policy, "--pot", policy])
        }
        try assertReportMatchesCompare(
            EncoderFixtures.textured(width: 32, height: 24, alpha: false), ["--square", "pad"])
    }

    func testFlipReportMatchesCompare() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        for axes in ["x", "y", "xy"] {
            try assertReportMatchesCompare(image, ["--flip", axes])
        }
        try assertReportMatchesCompare(image, ["--flip", "y"], container: "pvr2")
    }

    func testPremultiplyAndColorSpaceReportMatchesCompare() throws {
        let image = EncoderFixtures.textured(width: 32, height: 32, alpha: true)
        try assertReportMatchesCompare(image, ["--premultiply"])
        try assertReportMatchesCompare(image, ["--premultiply", "--colorspace", "srgb"])
        try assertReportMatchesCompare(image, ["--colorspace", "srgb", "--mipmaps"])
        // PVR v2 cannot record premultiplication: compare is told by the option.
        try assertReportMatchesCompare(image, ["--premultiply"], container: "pvr2")
    }

    func testNormalMapReportMatchesCompare() throws {
        try assertReportMatchesCompare(
            EncoderFixtures.textured(width: 32, height: 32, alpha: false), ["--normal-map", "--mipmaps"])
    }

    /// A horizontal flip into PVR v2 is refused by both, with the same words; premultiplied alpha and
    /// sRGB into PVR v2 warn in both, with the same words; conflicting options fail both alike.
    func testBuildRefusesAndWarnsAsEncodeDoes() throws {
        let source = path("src")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try PNGCodec.write(
            EncoderFixtures.textured(width: 16, height: 16, alpha: true), to: URL(fileURLWithPath: source + "/t.png"))
        let cases: [(options: [String], refusal: String?, warnings: [String])] = [
            (["--flip", "x"], "PVR v2 (legacy) cannot record a horizontal flip", []),
            (
                ["--premultiply", "--colorspace", "srgb"], nil,
                [
                    "PVR v2 (legacy) cannot record premultiplied alpha (v2 has no flag for it)",
                    "PVR v2 (legacy) cannot record the sRGB colour space (v2 has no colour-space field)",
                ]
            ),
            (["--normal-map", "--premultiply"], "--normal-map cannot be combined with --premultiply", []),
            (["--normal-map", "--colorspace", "srgb"], "it cannot be combined with --colorspace srgb", []),
        ]
        for (index, item) in cases.enumerated() {
            let options = ["--quality", "fast", "--format", "pvr2"] + item.options
            let encoded = path("e\(index).pvr")
            let encode = try PVRCProcess.run(["encode", source + "/t.png", encoded, "--quiet"] + options)
            let out = path("out\(index)")
            let build = try PVRCProcess.run(["build", source, out, "--quiet"] + options)
            if let refusal = item.refusal {
                XCTAssertEqual(encode.status, 1, "\(item.options)")
                XCTAssertEqual(build.status, 1, "\(item.options)")
                XCTAssertTrue(encode.standardError.contains(refusal), "\(item.options): \(encode.standardError)")
                XCTAssertTrue(build.standardError.contains(refusal), "\(item.options): \(build.standardError)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: encoded))
                XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/t.pvr"))
            } else {
                XCTAssertEqual(encode.status, 0, encode.standardError)
                XCTAssertEqual(build.status, 0, build.standardError)
                for warning in item.warnings {
                    XCTAssertTrue(
                        encode.standardError.contains("pvrc: warning: \(encoded): \(warning)"), encode.standardError)
                    XCTAssertTrue(
                        build.standardError.contains("pvrc: warning: \(out)/t.pvr: \(warning)"), build.standardError)
                }
                XCTAssertEqual(
                    try Data(contentsOf: URL(fileURLWithPath: encoded)),
                    try Data(contentsOf: URL(fileURLWithPath: out + "/t.pvr")))
            }
        }
    }
}
