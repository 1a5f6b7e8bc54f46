import Imaging
import PVRTC

/// The 7×7 pixels a block's endpoints reach (pixels `4·bx−1 ... 4·bx+5`, rows likewise, wrapped), with
/// everything needed to re-decode them exactly when only that block's endpoints change.
///
/// One scratch instance per worker chunk; `load` refills it for a block without allocating.
struct BlockWindow {
    /// The block's bilinear weight (of 16) at window position `i`: (4 − |dx|)·(4 − |dy|).
    static let blockWeights: [Int32] = (0..<49).map { (i: Int) -> Int32 in
        let dx: Int = abs(i % 7 - 3)
        let dy: Int = abs(i / 7 - 3)
        return Int32((4 - dx) * (4 - dy))
    }

    /// Number of pixels in a window.
    static let count = 49

    /// Window positions (`7·dy + dx`) in the order the scratch holds them: the block's heaviest pixels
    /// first, so bounded evaluations (``error(_:below:trial:)``) give up early on bad trials.
    static let order: [Int] = (0..<49).sorted { (p: Int, q: Int) -> Bool in
        blockWeights[p] != blockWeights[q] ? blockWeights[p] > blockWeights[q] : p < q
    }

    /// Virtual pixel index of each window position.
    let pixel: UnsafeMutablePointer<Int>
    /// The 4555 bilinear sum of the *other* three blocks (weights of 16).
    let partial: UnsafeMutablePointer<SIMD8<Int32>>
    /// The block's own weight (of 16) at each position.
    let weight: UnsafeMutablePointer<Int32>
    /// Punch-through mode of the block holding each pixel.
    let punchThrough: UnsafeMutablePointer<Bool>
    /// Source pixel at each position.
    let target: UnsafeMutablePointer<SIMD4<Int32>>
    /// Error weights at each position.
    let errorWeights: UnsafeMutablePointer<SIMD4<Int32>>

    init() {
        pixel = .allocate(capacity: BlockWindow.count)
        partial = .allocate(capacity: BlockWindow.count)
        weight = .allocate(capacity: BlockWindow.count)
        punchThrough = .allocate(capacity: BlockWindow.count)
        target = .allocate(capacity: BlockWindow.count)
        errorWeights = .allocate(capacity: BlockWindow.count)
    }

    /// Releases the scratch memory.
    func deallocate() {
        pixel.deallocate()
        partial.deallocate()
        weight.deallocate()
        punchThrough.deallocate()
        target.deallocate()
        errorWeights.deallocate()
    }

    /// Fills the window of block (bx, by) from the workspace's current quantised endpoints.
    func load(_ ws: EncoderWorkspace, bx: Int, by: Int) {
        let own = ws.expanded[by * ws.blocksWide + bx]
        let wm = ws.width - 1
        let hm = ws.height - 1
        for n in 0..<BlockWindow.count {
            let position = BlockWindow.order[n]
            let y = (4 * by - 1 + position / 7) & hm
            let x = (4 * bx - 1 + position % 7) & wm
            let w = BlockWindow.blockWeights[position]
            pixel[n] = y * ws.width + x
            weight[n] = w
            partial[n] = ws.interpolated(x: x, y: y) &- own &* w
            punchThrough[n] = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
            target[n] = ws.source[y * ws.width + x]
            errorWeights[n] = ws.errorWeights[y * ws.width + x]
        }
    }

    /// The window's error with the block's endpoints replaced by `trial` (4555) and every pixel's
    /// modulation re-chosen; with `commit`, the chosen modulation is written to the workspace.
    @inline(__always)
    func error(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, commit: Bool = false) -> Int {
        ws.hasLuma
            ? error(WithLuma.self, ws, trial: trial, commit: commit)
            : error(WithoutLuma.self, ws, trial: trial, commit: commit)
    }

    /// ``error(_:trial:commit:)`` with the luma term fixed at compile time.
    @inline(__always)
    func error<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, trial: SIMD8<Int32>, commit: Bool) -> Int {
        var total = 0
        for n in 0..<BlockWindow.count {
            let e = toEightBit(partial[n] &+ trial &* weight[n])
            let choice = ModulationSelection.best(
                term, e, target: target[n], weights: errorWeights[n], luma: ws.lumaWeights,
                punchThrough: punchThrough[n])
            total += Int(choice.error)
            if commit { ws.modulation[pixel[n]] = choice.bits }
        }
        return total
    }

    /// Whether `trial` gives the window an error below `bound`; if so, the error. Stops as soon as the
    /// running sum reaches `bound` (errors are non-negative), so rejected trials cost less.
    @inline(__always)
    func error(_ ws: EncoderWorkspace, below bound: Int, trial: SIMD8<Int32>) -> Int? {
        ws.hasLuma
            ? error(WithLuma.self, ws, below: bound, trial: trial)
            : error(WithoutLuma.self, ws, below: bound, trial: trial)
    }

    /// ``error(_:below:trial:)`` with the luma term fixed at compile time.
    @inline(__always)
    func error<Term: LumaTerm>(_ term: Term.Type, _ ws: EncoderWorkspace, below bound: Int, trial: SIMD8<Int32>)
        -> Int?
    {
        let luma = ws.lumaWeights
        var total = 0
        for n in 0..<BlockWindow.count {
            let e = toEightBit(partial[n] &+ trial &* weight[n])
            total += Int(
                ModulationSelection.best(
                    term, e, target: target[n], weights: errorWeights[n], luma: luma,
                    punchThrough: punchThrough[n]
                ).error)
            if total >= bound { return nil }
        }
        return total
    }
}

extension EncoderWorkspace {
    /// Runs `body(bx, by)` for every block in four phases of the 2×2 colouring (bx mod 2, by mod 2).
    /// Blocks of one colour are two apart, so their windows are disjoint and they run in parallel;
    /// each worker chunk gets its own ``BlockWindow`` scratch.
    func forEachColoured(threads: Int, _ body: @Sendable (BlockWindow, Int, Int) -> Void) {
        let bw = blocksWide
        for phase in 0..<4 {
            let cx = phase & 1
            let cy = phase >> 1
            Parallel.forEach(blocksHigh / 2, threads: threads) { rows in
                let window = BlockWindow()
                for row in rows {
                    let by = 2 * row + cy
                    for bx in stride(from: cx, to: bw, by: 2) {
                        body(window, bx, by)
                    }
                }
                window.deallocate()
            }
        }
    }
}
