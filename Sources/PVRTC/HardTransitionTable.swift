/// The local palette of a PVRTC2 4bpp hard-transition region (H = 1) whose pixel lies in a word with M = 1.
///
/// The region is the 4x4 pixels between the centres of four words: P = (X, Y) at the top left,
/// Q = (X+1, Y), R = (X, Y+1), S = (X+1, Y+1), where pixel (x, y) has X = ⌊(x−2)/4⌋, Y = ⌊(y−2)/4⌋ and
/// offset (xr, yr) = (x−2−4X, y−2−4Y) in the region. The pixel takes the colour that the specification's
/// table ("Color mappings in local palette mode for PVRTC2 4bpp", columns (xr, yr)) gives for its
/// modulation value, one of the region's eight colours (A and B of P, Q, R, S, each expanded to 8 bits by
/// bit replication); at offset (0, 0) the values 1 and 2 are P's A and B blended 5:3 and 3:5. (With M = 0
/// the pixel is non-interpolated instead: its own word's colours, blended as usual.) ``pairs`` covers both
/// cases for a pair of pixels, so that the decoder handles every pixel of a hard region alike. The encoder
/// reads ``entries`` (package) to judge local palette pixels against the same table.
package enum HardTransitionTable {
    /// One pixel's choice: colour indices `first` and `second` (2·word + slot, words P, Q, R, S = 0...3,
    /// slot A = 0, B = 1) and the weight of `second` in eighths.
    package struct Entry: Sendable {
        package let first: UInt8
        package let second: UInt8
        package let weight: Int16
    }

    /// The entry of modulation value `bits` at region offset (`xr`, `yr`).
    @inline(__always)
    package static func index(xr: Int, yr: Int, bits: Int) -> Int { yr << 4 | xr << 2 | bits }

    /// The local palette's colours by row `yr`, then modulation value, then column `xr`, as
    /// slot letter then word letter, "BQ" for colour B of Q (the specification's table read row by row).
    static let palette: [[[String]]] = [
        [["AP", "AP", "AP", "AP"], ["", "BP", "BP", "BP"], ["", "AQ", "AQ", "AQ"], ["BP", "BQ", "BQ", "BQ"]],
        [["AP", "AP", "AP", "AS"], ["BP", "BP", "BP", "BP"], ["AR", "AQ", "AQ", "AQ"], ["BR", "BR", "BQ", "BQ"]],
        [["AP", "AP", "AP", "AS"], ["BP", "BP", "BS", "BS"], ["AR", "AR", "AR", "AQ"], ["BR", "BR", "BQ", "BQ"]],
        [["AP", "AP", "AS", "AS"], ["BP", "BS", "BS", "BS"], ["AR", "AR", "AR", "AR"], ["BR", "BR", "BR", "BQ"]],
    ]

    /// Every entry, 64 of them, by ``index(xr:yr:bits:)``.
    package static let entries: [Entry] = (0..<64).map { index in
        let bits = index & 3
        let name = Array(palette[index >> 4][bits][(index >> 2) & 3])
        let slots: [Character: Int] = ["A": 0, "B": 1]
        let words: [Character: Int] = ["P": 0, "Q": 1, "R": 2, "S": 3]
        guard name.count == 2, let slot = slots[name[0]], let word = words[name[1]] else {
            // Offset (0, 0), values 1 and 2: P's A and B blended with the standard weights 3 and 5.
            return Entry(first: 0, second: 1, weight: Int16(PVRTCDecoder.weight(bits, punchThrough: false)))
        }
        return Entry(first: UInt8(2 * word + slot), second: UInt8(2 * word + slot), weight: 0)
    }

    /// A pair of horizontally adjacent pixels of one row of a hard region, at xr = 0, 1 or 2, 3, each pixel
    /// a blend of colours A and B of one of the region's words: the words (P, Q, R, S = 0...3) and B's
    /// weight in eighths (lanes 0–3 for the first pixel, 4–7 for the second). A palette colour on its own
    /// is A with weight 0 or B with weight 8.
    struct Pair: Sendable {
        let weight: SIMD8<Int16>
        let words: (UInt8, UInt8)
    }

    /// The pair at xr = 0, 1 (or 2, 3 when `second`) of row `yr` with the modulation table index
    /// `modulationIndex` (``ModulationTable``: `16·M + bits`, M of the pixels' word, the first pixel's
    /// modulation value in bits 0–1 and the second's in 2–3).
    @inline(__always)
    static func pairIndex(second: Bool, yr: Int, modulationIndex: Int) -> Int {
        (second ? 128 : 0) | yr << 5 | modulationIndex
    }

    /// Every pair, 256 of them, by ``pairIndex(second:yr:modulationIndex:)``. With M = 1 each pixel takes its
    /// ``entries`` choice; with M = 0 it blends colours A and B of its own word (P, Q, R or S by the
    /// region's quarter) with the standard weights.
    static let pairs: [Pair] = (0..<256).map { index in
        let second = index >= 128
        let yr = (index >> 5) & 3
        let bits = index & 15
        guard index & 16 != 0 else {
            let word = UInt8((yr >= 2 ? 2 : 0) + (second ? 1 : 0))
            let w0 = Int16(PVRTCDecoder.weight(bits & 3, punchThrough: false))
            let w1 = Int16(PVRTCDecoder.weight(bits >> 2, punchThrough: false))
            return Pair(
                weight: SIMD8(lowHalf: SIMD4(repeating: w0), highHalf: SIMD4(repeating: w1)), words: (word, word))
        }
        /// An entry's word and weight: both its colours are of one word (P's A and B at offset (0, 0)).
        func pixel(_ entry: Entry) -> (word: UInt8, weight: Int16) {
            (entry.first >> 1, entry.first == entry.second ? 8 * Int16(entry.first & 1) : entry.weight)
        }
        let xr = second ? 2 : 0
        let first = pixel(entries[HardTransitionTable.index(xr: xr, yr: yr, bits: bits & 3)])
        let next = pixel(entries[HardTransitionTable.index(xr: xr + 1, yr: yr, bits: bits >> 2)])
        return Pair(
            weight: SIMD8(lowHalf: SIMD4(repeating: first.weight), highHalf: SIMD4(repeating: next.weight)),
            words: (first.word, next.word))
    }
}
