import Imaging
import PVRTC
import XCTest

/// PVRTC2 outputs worked out by hand from the specification's text (Khronos Data Format Specification,
/// "Format PVRTC2 4bpp" and "Format PVRTC2 2bpp"), one test per mode or flag, each built so that a misread
/// of that mode or flag changes the asserted pixels.
///
/// Colour word (bits 63...32 of the 64-bit word): Op (31) | colour B (30...16) | H (15) | colour A (14...1) | M (0).
/// Opaque A is R5 G5 B4, opaque B R5 G5 B5; translucent A is a3 R4 G4 B3, translucent B a3 R4 G4 B4. Colours
/// reach 8 bits by bit replication (5-bit r: `r << 3 | r >> 2`; 4-bit alpha a: `17·a`), and pixels blend as
/// `(A·(8−w) + B·w) / 8` with w from {0, 3, 5, 8} (punch-through {0, 4, ·, 8}).
final class PVRTC2HandDerivedTests: XCTestCase {
    /// A colour word from its parts.
    static func colour(op: Bool, a: UInt32, b: UInt32, hard: Bool = false, m: Bool = false) -> UInt32 {
        (op ? 1 << 31 : 0) | (b & 0x7FFF) << 16 | (hard ? 1 << 15 : 0) | (a & 0x3FFF) << 1 | (m ? 1 : 0)
    }
    /// Opaque colour A fields.
    static func opaqueA(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { r << 9 | g << 4 | b }
    /// Opaque colour B fields.
    static func opaqueB(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { r << 10 | g << 5 | b }

    /// Word k (0...3) of the palette tests: A = (R5 4k+1, 0, 0), B = (R5 4k+3, G5 31, 0).
    static func paletteWord(_ k: Int, hard: Bool, m: Bool) -> UInt32 {
        let red = UInt32(4 * k)
        let a: UInt32 = opaqueA(r: red + 1, g: 0, b: 0)
        let b: UInt32 = opaqueB(r: red + 3, g: 31, b: 0)
        return colour(op: true, a: a, b: b, hard: hard, m: m)
    }

    static let redA = opaqueA(r: 31, g: 0, b: 0)
    static let redB = opaqueB(r: 31, g: 0, b: 0)
    static let blueA = opaqueA(r: 0, g: 0, b: 15)
    static let blueB = opaqueB(r: 0, g: 0, b: 31)

    /// Decodes a level whose words are given row by row as (modulation, colour).
    static func decode(
        _ format: PVRTCFormat, width: Int, height: Int, words: [(UInt32, UInt32)]
    ) throws -> RGBAImage {
        let data = words.flatMap { modulation, colour in
            (0..<4).map { UInt8(truncatingIfNeeded: modulation >> (8 * $0)) }
                + (0..<4).map { UInt8(truncatingIfNeeded: colour >> (8 * $0)) }
        }
        let image = try PVRTCImage(width: width, height: height, data: data, format: format)
        let decoded = PVRTCDecoder.decode(image)
        XCTAssertEqual(decoded, PVRTCDecoder.decode(image, threads: 3), "threads change nothing")
        return decoded
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image[x, y]
        return [p.r, p.g, p.b, p.a]
    }

    /// Standard bilinear (H = 0, M = 0) with one opacity flag for both colours. Every word alike, so the
    /// upscale returns the word's own colours: A = red (R5 31 → 255), B = green (G5 31 → 255). Values 0...3
    /// give w = 0, 3, 5, 8: red (255, 0, 0); (255·5/8, 255·3/8) = (159, 95, 0); (95, 159, 0); green. Colour A
    /// is opaque because Op (bit 31) is set although bit 15, PVRTC1's opacity flag for A, is clear: read as
    /// PVRTC1, A would be translucent.
    func testStandardBilinearReadsOneOpacityFlag() throws {
        let colour = Self.colour(op: true, a: Self.redA, b: Self.opaqueB(r: 0, g: 31, b: 0))
        // Row y of every word holds value y for all four pixels.
        let modulation: UInt32 = 0xFFAA_5500
        let image = try Self.decode(
            .pvrtc2_4bpp, width: 8, height: 8, words: Array(repeating: (modulation, colour), count: 4))
        XCTAssertEqual(pixel(image, 5, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 2, 1), [159, 95, 0, 255])
        XCTAssertEqual(pixel(image, 7, 6), [95, 159, 0, 255])
        XCTAssertEqual(pixel(image, 0, 3), [0, 255, 0, 255])
    }

    /// Translucent colours (Op = 0): A's 3-bit alpha 3 pads with 0 to 0110 = 6 → 102; B's 3-bit alpha 3 pads
    /// with 1 to 0111 = 7 → 119 at both rates (PVRTC1 would give 102). Colours: A R4 15 → R5 31 → 255; B B4 15
    /// → 255.
    func testColourBAlphaIsPaddedWithOne() throws {
        let a: UInt32 = 3 << 11 | 15 << 7
        let b: UInt32 = 3 << 12 | 15
        let colour = Self.colour(op: false, a: a, b: b)
        for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
            // 4bpp: rows 0, 1 value 0 (A), rows 2, 3 value 3 (B). 2bpp (M = 0, one bit per pixel): rows 0, 1 bit 0
            // (A), rows 2, 3 bit 1 (B).
            let image = try Self.decode(
                format, width: 16, height: 8,
                words: Array(repeating: (0xFFFF_0000, colour), count: format == .pvrtc2_4bpp ? 8 : 4))
            XCTAssertEqual(pixel(image, 3, 0), [255, 0, 0, 102], "\(format)")
            XCTAssertEqual(pixel(image, 3, 2), [0, 0, 255, 119], "\(format)")
        }
    }

    /// Punch-through (H = 0, M = 1): value 2 is transparent black, not PVRTC1's colour with alpha 0; value 1
    /// weighs 4/8: (255·4/8, 255·4/8) = (127, 127, 0).
    func testPunchThroughIsTransparentBlack() throws {
        let colour = Self.colour(op: true, a: Self.redA, b: Self.opaqueB(r: 0, g: 31, b: 0), m: true)
        let image = try Self.decode(
            .pvrtc2_4bpp, width: 8, height: 8, words: Array(repeating: (0xFFAA_5500, colour), count: 4))
        XCTAssertEqual(pixel(image, 1, 1), [127, 127, 0, 255])
        XCTAssertEqual(pixel(image, 1, 2), [0, 0, 0, 0])
        XCTAssertEqual(pixel(image, 1, 3), [0, 255, 0, 255])
    }

    /// Non-interpolated (H = 1, M = 0) in every region: each pixel takes its own word's colours. Word (0, 0)
    /// is red, the other three of the 2x2 words blue, modulation 0 (colour A): the top-left 4x4 pixels are
    /// pure red and all others pure blue, where the upscale would have blended them.
    func testNonInterpolatedUsesTheOwnWordsColours() throws {
        let red = Self.colour(op: true, a: Self.redA, b: Self.redB, hard: true)
        let blue = Self.colour(op: true, a: Self.blueA, b: Self.blueB, hard: true)
        let image = try Self.decode(
            .pvrtc2_4bpp, width: 8, height: 8, words: [(0, red), (0, blue), (0, blue), (0, blue)])
        for y in 0..<8 {
            for x in 0..<8 {
                XCTAssertEqual(
                    pixel(image, x, y), x < 4 && y < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255], "(\(x), \(y))")
            }
        }
    }

    /// H is the flag of the region's top-left word: only word (0, 0) of 2x2 sets it, so only the region of
    /// pixels 2...5 x 2...5 is non-interpolated. Pixel (4, 4) there lies in word (1, 1) (blue): pure blue.
    /// Pixel (1, 1) lies in word (0, 0) but in the region whose top-left word is (−1, −1) → (1, 1), H = 0:
    /// bilinear with xr = yr = 3, weights 1 (1,1), 3 (0,1), 3 (1,0), 9 (0,0): R = 9·31 = 279 → 279/2 + 279/64
    /// = 143, B = 7·31 = 217 → 108 + 3 = 111. Read from the pixel's own word instead, (1, 1) would be red and
    /// (4, 4) blended.
    func testHardTransitionFlagComesFromTheRegionsTopLeftWord() throws {
        let red = Self.colour(op: true, a: Self.redA, b: Self.redB, hard: true)
        let blue = Self.colour(op: true, a: Self.blueA, b: Self.blueB)
        let image = try Self.decode(
            .pvrtc2_4bpp, width: 8, height: 8, words: [(0, red), (0, blue), (0, blue), (0, blue)])
        XCTAssertEqual(pixel(image, 4, 4), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 2, 2), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 1, 1), [143, 0, 111, 255])
    }

    /// Local palette (H = 1, M = 1 everywhere, 2x2 words): word k (P, Q, R, S = 0...3) has A = (R5 4k+1, 0, 0)
    /// and B = (R5 4k+3, G5 31, 0), so red tells the eight colours apart: A 8, 41, 74, 107 and B 24, 57, 90,
    /// 123 (`r << 3 | r >> 2`). Every pixel of a level carries value v; the region of P = (0, 0) is pixels
    /// (2 + xr, 2 + yr). At (0, 0), v = 1 and 2 blend P's A and B: R (5·8 + 3·24)/8 = 14, G 3·255/8 = 95; R
    /// (3·8 + 5·24)/8 = 18, G 159. The other entries are the specification's table, columns (xr, yr), e.g.
    /// (0, 1) with v = 3 is B of R = (0, 1): red 90 (the table transposed would give B of Q, 57).
    func testLocalPaletteFollowsTheSpecificationsTable() throws {
        let words = (0..<4).map { Self.paletteWord($0, hard: true, m: true) }
        let a: [[UInt8]] = [8, 41, 74, 107].map { [$0, 0, 0, 255] }
        let b: [[UInt8]] = [24, 57, 90, 123].map { [$0, 255, 0, 255] }
        let (p, q, r, s) = (0, 1, 2, 3)
        // expected[v][yr][xr], read off the specification's table.
        let expected: [[[[UInt8]]]] = [
            [
                [a[p], a[p], a[p], a[p]], [a[p], a[p], a[p], a[s]], [a[p], a[p], a[p], a[s]], [a[p], a[p], a[s], a[s]],
            ],
            [
                [[14, 95, 0, 255], b[p], b[p], b[p]], [b[p], b[p], b[p], b[p]], [b[p], b[p], b[s], b[s]],
                [b[p], b[s], b[s], b[s]],
            ],
            [
                [[18, 159, 0, 255], a[q], a[q], a[q]], [a[r], a[q], a[q], a[q]], [a[r], a[r], a[r], a[q]],
                [a[r], a[r], a[r], a[r]],
            ],
            [
                [b[p], b[q], b[q], b[q]], [b[r], b[r], b[q], b[q]], [b[r], b[r], b[q], b[q]], [b[r], b[r], b[r], b[q]],
            ],
        ]
        for v in 0..<4 {
            let modulation = UInt32(v) * 0x5555_5555
            let image = try Self.decode(.pvrtc2_4bpp, width: 8, height: 8, words: words.map { (modulation, $0) })
            for yr in 0..<4 {
                for xr in 0..<4 {
                    XCTAssertEqual(pixel(image, 2 + xr, 2 + yr), expected[v][yr][xr], "v \(v), (\(xr), \(yr))")
                }
            }
        }
    }

    /// A region can mix modes: M comes from each pixel's own word. Words as in the palette test but only
    /// word (1, 1) has M = 1; H = 1 in P = (0, 0). With v = 3: pixel (3, 3) (own word P, M = 0) is
    /// non-interpolated B of P (24, 255, 0); pixel (5, 5) (own word S, M = 1) is the palette's (3, 3) entry
    /// for v = 3, B of Q (57, 255, 0).
    func testModulationFlagComesFromTheOwnWord() throws {
        let words = (0..<4).map { Self.paletteWord($0, hard: $0 == 0, m: $0 == 3) }
        let image = try Self.decode(.pvrtc2_4bpp, width: 8, height: 8, words: words.map { (0xFFFF_FFFF, $0) })
        XCTAssertEqual(pixel(image, 3, 3), [24, 255, 0, 255])
        XCTAssertEqual(pixel(image, 5, 5), [57, 255, 0, 255])
    }

    /// 2bpp standard bilinear with one bit per pixel (H = 0, M = 0): bit 0 → A (red), bit 1 → B (blue).
    /// Modulation 0x0000_00F0: in row 0, pixels 4...7 of each word are B.
    func testTwoBitDirectModulation() throws {
        let colour = Self.colour(op: true, a: Self.redA, b: Self.blueB)
        let image = try Self.decode(
            .pvrtc2_2bpp, width: 16, height: 8, words: Array(repeating: (0xF0, colour), count: 4))
        XCTAssertEqual(pixel(image, 3, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 12, 0), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 12, 1), [255, 0, 0, 255])
    }

    /// 2bpp non-interpolated (H = 1): word (0, 0) of 2x2 red, the others blue, all H = 1: the top-left 8x4
    /// pixels are pure red, the rest pure blue.
    func testTwoBitNonInterpolated() throws {
        let red = Self.colour(op: true, a: Self.redA, b: Self.redB, hard: true)
        let blue = Self.colour(op: true, a: Self.blueA, b: Self.blueB, hard: true)
        let image = try Self.decode(
            .pvrtc2_2bpp, width: 16, height: 8, words: [(0, red), (0, blue), (0, blue), (0, blue)])
        for y in 0..<8 {
            for x in 0..<16 {
                XCTAssertEqual(
                    pixel(image, x, y), x < 8 && y < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255], "(\(x), \(y))")
            }
        }
    }

    /// 2bpp interpolated modulation stays interpolated across words under H = 1 (the specification's NOTE).
    /// All words H = 1, M = 1, A black, B white; words (0, y) store value 3 everywhere (modulation
    /// 0xFFFF_FFFE: bit 0 = 0 selects four-neighbour averaging, pixel (0, 0) duplicates bit 1), words (1, y)
    /// store 0. Pixel (7, 0) is averaged: left (6, 0) 8, right (8, 0) in word (1, 0) 0, up (7, −1) → (7, 7)
    /// in word (0, 1) 8, down (7, 1) 8: (8 + 0 + 8 + 8 + 2)/4 = 6 → 255·6/8 = 191.
    func testTwoBitInterpolatedModulationCrossesWordsUnderHardTransition() throws {
        let colour = Self.colour(op: true, a: 0, b: Self.opaqueB(r: 31, g: 31, b: 31), hard: true, m: true)
        let left = (UInt32(0xFFFF_FFFE), colour)
        let right = (UInt32(0), colour)
        let image = try Self.decode(.pvrtc2_2bpp, width: 16, height: 8, words: [left, right, left, right])
        XCTAssertEqual(pixel(image, 7, 0), [191, 191, 191, 255])
        XCTAssertEqual(pixel(image, 6, 0), [255, 255, 255, 255])
    }

    /// Any size, wrapping at the word grid: a 9x4 level has 3x1 words, red, blue, green (all H = 0,
    /// value 0). Pixel (0, 1) lies between word 2 (wrapped, green) and word 0 (red) with xr = 2: weights 2·4
    /// each, so R = G = 8·31 = 248 → 124 + 3 = 127. Pixel (6, 0), xr = 0 from word 1: pure blue. A 3x3 level is
    /// one word, all four samples that word: pure colour. A 1x1 level likewise.
    func testAnySizeWrapsAtTheWordGrid() throws {
        let red = Self.colour(op: true, a: Self.redA, b: 0)
        let blue = Self.colour(op: true, a: Self.blueA, b: 0)
        let green = Self.colour(op: true, a: Self.opaqueA(r: 0, g: 31, b: 0), b: 0)
        let wide = try Self.decode(.pvrtc2_4bpp, width: 9, height: 4, words: [(0, red), (0, blue), (0, green)])
        XCTAssertEqual(pixel(wide, 0, 1), [127, 127, 0, 255])
        XCTAssertEqual(pixel(wide, 6, 0), [0, 0, 255, 255])
        for (w, h) in [(3, 3), (1, 1)] {
            for format in [PVRTCFormat.pvrtc2_4bpp, .pvrtc2_2bpp] {
                let image = try Self.decode(format, width: w, height: h, words: [(0, green)])
                XCTAssertEqual(image.width, w)
                XCTAssertEqual(pixel(image, w - 1, h - 1), [0, 255, 0, 255], "\(format) \(w)x\(h)")
            }
        }
    }
}
