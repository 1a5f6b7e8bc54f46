/// Modulation weights and punch-through masks for every pixel pair of a 4bpp block row.
enum ModulationTable {
    /// One pixel pair: the weight in eighths of each pixel (lanes 0–3 and 4–7) and the lane mask that
    /// punch-through applies to it.
    struct Entry: Sendable {
        let weight: SIMD8<Int16>
        let mask: SIMD8<Int16>
    }

    /// PVRTC1's table: a punch-through pixel keeps its colour and gets alpha 0.
    static let entries: [Entry] = table(punchedMask: SIMD4(-1, -1, -1, 0))

    /// PVRTC2's table: a punch-through pixel is transparent black.
    static let pvrtc2Entries: [Entry] = table(punchedMask: .zero)

    /// The 32 entries, indexed by `16·M + bits`, where `bits` holds the first pixel's two modulation bits in
    /// bits 0–1 and the second pixel's in bits 2–3; a punch-through pixel (M = 1, value 2) gets `punchedMask`.
    private static func table(punchedMask: SIMD4<Int16>) -> [Entry] {
        (0..<32).map { index in
            let punchThrough = index >= 16
            let first = index & 3
            let second = (index >> 2) & 3
            let w0 = Int16(PVRTCDecoder.weight(first, punchThrough: punchThrough))
            let w1 = Int16(PVRTCDecoder.weight(second, punchThrough: punchThrough))
            let keep = SIMD4<Int16>(repeating: -1)
            return Entry(
                weight: SIMD8(w0, w0, w0, w0, w1, w1, w1, w1),
                mask: SIMD8(
                    lowHalf: punchThrough && first == 2 ? punchedMask : keep,
                    highHalf: punchThrough && second == 2 ? punchedMask : keep))
        }
    }
}
