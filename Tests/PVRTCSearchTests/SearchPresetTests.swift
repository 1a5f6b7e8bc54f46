import Foundation
import PVRTC
import XCTest

@testable import PVRTCSearch

/// The preset table (``SearchPreset/table``): a row for every quality level at every rate the search
/// encodes, and the documentation that describes the levels agrees with it.
final class SearchPresetTests: XCTestCase {
    /// The repository root, from this file's path.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of a file relative to the repository root.
    private func document(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testOneRowForEveryQualityAtEveryPVRTC1Rate() {
        for format in [PVRTCFormat.pvrtc1_4bpp, .pvrtc1_2bpp] {
            for quality in PVRTCEncoder.Quality.allCases {
                let rows = SearchPreset.table.filter { $0.quality == quality && $0.format == format }
                XCTAssertEqual(rows.count, 1, "\(quality) at \(format)")
                guard let row = rows.first else { continue }
                XCTAssertEqual(row.rounds.isEmpty, quality == .fastest, "only fastest runs no rounds")
                XCTAssertEqual(row.fastestFits > 0, quality == .fastest, "only fastest fits in one pass")
                XCTAssertEqual(row.schedule.count, row.rounds.reduce(0) { $0 + $1.count })
            }
        }
        XCTAssertNil(SearchPreset.of(.best, .pvrtc2_4bpp))
        XCTAssertNil(SearchPreset.of(.best, .pvrtc2_2bpp))
    }

    /// docs/quality-presets.md holds exactly ``SearchPreset/markdownTable()`` between its markers.
    func testPresetDocumentIsTheTable() throws {
        let text = try document("docs/quality-presets.md")
        let start = "<!-- preset table: generated from SearchPreset.markdownTable() -->\n"
        let end = "<!-- end of preset table -->"
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return XCTFail("docs/quality-presets.md lacks the preset table markers") }
        let table = SearchPreset.markdownTable()
        XCTAssertEqual(
            String(text[from.upperBound..<to.lowerBound]), table,
            "docs/quality-presets.md is out of date; the table between its markers should be:\n\(table)")
    }

    /// The round counts docs/quality-and-speed.md spells out are the table's.
    func testQualityAndSpeedNamesTheTableRounds() throws {
        let text = try document("docs/quality-and-speed.md")
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        func preset(_ quality: PVRTCEncoder.Quality, _ format: PVRTCFormat) throws -> SearchPreset {
            try XCTUnwrap(SearchPreset.of(quality, format))
        }
        let best2bpp = try preset(.best, .pvrtc1_2bpp)
        let best4bpp = try preset(.best, .pvrtc1_4bpp)
        let max4bpp = try preset(.max, .pvrtc1_4bpp)
        let recovery4bpp = try XCTUnwrap(best4bpp.rounds.last?.recovery)
        let phrases = [
            "`best`'s \(words[best2bpp.schedule.count]) rounds",
            "`max` runs `best`'s rounds and then \(words[max4bpp.schedule.count - best4bpp.schedule.count]) more",
            "in the last \(words[best4bpp.rounds.last?.count ?? 0]) rounds the blocks whose error is above "
                + "\(recovery4bpp.medianFactor)× the median",
        ]
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        for phrase in phrases {
            XCTAssertTrue(flat.contains(phrase), "docs/quality-and-speed.md should say: \(phrase)")
        }
    }
}
