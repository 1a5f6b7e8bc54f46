import PVRTC

extension HardTransitionSearch {
    /// How many times the mean region error a bilinear region's error must exceed to be tried as a hard one:
    /// the trials cost most of the stage, and the regions that gain are the ones with large errors. Above the
    /// mean in every round, ferris_512 4bpp `best` measured 40.43 dB alpha-weighted RGB and
    /// colobot_factory_1024 `best` took 2.32 times PVRTC1's wall time; above three times the mean in the first
    /// round only, 40.38 dB and 1.38 times PVRTC1's processor time. (How many rounds run trials is the
    /// preset's ``SearchPreset/HardTransitionEffort/trialRounds``.)
    static let trialFactor = 3

    /// Tries every bilinear region whose error is above ``trialFactor`` times the mean region's as a hard one with its four words refitted to it: H set, the words' M
    /// re-chosen, each word's endpoints re-solved by least squares (``HardTransitionRefinement``) and
    /// descended over (one pass) in its ``HardTransitionWindow``, the words' M chosen again; kept where the
    /// pixels the four words reach decode with less error, undone otherwise. This reaches the regions whose
    /// hard reconstruction only pays once their words are fitted to it, which the flag choice with the
    /// bilinear endpoints never picks.
    ///
    /// Regions three apart each way (``BlockColouring`` at a spacing of three) change disjoint words and
    /// judge disjoint pixels, so they are tried in parallel with a result that does not depend on the
    /// thread count.
    static func tryRegions<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, threads: Int) {
        HardTransitionRefinement.resetContinuous(ws, threads: threads)
        let bw = ws.blocksWide
        let regionErrors = UnsafeMutableBufferPointer<Int>.allocate(capacity: bw * ws.blocksHigh)
        defer { regionErrors.deallocate() }
        let errors = UnsafeSendablePointer(regionErrors.baseAddress!)
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for y in rows {
                for x in 0..<bw { errors.pointer[y * bw + x] = regionError(term, ws, x: x, y: y) }
            }
        }
        let threshold = trialFactor * regionErrors.reduce(0, +) / regionErrors.count
        let columnClasses = BlockColouring.classes(ws.blocksWide, spacing: 3)
        for rows in BlockColouring.classes(ws.blocksHigh, spacing: 3) {
            for columns in columnClasses {
                Parallel.forEach(rows.count, threads: threads) { chunk in
                    for row in chunk {
                        for column in columns where errors.pointer[rows[row] * bw + column] > threshold {
                            tryRegion(term, ws, x: column, y: rows[row])
                        }
                    }
                }
            }
        }
    }

    /// The trial of region (x, y) (its top-left word's block coordinates).
    static func tryRegion<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int) {
        let bw = ws.blocksWide
        let region = y * bw + x
        guard !ws.hard[region] else { return }
        let columns = (x, ws.wrapBlockX(x + 1))
        let rows = (y, ws.wrapBlockY(y + 1))
        let words = [
            rows.0 * bw + columns.0, rows.0 * bw + columns.1, rows.1 * bw + columns.0, rows.1 * bw + columns.1,
        ]
        let before = areaError(term, ws, x: x, y: y)
        let saved = words.map { (ws.colorWords[$0], ws.expanded[$0], ws.continuous[$0]) }
        ws.hard[region] = true
        chooseWords(term, ws, words)
        for word in words {
            let (bx, by) = (word % bw, word / bw)
            HardTransitionRefinement.solveBlock(term, ws, bx: bx, by: by)
            refit(term, ws, bx: bx, by: by, passes: 1)
        }
        chooseWords(term, ws, words)
        if areaError(term, ws, x: x, y: y) < before { return }
        ws.hard[region] = false
        for (word, state) in zip(words, saved) {
            (ws.colorWords[word], ws.expanded[word], ws.continuous[word]) = state
        }
    }

    /// Sets the M of each of `words` (4bpp) to whichever decodes its 16 pixels with less error.
    static func chooseWords<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, _ words: [Int]) {
        guard ws.format.modulation == .fourLevel else { return }
        for word in words { _ = chooseWord(term, ws, bx: word % ws.blocksWide, by: word / ws.blocksWide) }
    }

    /// The error of region (x, y)'s own pixels under the current flags.
    static func regionError<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int) -> Int {
        var total = 0
        for yr in 0..<ws.blockHeight {
            let py = wrapped(ws.blockHeight * y + ws.blockHeight / 2 + yr, ws.height)
            for xr in 0..<ws.blockWidth {
                let px = wrapped(ws.blockWidth * x + ws.blockWidth / 2 + xr, ws.width)
                let punch = ws.isPunchThrough(ws.blockIndex(x: px, y: py))
                total += Int(pixel(term, ws, x: px, y: py, hard: isHard(ws, x: px, y: py), punch: punch).error)
            }
        }
        return total
    }

    /// The error of the pixels region (x, y)'s four words reach: `3·blockWidth × 3·blockHeight` pixels from
    /// the top-left word's window corner, wrapped.
    static func areaError<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, x: Int, y: Int) -> Int {
        let left = ws.blockWidth * x - ws.blockWidth / 2
        let top = ws.blockHeight * y - ws.blockHeight / 2
        var total = 0
        for j in 0..<3 * ws.blockHeight {
            let py = wrapped(top + j, ws.height)
            for i in 0..<3 * ws.blockWidth {
                let px = wrapped(left + i, ws.width)
                let punch = ws.isPunchThrough(ws.blockIndex(x: px, y: py))
                total += Int(pixel(term, ws, x: px, y: py, hard: isHard(ws, x: px, y: py), punch: punch).error)
            }
        }
        return total
    }
}
