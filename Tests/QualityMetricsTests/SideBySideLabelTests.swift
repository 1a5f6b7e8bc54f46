import Imaging
import XCTest

@testable import QualityMetrics

/// The labelled side-by-side picture: panel names above, the caption below, the panels themselves
/// unchanged. Glyphs are checked against bitmaps written out here by hand, not read from the font.
final class SideBySideLabelTests: XCTestCase {
    /// Hand-drawn 3x5 letters, `#` = ink.
    private let glyphs: [Character: [String]] = [
        "R": ["##.", "#.#", "##.", "#.#", "#.#"],
        "P": ["##.", "#.#", "##.", "#..", "#.."],
        "E": ["###", "#..", "##.", "#..", "###"],
        "F": ["###", "#..", "##.", "#..", "#.."],
    ]

    private let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
    private let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    /// Checks the glyph cell at (x, y) in `picture`, one `scale`x`scale` square per font pixel.
    private func assertGlyph(
        _ letter: Character, in picture: RGBAImage, x: Int, y: Int, scale: Int, line: UInt = #line
    ) {
        guard let rows = glyphs[letter] else { return XCTFail("no bitmap for \(letter)", line: line) }
        for (row, text) in rows.enumerated() {
            for (column, mark) in text.enumerated() {
                for dy in 0..<scale {
                    for dx in 0..<scale {
                        let p = picture[x + column * scale + dx, y + row * scale + dy]
                        let expected = mark == "#" ? white : black
                        XCTAssert(
                            p == expected, "\(letter) row \(row) column \(column): \(p)", line: line)
                    }
                }
            }
        }
    }

    private func images() -> (RGBAImage, RGBAImage) {
        var reference = RGBAImage(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 { reference[x, y] = (UInt8(x * 16), UInt8(y * 16), 90, 255) }
        }
        var candidate = reference
        candidate[3, 3] = (0, 0, 0, 255)
        return (reference, candidate)
    }

    func testLabelsAndCaptionAreDrawnAroundUnchangedPanels() throws {
        let (reference, candidate) = images()
        let region = PixelRect(x: 0, y: 0, width: 8, height: 8)
        let zoom = 8
        let plain = try SideBySide.render(reference: reference, candidate: candidate, region: region, zoom: zoom)
        let caption = SideBySide.Caption(fileName: "tree.pvr", quality: "normal", psnr: "Y 31.50 dB")
        let labelled = try SideBySide.render(
            reference: reference, candidate: candidate, region: region, zoom: zoom, caption: caption)
        let strip = SideBySide.stripHeight
        XCTAssertEqual(strip, 14)
        XCTAssertEqual(labelled.width, plain.width)
        XCTAssertEqual(labelled.height, plain.height + 2 * strip)
        // The panels and legend are the unlabelled picture, moved down by one strip.
        for y in 0..<plain.height {
            for x in 0..<plain.width where !(labelled[x, y + strip] == plain[x, y]) {
                return XCTFail("pixel \(x),\(y) moved or changed")
            }
        }
        // The strips are not blank: labels above, caption below.
        let top = (0..<strip).flatMap { y in (0..<labelled.width).map { labelled[$0, y] } }
        XCTAssertTrue(top.contains { $0 == white })
        let bottom = (plain.height + strip..<labelled.height).flatMap { y in
            (0..<labelled.width).map { labelled[$0, y] }
        }
        XCTAssertTrue(bottom.contains { $0 == white })
        // "REFERENCE", "PVRC", "ERROR" start over their panels at twice the font size.
        let panel = 8 * zoom
        let pad = SideBySide.labelPadding
        assertGlyph("R", in: labelled, x: pad, y: pad, scale: 2)
        assertGlyph("E", in: labelled, x: pad + 4 * 2, y: pad, scale: 2)
        assertGlyph("P", in: labelled, x: panel + SideBySide.gap + pad, y: pad, scale: 2)
        assertGlyph("E", in: labelled, x: 2 * (panel + SideBySide.gap) + pad, y: pad, scale: 2)
        // The caption names the file, crop, quality and PSNR; it is wider than the picture at scale 2,
        // so it is drawn at scale 1.
        XCTAssertEqual(caption.line(region: region), "FILE tree.pvr  CROP 0,0,8,8  QUALITY normal  PSNR Y 31.50 dB")
        assertGlyph("F", in: labelled, x: pad, y: plain.height + strip + pad, scale: 1)
        assertGlyph("E", in: labelled, x: pad + 3 * 4, y: plain.height + strip + pad, scale: 1)
    }

    /// Every letter the labels use has a glyph, in either case; characters without one are blank.
    func testFontCoversLettersInEitherCase() {
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            XCTAssertNotNil(LegendFont.rows(letter), String(letter))
            XCTAssertEqual(LegendFont.rows(letter), LegendFont.rows(Character(letter.lowercased())))
        }
        for sign in "0123456789+.,:-_/()=" { XCTAssertNotNil(LegendFont.rows(sign), String(sign)) }
        XCTAssertNil(LegendFont.rows("#"))
        XCTAssertNil(LegendFont.rows("ß"))
        XCTAssertEqual(LegendFont.rows("R"), [6, 5, 6, 5, 5])
    }
}
