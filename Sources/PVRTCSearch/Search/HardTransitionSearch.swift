import PVRTC

/// The PVRTC2 stage after the bilinear search: per hard-transition region the choice between the bilinear
/// upscale (H = 0) and hard reconstruction from each pixel's own word (H = 1), at 4bpp also per word the
/// modulation flag M (punch-through in bilinear regions, the local palette instead of the own word's colours
/// in hard ones), iterated while the coupled choices settle, in the first rounds trials of high-error regions as
/// hard ones with their words refitted (``tryRegions(_:_:threads:)``), then a least-squares refinement of the
/// endpoints of every block that a hard region uses (``HardTransitionRefinement``) and a coordinate descent over their
/// codes, all judged with the exact PVRTC2 decode of every pixel
/// (``pixel(_:_:x:y:hard:punch:)``: at 4bpp with each pixel's modulation value the best for its mode, at
/// 2bpp with the direct or interpolated weights the modulation search chose, which H does not change).
///
/// A region is the block-sized rectangle between the centres of four words. A pixel's decode depends only on
/// its region's H, its own word's M and the endpoints of the region's four words, so with the endpoints
/// fixed each region's H is chosen on its own pixels and each word's M on its own: both exact, every pass
/// only lowers the error. Regions and words are chosen row by row in
/// parallel, endpoints in the 2×2 colouring (``EncoderWorkspace/forEachColoured(threads:scratch:release:body:)``),
/// so the result does not depend on the thread count.
enum HardTransitionSearch {
    /// Runs the rounds of `effort`: flag settling (``SearchPreset/HardTransitionEffort/flagPasses``), in the
    /// first ``SearchPreset/HardTransitionEffort/trialRounds`` the region trials, endpoint refinement and
    /// descent; then settles the flags once more and stores every pixel's modulation value.
    static func run(_ ws: EncoderWorkspace, effort: SearchPreset.HardTransitionEffort, threads: Int) {
        if ws.hasLuma {
            run(WithLuma.self, ws, effort: effort, threads: threads)
        } else {
            run(WithoutLuma.self, ws, effort: effort, threads: threads)
        }
    }

    /// ``run(_:effort:threads:)`` with the luma term fixed at compile time.
    private static func run<Term: LumaTerm>(
        _ term: Term.Type, _ ws: EncoderWorkspace, effort: SearchPreset.HardTransitionEffort, threads: Int
    ) {
        for round in 0..<effort.rounds {
            settleFlags(term, ws, passes: effort.flagPasses, threads: threads)
            if round < effort.trialRounds { tryRegions(term, ws, threads: threads) }
            HardTransitionRefinement.refine(term, ws, threads: threads)
            polish(term, ws, passes: effort.descentPasses, threads: threads)
        }
        settleFlags(term, ws, passes: effort.flagPasses, threads: threads)
        storeCodes(term, ws, threads: threads)
    }

    /// Chooses every region's H and (at 4bpp) every word's M in turn until neither changes, at most `passes`
    /// times (at 2bpp, whose words have no M, the regions' H once). At 4bpp every pixel is decoded once under
    /// each flag pair (``HardTransitionFlagErrors``) and the passes choose from those sums.
    static func settleFlags<Term: LumaTerm>(
        _ term: Term.Type, _ ws: EncoderWorkspace, passes: Int, threads: Int
    ) {
        guard ws.format.modulation == .fourLevel else {
            _ = chooseRegions(term, ws, threads: threads)
            return
        }
        let errors = HardTransitionFlagErrors(term, ws, threads: threads)
        for _ in 0..<passes {
            let regions = errors.chooseRegions(ws, threads: threads)
            let words = errors.chooseWords(ws, threads: threads)
            if regions == 0 && words == 0 { break }
        }
    }

    /// Sets each region's H to whichever decodes its pixels with less error; returns how many changed.
    static func chooseRegions<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, threads: Int) -> Int {
        let bw = ws.blocksWide
        let (blockWidth, blockHeight) = (ws.blockWidth, ws.blockHeight)
        return countChanges(rows: ws.blocksHigh, threads: threads) { regionY in
            var changed = 0
            for regionX in 0..<bw {
                var errors = (soft: 0, hard: 0)
                for yr in 0..<blockHeight {
                    let y = wrapped(blockHeight * regionY + blockHeight / 2 + yr, ws.height)
                    for xr in 0..<blockWidth {
                        let x = wrapped(blockWidth * regionX + blockWidth / 2 + xr, ws.width)
                        let punch = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
                        errors.soft += Int(pixel(term, ws, x: x, y: y, hard: false, punch: punch).error)
                        errors.hard += Int(pixel(term, ws, x: x, y: y, hard: true, punch: punch).error)
                    }
                }
                let k = regionY * bw + regionX
                let hard = errors.hard < errors.soft
                if hard != ws.hard[k] { changed += 1 }
                ws.hard[k] = hard
            }
            return changed
        }
    }

    /// Sets 4bpp word (bx, by)'s M to whichever decodes its 16 pixels with less error; returns whether it
    /// changed.
    @inline(__always)
    static func chooseWord<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, bx: Int, by: Int) -> Bool {
        var errors = (standard: 0, punch: 0)
        for j in 0..<4 {
            let y = 4 * by + j
            for i in 0..<4 {
                let x = 4 * bx + i
                let hard = isHard(ws, x: x, y: y)
                errors.standard += Int(pixel(term, ws, x: x, y: y, hard: hard, punch: false).error)
                errors.punch += Int(pixel(term, ws, x: x, y: y, hard: hard, punch: true).error)
            }
        }
        let k = by * ws.blocksWide + bx
        let punch = errors.punch < errors.standard
        defer { ws.setPunchThrough(k, punch) }
        return punch != ws.isPunchThrough(k)
    }

    /// Whether block (bx, by) is a word (P, Q, R or S) of some hard region.
    @inline(__always)
    static func usesHardRegion(_ ws: EncoderWorkspace, bx: Int, by: Int) -> Bool {
        let bw = ws.blocksWide
        let left = ws.wrapBlockX(bx - 1)
        let up = ws.wrapBlockY(by - 1) * bw
        return ws.hard[by * bw + bx] || ws.hard[by * bw + left] || ws.hard[up + bx] || ws.hard[up + left]
    }

    /// For every block a hard region uses: the nearest codes to its refined continuous endpoints if they beat
    /// its current ones, then a coordinate descent over its codes, judged in its ``HardTransitionWindow``
    /// with the flags fixed.
    static func polish<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, passes: Int, threads: Int) {
        ws.forEachColoured(
            threads: threads, scratch: {}, release: { _ in },
            body: { _, bx, by in
                guard usesHardRegion(ws, bx: bx, by: by) else { return }
                refit(term, ws, bx: bx, by: by, passes: passes)
            })
    }

    /// Block (bx, by)'s endpoints: the nearest codes to its continuous endpoints if they beat its current
    /// ones, then `passes` of coordinate descent over its codes, judged in its ``HardTransitionWindow`` with
    /// the flags fixed.
    static func refit<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, bx: Int, by: Int, passes: Int) {
        let k = by * ws.blocksWide + bx
        let window = HardTransitionWindow<Term>(bx: bx, by: by, block: k)
        let incumbent = PVRTCBlock(modulation: 0, color: ws.colorWords[k])
        var (a, b) = (incumbent.colorA, incumbent.colorB)
        var error = window.error(ws, below: .max) ?? .max
        let refined = EndpointQuantization.nearestPair(ws, ws.continuous[k])
        if let e = window.trialError(ws, trial: ws.widen(refined.0, refined.1), below: error) {
            (a, b, error) = (refined.0, refined.1, e)
        }
        EndpointQuantization.descend(ws, window: window, a: &a, b: &b, error: &error, passes: passes)
        ws.setEndpoints(k, a, b, punchThrough: ws.isPunchThrough(k))
    }

    /// Word `index` (P, Q, R, S = 0...3: bit 0 the column, bit 1 the row) of the region virtual pixel (x, y)
    /// lies in.
    @inline(__always)
    static func regionWord(_ ws: EncoderWorkspace, x: Int, y: Int, _ index: UInt8) -> Int {
        let regionX = (x - ws.blockWidth / 2) >> ws.blockWidthShift
        let regionY = (y - ws.blockHeight / 2) >> ws.blockHeightShift
        return ws.wrapBlockY(regionY + Int(index >> 1)) * ws.blocksWide + ws.wrapBlockX(regionX + Int(index & 1))
    }

    /// Writes every 4bpp pixel's best modulation value under the final flags to
    /// ``EncoderWorkspace/modulation`` (2bpp's stored codes are the modulation search's, which H leaves as
    /// they are).
    static func storeCodes<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, threads: Int) {
        guard ws.format.modulation == .fourLevel else { return }
        Parallel.forEach(ws.height, threads: threads) { rows in
            for y in rows {
                for x in 0..<ws.width {
                    let punch = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
                    ws.modulation[y * ws.width + x] =
                        pixel(term, ws, x: x, y: y, hard: isHard(ws, x: x, y: y), punch: punch).bits
                }
            }
        }
    }

    /// Runs `body` on every row in `0..<rows` in parallel and sums what it returns.
    static func countChanges(rows: Int, threads: Int, _ body: @Sendable (Int) -> Int) -> Int {
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: rows)
        defer { counts.deallocate() }
        let target = UnsafeSendablePointer(counts.baseAddress!)
        Parallel.forEach(rows, threads: threads) { chunk in
            for row in chunk { target.pointer[row] = body(row) }
        }
        return counts.reduce(0, +)
    }

    /// The H of the region virtual pixel (x, y) lies in: the flag of the region's top-left word
    /// ((x − blockWidth/2) / blockWidth, (y − 2) / 4), rounded down and wrapped.
    @inline(__always)
    static func isHard(_ ws: EncoderWorkspace, x: Int, y: Int) -> Bool {
        let regionX = (x - ws.blockWidth / 2) >> ws.blockWidthShift
        let regionY = (y - ws.blockHeight / 2) >> ws.blockHeightShift
        return ws.hard[ws.wrapBlockY(regionY) * ws.blocksWide + ws.wrapBlockX(regionX)]
    }

    /// The 8-bit colours A (low half) and B (high half) of block `k`'s endpoints on their own, as hard regions
    /// read them (bit replication: the bilinear conversion with all the weight on one word).
    @inline(__always)
    static func ownColours(_ ws: EncoderWorkspace, _ k: Int) -> SIMD8<Int32> {
        ws.blockWidth == 4 ? toEightBit(ws.expanded[k] &* 16) : toEightBit32(ws.expanded[k] &* 32)
    }

    /// The modelled decode of virtual pixel (x, y) by the format's modulation: ``fourLevelPixel(_:_:x:y:hard:punch:)``,
    /// or at 2bpp the pixel's held weight (``EncoderWorkspace/weight``) on the bilinear colours (H = 0) or
    /// its own word's (H = 1), `bits` then 0.
    @inline(__always)
    static func pixel<Term: LumaTerm>(
        _ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int, hard: Bool, punch: Bool
    ) -> (bits: UInt8, error: Int32) {
        if ws.format.modulation == .fourLevel {
            return fourLevelPixel(term, ws, x: x, y: y, hard: hard, punch: punch)
        }
        let p = y * ws.width + x
        let colours =
            hard ? ownColours(ws, ws.blockIndex(x: x, y: y)) : toEightBit32(ws.interpolated(x: x, y: y))
        let value = blend(colours, Int32(ws.weight[p]))
        return (0, Term.error(value &- ws.source[p], weights: ws.errorWeights[p], luma: ws.lumaWeights))
    }

    /// The best modulation value of 4bpp virtual pixel (x, y) and its weighted error, in a region with H = `hard`
    /// and a word with M = `punch`: the bilinear colours with the standard or punch-through weights
    /// (value 2 transparent black) for H = 0; for H = 1 the own word's colours with the standard weights
    /// (M = 0) or the local palette of ``HardTransitionTable`` (M = 1).
    @inline(__always)
    static func fourLevelPixel<Term: LumaTerm>(
        _ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int, hard: Bool, punch: Bool
    ) -> (bits: UInt8, error: Int32) {
        let p = y * ws.width + x
        let target = ws.source[p]
        let weights = ws.errorWeights[p]
        let luma = ws.lumaWeights
        guard hard else {
            return FourLevelModulation.best(
                term, toEightBit(ws.interpolated(x: x, y: y)), target: target, weights: weights, luma: luma,
                punchThrough: punch, punchedBlack: true)
        }
        guard punch else {
            return FourLevelModulation.best(
                term, ownColours(ws, ws.blockIndex(x: x, y: y)), target: target, weights: weights, luma: luma,
                punchThrough: false, punchedBlack: true)
        }
        return localPalettePixel(
            term, localPalette(ws, x: x, y: y), xr: (x - 2) & 3, yr: (y - 2) & 3, target: target, weights: weights,
            luma: luma)
    }

    /// The local palette of the region virtual pixel (x, y) lies in (4bpp).
    @inline(__always)
    static func localPalette(_ ws: EncoderWorkspace, x: Int, y: Int) -> LocalPalette {
        LocalPalette(
            p: ownColours(ws, regionWord(ws, x: x, y: y, 0)), q: ownColours(ws, regionWord(ws, x: x, y: y, 1)),
            r: ownColours(ws, regionWord(ws, x: x, y: y, 2)), s: ownColours(ws, regionWord(ws, x: x, y: y, 3)))
    }

    /// The best of the four ``HardTransitionTable`` values of the pixel at (`xr`, `yr`) from its region's
    /// top-left centre, drawn from `palette`, and its weighted error.
    @inline(__always)
    static func localPalettePixel<Term: LumaTerm>(
        _ term: Term.Type, _ palette: LocalPalette, xr: Int, yr: Int, target: SIMD4<Int32>, weights: SIMD4<Int32>,
        luma: SIMD4<Int32>
    ) -> (bits: UInt8, error: Int32) {
        var best: (bits: UInt8, error: Int32) = (0, .max)
        for bits in 0..<4 {
            let entry = HardTransitionTable.entries[HardTransitionTable.index(xr: xr, yr: yr, bits: bits)]
            let w = Int32(entry.weight)
            let value = (palette.colour(entry.first) &* (8 &- w) &+ palette.colour(entry.second) &* w) &>> 3
            let error = Term.error(value &- target, weights: weights, luma: luma)
            if error < best.error { best = (UInt8(bits), error) }
        }
        return best
    }
}
