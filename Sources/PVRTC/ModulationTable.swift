/// Modulation weights and punch-through alpha masks for every pixel pair of a block row.
enum ModulationTable {
    /// One pixel pair: the weight in eighths of each pixel (lanes 0–3 and 4–7) and the lane mask that zeroes
    /// the alpha of punch-through pixels.
    struct Entry: Sendable {
        let weight: SIMD8<Int16>
        let mask: SIMD8<Int16>
    }

    /// Indexed by `16·M + bits`, where `bits` holds the first pixel's two modulation bits in bits 0–1 and
    /// the second pixel's in bits 2–3.
    static let entries: [Entry] = (0..<32).map { index in
        let punchThrough = index >= 16
        let first = index & 3
        let second = (index >> 2) & 3
        let w0 = Int16(PVRTCDecoder.weight(first, punchThrough: punchThrough))
        let w1 = Int16(PVRTCDecoder.weight(second, punchThrough: punchThrough))
        let alpha0: Int16 = punchThrough && first == 2 ? 0 : -1
        let alpha1: Int16 = punchThrough && second == 2 ? 0 : -1
        return Entry(
            weight: SIMD8(w0, w0, w0, w0, w1, w1, w1, w1),
            mask: SIMD8(-1, -1, -1, alpha0, -1, -1, -1, alpha1))
    }
}
