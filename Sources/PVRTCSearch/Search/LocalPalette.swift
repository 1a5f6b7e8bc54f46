/// The colours a 4bpp PVRTC2 hard region's local palette draws from: the own colours A and B (8-bit, low and
/// high half) of the region's four words P, Q, R and S, in the order of ``HardTransitionTable``'s colour
/// indices.
struct LocalPalette {
    /// Words P (top left), Q (top right), R (bottom left) and S (bottom right).
    let p: SIMD8<Int32>, q: SIMD8<Int32>, r: SIMD8<Int32>, s: SIMD8<Int32>

    /// Colour `index` (2·word + slot, slot A = 0, B = 1).
    @inline(__always)
    func colour(_ index: UInt8) -> SIMD4<Int32> {
        let word: SIMD8<Int32>
        switch index >> 1 {
        case 0: word = p
        case 1: word = q
        case 2: word = r
        default: word = s
        }
        return index & 1 == 0 ? word.lowHalf : word.highHalf
    }
}
