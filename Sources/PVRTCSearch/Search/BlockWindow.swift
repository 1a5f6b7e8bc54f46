import Imaging
import PVRTC

/// The pixels a block's endpoints reach, with everything needed to re-decode them exactly when only that
/// block's endpoints change, each pixel's four-level modulation re-chosen for every trial: the code search's
/// window for ``BlockFormat/Modulation/fourLevel`` (4×4 blocks: the 7×7 pixels `4·bx−1 ... 4·bx+5`, rows
/// likewise, wrapped; ``WindowShape``).
///
/// One scratch instance per worker chunk; `load` refills it for a block without allocating.
struct BlockWindow {
    /// The window's geometry.
    let shape: WindowShape
    /// Number of pixels in the window (`shape.count`).
    let count: Int

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

    /// Allocates scratch for windows of `shape`.
    init(shape: WindowShape) {
        self.shape = shape
        count = shape.count
        pixel = .allocate(capacity: count)
        partial = .allocate(capacity: count)
        weight = .allocate(capacity: count)
        punchThrough = .allocate(capacity: count)
        target = .allocate(capacity: count)
        errorWeights = .allocate(capacity: count)
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
        let gridWidth = ws.width
        let gridHeight = ws.height
        let left = ws.windowLeft(bx)
        let top = ws.windowTop(by)
        let columns = shape.columns
        for n in 0..<count {
            let position = shape.order[n]
            let y = wrapped(top + position / columns, gridHeight)
            let x = wrapped(left + position % columns, gridWidth)
            let w = ws.windowWeight(shape.weights[position], block: by * ws.blocksWide + bx, x: x, y: y)
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
        for n in 0..<count {
            let e = toEightBit(partial[n] &+ trial &* weight[n])
            let choice = FourLevelModulation.best(
                term, e, target: target[n], weights: errorWeights[n], luma: ws.lumaWeights,
                punchThrough: punchThrough[n], punchedBlack: ws.format.punchesToBlack)
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
        for n in 0..<count {
            let e = toEightBit(partial[n] &+ trial &* weight[n])
            total += Int(
                FourLevelModulation.best(
                    term, e, target: target[n], weights: errorWeights[n], luma: luma,
                    punchThrough: punchThrough[n], punchedBlack: ws.format.punchesToBlack
                ).error)
            if total >= bound { return nil }
        }
        return total
    }
}

extension EncoderWorkspace {
    /// Runs `body(window, bx, by)` for every block in the four phases of the 2×2 colouring
    /// (``forEachColoured(threads:scratch:release:body:)``), each worker chunk with its own ``BlockWindow`` scratch.
    func forEachColoured(threads: Int, _ body: @Sendable (BlockWindow, Int, Int) -> Void) {
        let shape = windowShape
        forEachColoured(
            threads: threads, scratch: { BlockWindow(shape: shape) }, release: { $0.deallocate() }, body: body)
    }
}

extension BlockWindow: CodeSearchWindow {
    /// 49 pixels of squared 8-bit differences times weights of at most 510 stay within `Int32`.
    typealias ErrorSum = Int32

    /// 8 bits from a sum of weights of 16: RGB `C/2 + C/64`, alpha `C + C/16` (``toEightBit(_:)``).
    static var eightBitShifts: (first: SIMD4<Int32>, second: SIMD4<Int32>) {
        (SIMD4(1, 1, 1, 0), SIMD4(6, 6, 6, 4))
    }

    /// ``error(_:below:trial:)``.
    @inline(__always)
    func trialError(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, below bound: Int) -> Int? {
        error(ws, below: bound, trial: trial)
    }

    /// `error` as it is: every trial is judged afresh, with modulation re-chosen.
    @inline(__always)
    func settle(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, error: Int) -> Int { error }

    /// Writes the window's modulation, re-chosen for `trial`.
    func commit(_ ws: EncoderWorkspace, trial: SIMD8<Int32>) {
        _ = error(ws, trial: trial, commit: true)
    }

    /// The decoder's weight of the pixel's current code in its block's mode; punch-through's code 2 zeroes alpha.
    @inline(__always)
    func heldModulation(_ ws: EncoderWorkspace, at n: Int) -> (weight: Int32, zeroAlpha: Bool) {
        let bits = Int(ws.modulation[pixel[n]])
        let punch = punchThrough[n]
        return (Int32(PVRTCDecoder.weight(bits, punchThrough: punch)), punch && bits == 2)
    }
}
