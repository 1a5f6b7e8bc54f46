/// Reflected Morton ("twiddled") block order used by PVRTC1.
///
/// The bits of the block coordinates are interleaved with **y in the lower bit of each pair** for
/// `log2(min(blocksWide, blocksHigh))` pairs; the remaining high bits of the longer side follow
/// unchanged. Both block counts must be powers of two.
package enum Morton {
    /// The block index of block (x, y) in a `blocksWide` x `blocksHigh` level.
    @inlinable
    package static func offset(x: Int, y: Int, blocksWide: Int, blocksHigh: Int) -> Int {
        let minimum = min(blocksWide, blocksHigh)
        var offset = 0
        var bit = 1
        var shift = 0
        while bit < minimum {
            offset |= (y & bit) << shift
            offset |= (x & bit) << (shift + 1)
            bit <<= 1
            shift += 1
        }
        let high = (blocksWide > blocksHigh ? x : y) / minimum
        return offset | (high * minimum * minimum)
    }

    /// The permutation that maps linear block index `by * blocksWide + bx` to its Morton index.
    package static func table(blocksWide: Int, blocksHigh: Int) -> [Int32] {
        var table = [Int32](repeating: 0, count: blocksWide * blocksHigh)
        for by in 0..<blocksHigh {
            for bx in 0..<blocksWide {
                table[by * blocksWide + bx] = Int32(
                    offset(x: bx, y: by, blocksWide: blocksWide, blocksHigh: blocksHigh))
            }
        }
        return table
    }
}
