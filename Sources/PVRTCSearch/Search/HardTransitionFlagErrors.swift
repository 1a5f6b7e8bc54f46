import PVRTC

/// The weighted error of every quarter-block of a 4bpp PVRTC2 level under each of the four combinations of
/// its region's H and its word's M, with the endpoints fixed: what ``HardTransitionSearch/settleFlags(_:_:passes:threads:)``
/// needs to choose the flags pass after pass without decoding a pixel again.
///
/// A quarter-block (half a block each way) is where one word and one region overlap: its pixels decode from
/// that region's H, that word's M and the endpoints of the region's four words. A region's error under H
/// is the sum over its four quarters with their words' M; a word's error under M the sum over its four
/// quarters with their regions' H. The sums are the same integers the per-pixel passes add, so the
/// choices, ties included, are theirs.
struct HardTransitionFlagErrors: ~Copyable {
    /// Per block `k`, per quarter `q` (bit 0 the right half, bit 1 the bottom half), per flag pair
    /// `2·H + M`: entry `16k + 4q + 2H + M`.
    private let errors: UnsafeSendablePointer<Int>

    /// Decodes every pixel of `ws` under the four flag pairs and sums each quarter-block's errors.
    init<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, threads: Int) {
        let errors = UnsafeMutableBufferPointer<Int>.allocate(capacity: 16 * ws.blocksWide * ws.blocksHigh)
        let table = UnsafeSendablePointer(errors.baseAddress!)
        let (halfWidth, halfHeight) = (ws.blockWidth / 2, ws.blockHeight / 2)
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<ws.blocksWide {
                    let base = 16 * (by * ws.blocksWide + bx)
                    let own = HardTransitionSearch.ownColours(ws, by * ws.blocksWide + bx)
                    for q in 0..<4 {
                        var sums = SIMD4<Int>()
                        let left = ws.blockWidth * bx + halfWidth * (q & 1)
                        let top = ws.blockHeight * by + halfHeight * (q >> 1)
                        let palette = HardTransitionSearch.localPalette(ws, x: left, y: top)
                        for y in top..<top + halfHeight {
                            for x in left..<left + halfWidth {
                                sums &+= SIMD4<Int>(
                                    truncatingIfNeeded: Self.pixelErrors(term, ws, x: x, y: y, own, palette))
                            }
                        }
                        for flags in 0..<4 { table.pointer[base + 4 * q + flags] = sums[flags] }
                    }
                }
            }
        }
        self.errors = table
    }

    /// Virtual pixel (x, y)'s errors under the flag pairs `2·H + M`, as
    /// ``HardTransitionSearch/fourLevelPixel(_:_:x:y:hard:punch:)`` decodes it, given its word's own colours
    /// and its region's local palette.
    @inline(__always)
    private static func pixelErrors<Term: LumaTerm>(
        _ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int, _ own: SIMD8<Int32>, _ palette: LocalPalette
    ) -> SIMD4<Int32> {
        let p = y * ws.width + x
        let target = ws.source[p]
        let weights = ws.errorWeights[p]
        let luma = ws.lumaWeights
        let bilinear = toEightBit(ws.interpolated(x: x, y: y))
        return SIMD4(
            FourLevelModulation.best(
                term, bilinear, target: target, weights: weights, luma: luma, punchThrough: false, punchedBlack: true
            ).error,
            FourLevelModulation.best(
                term, bilinear, target: target, weights: weights, luma: luma, punchThrough: true, punchedBlack: true
            ).error,
            FourLevelModulation.best(
                term, own, target: target, weights: weights, luma: luma, punchThrough: false, punchedBlack: true
            ).error,
            HardTransitionSearch.localPalettePixel(
                term, palette, xr: (x - 2) & 3, yr: (y - 2) & 3, target: target, weights: weights, luma: luma
            ).error)
    }

    deinit { errors.pointer.deallocate() }

    /// Sets each region's H to whichever gives its pixels less error with the words' current M; returns how
    /// many changed (the choice of ``HardTransitionSearch/chooseRegions(_:_:threads:)``).
    func chooseRegions(_ ws: EncoderWorkspace, threads: Int) -> Int {
        choose(
            ws, threads: threads, setOffset: 2,
            entry: { regionX, regionY, q in
                // The region's quarter q is the opposite quarter of its word (regionX + (q & 1), regionY + (q >> 1)).
                let word = ws.wrapBlockY(regionY + (q >> 1)) * ws.blocksWide + ws.wrapBlockX(regionX + (q & 1))
                return 16 * word + 4 * (3 - q) + (ws.isPunchThrough(word) ? 1 : 0)
            },
            isSet: { ws.hard[$0] }, set: { ws.hard[$0] = $1 })
    }

    /// Sets each word's M to whichever gives its pixels less error with the regions' current H; returns how
    /// many changed (the choice of ``HardTransitionSearch/chooseWord(_:_:bx:by:)``).
    func chooseWords(_ ws: EncoderWorkspace, threads: Int) -> Int {
        choose(
            ws, threads: threads, setOffset: 1,
            entry: { bx, by, q in
                // Quarter q lies in region (bx − 1 + (q & 1), by − 1 + (q >> 1)).
                let region = ws.wrapBlockY(by - 1 + (q >> 1)) * ws.blocksWide + ws.wrapBlockX(bx - 1 + (q & 1))
                return 16 * (by * ws.blocksWide + bx) + 4 * q + (ws.hard[region] ? 2 : 0)
            },
            isSet: { ws.isPunchThrough($0) }, set: { ws.setPunchThrough($0, $1) })
    }

    /// Sets one flag per block (a region's H or a word's M), rows in parallel, to whichever of its two errors
    /// is lower: the sum over its quarters q of entry `entry(bx, by, q)` (the flag clear) against the same
    /// entries `setOffset` further on (the flag set); returns how many changed.
    private func choose(
        _ ws: EncoderWorkspace, threads: Int, setOffset: Int, entry: @Sendable (Int, Int, Int) -> Int,
        isSet: @Sendable (Int) -> Bool, set: @Sendable (Int, Bool) -> Void
    ) -> Int {
        let errors = self.errors
        return HardTransitionSearch.countChanges(rows: ws.blocksHigh, threads: threads) { by in
            var changed = 0
            for bx in 0..<ws.blocksWide {
                var clear = 0
                var flagged = 0
                for q in 0..<4 {
                    let e = entry(bx, by, q)
                    clear += errors.pointer[e]
                    flagged += errors.pointer[e + setOffset]
                }
                let k = by * ws.blocksWide + bx
                let choice = flagged < clear
                if choice != isSet(k) { changed += 1 }
                set(k, choice)
            }
            return changed
        }
    }
}
