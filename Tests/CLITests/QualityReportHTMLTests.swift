import Foundation
import ImageFiles
import Imaging
import PVRCTestRequirements
import PVRTC
import QualityMetrics
import XCTest

/// `tools/quality-report --html` on a small corpus made here, with the page opened in a real headless
/// browser (Debian's `chromium`, installed by tools/install-deps.sh --test) and its screenshot checked.
final class QualityReportHTMLTests: CLITestCase {
    /// The repository root (this file is Tests/CLITests/QualityReportHTMLTests.swift).
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Magenta that appears nowhere but in the test image, so finding it in the screenshot proves the
    /// browser drew the pictures, not just the text.
    private let marker: (UInt8, UInt8, UInt8) = (255, 0, 255)

    private func run(_ executable: String, _ arguments: [String]) throws -> PVRCProcess.Result {
        try PVRCProcess.run(executable: URL(fileURLWithPath: executable), arguments)
    }

    /// A long name (over the text table's 32 characters) that the page must show in full.
    private let longName = "a_texture_with_a_rather_long_descriptive_name_32.png"

    /// A corpus folder in the layout the report reads: two opaque images (one with a long name), one
    /// with alpha, one Kodak crop.
    private func makeCorpus() throws -> String {
        let corpus = path("corpus")
        try FileManager.default.createDirectory(atPath: corpus + "/kodak", withIntermediateDirectories: true)
        var opaque = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                opaque[x, y] =
                    x < 32
                    ? (marker.0, marker.1, marker.2, 255)
                    : ((x + y) % 10 < 5 ? (250, 240, 0, 255) : (10, 10, 10, 255))
            }
        }
        var alpha = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 { alpha[x, y] = (UInt8(x * 8), 100, UInt8(y * 8), UInt8(min(255, (x + y) * 8))) }
        }
        try PNGCodec.write(opaque, to: URL(fileURLWithPath: corpus + "/edges_64.png"))
        try PNGCodec.write(alpha, to: URL(fileURLWithPath: corpus + "/soft_32_rgba.png"))
        try PNGCodec.write(opaque, to: URL(fileURLWithPath: corpus + "/kodak/kodim00_64.png"))
        var smooth = RGBAImage(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 { smooth[x, y] = (UInt8(x * 8), UInt8(y * 8), 128, 255) }
        }
        try PNGCodec.write(smooth, to: URL(fileURLWithPath: corpus + "/" + longName))
        let rows = [
            "set\timage\tsize\talpha_kind\ttool\trgb_psnr\ty_psnr\talpha_psnr\taw_rgb_psnr\tencode_ms",
            "public\tedges_64.png\t64x64\tnone\tbrenwill\t20\t21\tNA\tNA\t1",
            "public\tedges_64.png\t64x64\tnone\tbc1_squish_icf\t30\t31\tNA\tNA\t1",
            "public\tsoft_32_rgba.png\t32x32\tsoft\tbrenwill\t20\t21\t22\t23\t1",
            "public\t\(longName)\t32x32\tnone\tbrenwill\t20\t21\tNA\tNA\t1",
            "kodak24\tkodim00_64.png\t64x64\tnone\tbrenwill\t20\t21\tNA\tNA\t1",
            "kodak24\tkodim00_64.png\t64x64\tnone\tbc1_squish_icf\t30\t31\tNA\tNA\t1",
        ]
        try (rows.joined(separator: "\n") + "\n").write(
            toFile: corpus + "/baselines.tsv", atomically: true, encoding: .utf8)
        return corpus
    }

    /// The headline figures (alpha-weighted RGB for the image with alpha, Y for opaque ones) are the
    /// ones `pvrc compare` measures for the same encode, the pictures come worst first, and long names
    /// are whole.
    func testHTMLHeadlinesAlphaWeightedWorstFirstWithFullNames() throws {
        let corpus = try makeCorpus()
        let site = path("site")
        let report = try run(
            "/usr/bin/env",
            [
                "python3", root.appendingPathComponent("tools/quality-report").path, "--pvrc",
                try PVRCProcess.executable().path, "--corpus", corpus, "--quality", "fast", "--threads", "1",
                "--html", site, "--set", "corpus",
            ])
        XCTAssertEqual(report.status, 0, report.standardError + report.standardOutput)
        let page = try String(contentsOfFile: site + "/index.html", encoding: .utf8)

        // The same encode measured here (the output does not depend on the thread count).
        func measured(_ image: String, bpp: Int = 4) throws -> [String: Any] {
            let texture = path("measured-\(bpp)-\(image).pvr")
            let encoded = try PVRCProcess.run(
                ["encode", corpus + "/" + image, texture, "--quality", "fast", "--quiet", "--bpp", "\(bpp)"])
            XCTAssertEqual(encoded.status, 0, encoded.standardError)
            let compared = try PVRCProcess.run(["compare", corpus + "/" + image, texture, "--json"])
            XCTAssertEqual(compared.status, 0, compared.standardError)
            let object = try JSONSerialization.jsonObject(with: Data(compared.standardOutput.utf8))
            return try XCTUnwrap(object as? [String: Any])
        }
        func text(_ value: Any?) throws -> String { String(format: "%.2f", try XCTUnwrap(value as? Double)) }
        let soft = try measured("soft_32_rgba.png")
        let awRGB = try text(soft["aw_rgb_psnr"])
        XCTAssertNotEqual(awRGB, try text(soft["rgb_psnr"]), "the test image must tell the figures apart")
        XCTAssertNotEqual(awRGB, try text(soft["y_psnr"]), "the test image must tell the figures apart")
        let edges = try measured("edges_64.png")
        // The text table's 2bpp columns (2b Y, 2b aw, 2b A: the 17th to 19th) are `pvrc compare`'s figures for
        // the same image encoded with --bpp 2.
        for (image, keys) in [
            ("edges_64.png", ["y_psnr"]), ("soft_32_rgba.png", ["y_psnr", "aw_rgb_psnr", "alpha_psnr"]),
        ] {
            let two = try measured(image, bpp: 2)
            let line = try XCTUnwrap(
                report.standardOutput.split(separator: "\n").first { $0.hasPrefix(image + " ") }, report.standardOutput)
            let cells = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            XCTAssertEqual(cells.count, 20, String(line))
            for key in keys {
                let column = ["y_psnr": 16, "aw_rgb_psnr": 17, "alpha_psnr": 18][key]!
                XCTAssertEqual(cells[column], try text(two[key]), "\(image) \(key)")
            }
        }

        // Figure captions, in page order: name and headline (kind, value).
        let pattern = try NSRegularExpression(
            pattern:
                #"<figcaption>([^<:]+?)(?: at [^:]*)?: <strong class="headline" data-kind="([^"]+)" data-db="([^"]*)">"#
        )
        let captions = pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).map { match in
            (1...3).map { Range(match.range(at: $0), in: page).map { String(page[$0]) } ?? "" }
        }
        XCTAssertEqual(captions.count, 3, page)
        let byName = Dictionary(uniqueKeysWithValues: captions.map { ($0[0], ($0[1], $0[2])) })
        XCTAssertEqual(byName["soft_32_rgba.png"]?.0, "alpha-weighted RGB")
        XCTAssertEqual(byName["soft_32_rgba.png"]?.1, awRGB)
        XCTAssertEqual(byName["edges_64.png"]?.0, "Y")
        XCTAssertEqual(byName["edges_64.png"]?.1, try text(edges["y_psnr"]))
        XCTAssertNotNil(byName[longName], "the long name is cut: \(captions.map { $0[0] })")
        // Worst first: headline values rise down the page.
        let values = captions.compactMap { Double($0[2]) }
        XCTAssertEqual(values.count, 3)
        XCTAssertEqual(values, values.sorted(), "pictures are not worst first: \(captions)")
        // The table rows follow the same order and show the long name whole.
        XCTAssertTrue(page.contains("<td class=\"t\">\(longName)</td>"), page)
        let tableOrder = captions.map { page.range(of: "<td class=\"t\">\($0[0])</td>")?.lowerBound }
        XCTAssertEqual(tableOrder.compactMap { $0 }, tableOrder.compactMap { $0 }.sorted())
        XCTAssertEqual(tableOrder.compactMap { $0 }.count, 3)
    }

    func testHTMLReportRendersInHeadlessChromium() throws {
        let corpus = try makeCorpus()
        let site = path("site")
        let report = try run(
            "/usr/bin/env",
            [
                "python3", root.appendingPathComponent("tools/quality-report").path, "--pvrc",
                try PVRCProcess.executable().path, "--corpus", corpus, "--quality", "fast", "--threads", "1",
                "--html", site,
            ])
        XCTAssertEqual(report.status, 0, report.standardError + report.standardOutput)
        let page = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        for name in ["edges_64.png", "soft_32_rgba.png", "kodim00_64.png", "<table", "corpus opaque vs bc1"] {
            XCTAssertTrue(page.contains(name), name)
        }
        // Each picture is reference | decoded | heat map of the image's worst region (the whole image
        // here, as it is smaller than 128x128), enlarged 3x.
        let edges = try PNGCodec.read(from: URL(fileURLWithPath: site + "/images/corpus-edges_64.png"))
        XCTAssertEqual(edges.width, 3 * 64 * 3 + 2 * SideBySide.gap)
        // Labelled: a strip of panel names above, the caption below the legend.
        XCTAssertEqual(edges.height, 64 * 3 + ErrorHeatMap.legendHeight + 2 * SideBySide.stripHeight)
        XCTAssert(edges[0, SideBySide.stripHeight] == (marker.0, marker.1, marker.2, 255))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/images/kodak-kodim00_64.png"))

        let chromium = try TestRequirement.tool(
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"], package: "chromium")
        let shot = path("shot.png")
        let browser = try run(
            chromium.path,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,2400",
                "--screenshot=\(shot)", URL(fileURLWithPath: site + "/index.html").absoluteString,
            ])
        XCTAssertEqual(browser.status, 0, browser.standardError)
        let screenshot = try PNGCodec.read(from: URL(fileURLWithPath: shot))
        var markerPixels = 0
        var nonWhite = 0
        for y in 0..<screenshot.height {
            for x in 0..<screenshot.width {
                let p = screenshot[x, y]
                if p.r == 255 && p.g == 255 && p.b == 255 { continue }
                nonWhite += 1
                if Int(p.r) > 240 && Int(p.g) < 15 && Int(p.b) > 240 { markerPixels += 1 }
            }
        }
        XCTAssertGreaterThan(nonWhite, screenshot.width * screenshot.height / 20, "the screenshot is (nearly) blank")
        // Two pictures show the magenta half (reference and decoded panels of two images), 96x192 each.
        XCTAssertGreaterThan(markerPixels, 4 * 96 * 192 / 2, "the pictures were not drawn")
    }
}
