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

    func testOneRowForEveryQualityAtEveryFormat() {
        for format in PVRTCFormat.allCases {
            for quality in PVRTCEncoder.Quality.allCases {
                let rows = SearchPreset.table.filter { $0.quality == quality && $0.format == format }
                XCTAssertEqual(rows.count, 1, "\(quality) at \(format)")
                guard let row = rows.first else { continue }
                XCTAssertEqual(row.rounds.isEmpty, quality == .fastest, "only fastest runs no rounds")
                XCTAssertEqual(row.fastestFits > 0, quality == .fastest, "only fastest fits in one pass")
                XCTAssertEqual(row.schedule.count, row.rounds.reduce(0) { $0 + $1.count })
            }
        }
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
        func preset(_ quality: PVRTCEncoder.Quality, _ format: PVRTCFormat) -> SearchPreset {
            SearchPreset.of(quality, format)
        }
        let best2bpp = preset(.best, .pvrtc1_2bpp)
        let best4bpp = preset(.best, .pvrtc1_4bpp)
        let max4bpp = preset(.max, .pvrtc1_4bpp)
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

    /// The doc comments of ``PVRTCEncoder/Quality`` (which describe the 4bpp search and 2bpp's `max`) name the
    /// table's rounds and passes.
    func testQualityDocCommentsNameTheTableRounds() throws {
        let source = try document("Sources/PVRTCSearch/PVRTCEncoder+Quality.swift")
        // The doc comment text as one line: the `///` markers and the indentation folded into single spaces.
        let text = source.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("///") }
            .map { $0.dropFirst(3).trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        func rounds(_ quality: PVRTCEncoder.Quality) -> [SearchPreset.Rounds] {
            SearchPreset.of(quality, .pvrtc1_4bpp).rounds
        }
        let fast = rounds(.fast)
        let normal = rounds(.normal)
        let high = rounds(.high)
        let best = rounds(.best)
        let max = rounds(.max)
        let bestCount = best.reduce(0) { $0 + $1.count }
        let extra = try XCTUnwrap(max.last)
        let max2bpp = try XCTUnwrap(SearchPreset.of(.max, .pvrtc1_2bpp).rounds.last)
        let phrases = [
            "\(words[fast[0].count].capitalized) refinement round, rounding search without descent",
            "\(words[normal[0].count].capitalized) refinement rounds.",
            "\(words[high[0].count].capitalized) refinement rounds with a ±\(high[0].descentPasses) descent pass.",
            "\(words[bestCount].capitalized) rounds with \(words[best[0].descentPasses]) descent passes; the worst "
                + "blocks are searched again from other starts in the last \(words[best[1].count]) rounds",
            "`best`, then \(words[extra.count]) more rounds with \(words[extra.descentPasses]) descent passes in which "
                + "every block above the median error",
            "For 2bpp: `best`'s rounds, each ending with every block above the median error",
        ]
        XCTAssertEqual(fast.count, 1)
        XCTAssertEqual(fast[0].descentPasses, 0)
        XCTAssertEqual(normal[0].descentPasses, 0)
        XCTAssertEqual(extra.recovery?.medianFactor, 1, "max revisits every block above the median")
        XCTAssertEqual(max2bpp.recovery?.medianFactor, 1, "2bpp max revisits every block above the median")
        XCTAssertEqual(max.dropLast(), best[...], "max begins with best's rounds")
        for phrase in phrases {
            XCTAssertTrue(text.contains(phrase), "PVRTCEncoder+Quality.swift should say: \(phrase)")
        }
    }
}
