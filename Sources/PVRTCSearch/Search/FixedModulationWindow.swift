import PVRTC

/// The pixels a block's endpoints reach (``BlockFormat/windowShape``: 15×7 for 8×4 blocks, pixels
/// `8·bx−3 ... 8·bx+11`, rows `4·by−1 ... 4·by+5`, wrapped), with everything needed to re-decode them exactly
/// when only that block's endpoints change and the modulation weights stay as they are.
///
/// This is the code search's window for ``BlockFormat/Modulation/directOrInterpolated``, whose modulation is
/// coupled across blocks (interpolated blocks average neighbouring stored weights): trials are judged with the
/// current weights held fixed, and the modulation search (``DirectOrInterpolatedModulation``) re-chooses them
/// afterwards; both lower the same error. (``BlockWindow`` re-chooses a four-level pixel's modulation for
/// every trial instead.)
struct FixedModulationWindow {
    /// The window's geometry.
    let shape: WindowShape
    /// Number of pixels in a window (`shape.count`, 105 for 8×4 blocks).
    let count: Int

    /// Virtual pixel index of each window position.
    let pixel: UnsafeMutablePointer<Int>
    /// Index of the block holding each window position's pixel.
    let block: UnsafeMutablePointer<Int>
    /// The 4555 bilinear sum of the other three blocks (weights of 32).
    let partial: UnsafeMutablePointer<SIMD8<Int32>>
    /// The block's own bilinear weight (of 32) at each position.
    let weight: UnsafeMutablePointer<Int32>
    /// Modulation weight (eighths) of each pixel.
    let modulation: UnsafeMutablePointer<Int32>
    /// Source pixel at each position.
    let target: UnsafeMutablePointer<SIMD4<Int32>>
    /// Error weights at each position.
    let errorWeights: UnsafeMutablePointer<SIMD4<Int32>>
    /// Whether the pixel belongs to a direct-mode block, whose pixels choose weight 0 or 8 each on their own.
    let free: UnsafeMutablePointer<Bool>
    /// Per pixel, for the trial given to ``prime(_:trial:)``: the decoded difference (direct-mode pixels: with
    /// weight 0), its error and its luma difference (`luma · d`).
    let low: UnsafeMutablePointer<Primed>
    /// Per pixel, for direct-mode pixels: the same with weight 8.
    let high: UnsafeMutablePointer<Primed>
    /// The primed trial, or `nil` when the window was loaded since.
    let primedTrial: UnsafeMutablePointer<SIMD8<Int32>?>

    /// One pixel's decoded difference under the primed trial, with its error and luma difference.
    struct Primed {
        var d: SIMD4<Int32>
        var error: Int32
        var luma: Int32
    }

    /// Allocates scratch for windows of `shape`.
    init(shape: WindowShape) {
        self.shape = shape
        count = shape.count
        pixel = .allocate(capacity: count)
        block = .allocate(capacity: count)
        partial = .allocate(capacity: count)
        weight = .allocate(capacity: count)
        modulation = .allocate(capacity: count)
        target = .allocate(capacity: count)
        errorWeights = .allocate(capacity: count)
        free = .allocate(capacity: count)
        low = .allocate(capacity: count)
        high = .allocate(capacity: count)
        primedTrial = .allocate(capacity: 1)
        primedTrial.initialize(to: nil)
    }

    /// Releases the scratch memory.
    func deallocate() {
        pixel.deallocate()
        block.deallocate()
        partial.deallocate()
        weight.deallocate()
        modulation.deallocate()
        target.deallocate()
        errorWeights.deallocate()
        free.deallocate()
        low.deallocate()
        high.deallocate()
        primedTrial.deallocate()
    }

    /// Fills the window of block (bx, by) from the workspace's current endpoints and weights.
    func load(_ ws: EncoderWorkspace, bx: Int, by: Int) {
        let mine = ws.expanded[by * ws.blocksWide + bx]
        let gridWidth = ws.width
        let gridHeight = ws.height
        let left = ws.windowLeft(bx)
        let top = ws.windowTop(by)
        var n = 0
        shape.weights.withUnsafeBufferPointer { weights in
            for j in 0..<shape.rows {
                let y = wrapped(top + j, gridHeight)
                for i in 0..<shape.columns {
                    let x = wrapped(left + i, gridWidth)
                    let w = ws.windowWeight(weights[n], block: by * ws.blocksWide + bx, x: x, y: y)
                    let p = y * ws.width + x
                    pixel[n] = p
                    block[n] = ws.blockIndex(x: x, y: y)
                    weight[n] = w
                    partial[n] = ws.interpolated(x: x, y: y) &- mine &* w
                    target[n] = ws.source[p]
                    errorWeights[n] = ws.errorWeights[p]
                    n += 1
                }
            }
        }
        reloadModulation(ws)
    }

    /// Reads the window's modulation weights and direct-mode flags (again), for when only this block's
    /// endpoints, mode and the weights in the window changed since ``load(_:bx:by:)``, which ends with it: the
    /// bilinear sum of the other three blocks, the source and the error weights still hold.
    func reloadModulation(_ ws: EncoderWorkspace) {
        for n in 0..<count {
            modulation[n] = Int32(ws.weight[pixel[n]])
            free[n] = ws.mode[block[n]] == 0
        }
        primedTrial.pointee = nil
    }

    /// The window's error with the block's endpoints replaced by `trial` (4555), or `nil` once it reaches
    /// `bound`. Pixels of direct-mode blocks count with whichever of weight 0 and 8 fits the trial better:
    /// each of them is chosen on its own (nothing averages them in their block), so that is exactly what the
    /// next modulation search can give them. A trial that differs from the primed one (``prime(_:trial:)``) in
    /// one channel only is judged from the primed pixels, changing that channel alone: the same integers, so
    /// the same answer.
    @inline(__always)
    func error(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, below bound: Int = .max) -> Int? {
        if let primed = primedTrial.pointee, let channel = Self.onlyChangedChannel(trial, primed) {
            return error(changing: channel, luma: ws.lumaWeights, trial: trial, below: bound)
        }
        return ws.hasLuma
            ? error(WithLuma.self, luma: ws.lumaWeights, trial: trial, below: bound)
            : error(WithoutLuma.self, luma: ws.lumaWeights, trial: trial, below: bound)
    }

    /// The one channel (0...3) in which `trial` differs from `primed`, in A, B or both; `nil` when none or
    /// several do.
    @inline(__always)
    static func onlyChangedChannel(_ trial: SIMD8<Int32>, _ primed: SIMD8<Int32>) -> Int? {
        let changed = trial .!= primed
        var channels = 0
        for lane in 0..<8 where changed[lane] { channels |= 1 << (lane & 3) }
        return channels != 0 && channels & (channels - 1) == 0 ? channels.trailingZeroBitCount : nil
    }

    /// Records every pixel's decoded difference, error and luma difference under `trial`, for the trials
    /// that change one channel of it, and returns the window's error under it (as ``error(_:trial:below:)``).
    func prime(_ ws: EncoderWorkspace, trial: SIMD8<Int32>) -> Int {
        let luma = ws.lumaWeights
        @inline(__always) func primed(_ d: SIMD4<Int32>, _ n: Int) -> Primed {
            Primed(d: d, error: WithLuma.error(d, weights: errorWeights[n], luma: luma), luma: (d &* luma).wrappedSum())
        }
        var total = 0
        for n in 0..<count {
            let e = toEightBit32(partial[n] &+ trial &* weight[n])
            if free[n] {
                low[n] = primed(e.lowHalf &- target[n], n)
                high[n] = primed(e.highHalf &- target[n], n)
                total += Int(min(low[n].error, high[n].error))
            } else {
                low[n] = primed(blend(e, modulation[n]) &- target[n], n)
                total += Int(low[n].error)
            }
        }
        primedTrial.pointee = trial
        return total
    }

    /// ``error(_:trial:below:)`` for a trial that differs from the primed one in `channel` only: per pixel,
    /// the channel's new difference `d′` replaces the primed `d`, so the error moves by `w·(d′² − d²)` and the
    /// luma term by `(y + l·(d′ − d))² − y²` (`y` the primed luma difference, `l` the channel's luma weight).
    @inline(__always)
    func error(changing channel: Int, luma: SIMD4<Int32>, trial: SIMD8<Int32>, below bound: Int) -> Int? {
        // 8 bits from the 4555 sum: RGB v/128 + v/4, alpha v/32 + v/2 (``toEightBit32(_:)``).
        let (first, second) = channel == 3 ? (5 as Int32, 1 as Int32) : (7, 2)
        let a = trial[channel]
        let b = trial[channel + 4]
        let l = Int(luma[channel])
        @inline(__always) func moved(_ p: Primed, _ d: Int32, _ weight: Int) -> Int {
            let old = Int(p.d[channel])
            let new = Int(d)
            let y = Int(p.luma)
            let shifted = y + l * (new - old)
            return Int(p.error) + weight * (new * new - old * old) + shifted * shifted - y * y
        }
        var total = 0
        for n in 0..<count {
            let va = partial[n][channel] &+ a &* weight[n]
            let vb = partial[n][channel + 4] &+ b &* weight[n]
            let ea = (va &>> first) &+ (va &>> second)
            let eb = (vb &>> first) &+ (vb &>> second)
            let target = target[n][channel]
            let weight = Int(errorWeights[n][channel])
            if free[n] {
                total += min(moved(low[n], ea &- target, weight), moved(high[n], eb &- target, weight))
            } else {
                total += moved(low[n], blend(ea, eb, modulation[n]) &- target, weight)
            }
            if total >= bound { return nil }
        }
        return total
    }

    /// ``error(_:trial:below:)`` with the luma term fixed at compile time.
    @inline(__always)
    func error<Term: LumaTerm>(_ term: Term.Type, luma: SIMD4<Int32>, trial: SIMD8<Int32>, below bound: Int) -> Int? {
        var total = 0
        for n in 0..<count {
            let e = toEightBit32(partial[n] &+ trial &* weight[n])
            if free[n] {
                let e0 = Term.error(e.lowHalf &- target[n], weights: errorWeights[n], luma: luma)
                let e8 = Term.error(e.highHalf &- target[n], weights: errorWeights[n], luma: luma)
                total += Int(min(e0, e8))
            } else {
                let d = blend(e, modulation[n]) &- target[n]
                total += Int(Term.error(d, weights: errorWeights[n], luma: luma))
            }
            if total >= bound { return nil }
        }
        return total
    }
}

extension FixedModulationWindow: CodeSearchWindow {
    /// 105 pixels of squared 8-bit differences times the error weights may pass `Int32`.
    typealias ErrorSum = Int64

    /// 8 bits from a sum of weights of 32: RGB `v/128 + v/4`, alpha `v/32 + v/2` (``toEightBit32(_:)``).
    static var eightBitShifts: (first: SIMD4<Int32>, second: SIMD4<Int32>) {
        (SIMD4(7, 7, 7, 5), SIMD4(2, 2, 2, 1))
    }

    /// ``error(_:trial:below:)``, kept out of line: inlined into the descent's loop it costs registers there.
    @inline(never)
    func trialError(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, below bound: Int) -> Int? {
        error(ws, trial: trial, below: bound)
    }

    /// Primes the window with `trial` (``prime(_:trial:)``), so that trials one channel away are judged
    /// from its pixels.
    func settle(_ ws: EncoderWorkspace, trial: SIMD8<Int32>, error: Int) -> Int {
        prime(ws, trial: trial)
    }

    /// Nothing to write: the weights stay as they are until the modulation search re-chooses them.
    func commit(_ ws: EncoderWorkspace, trial: SIMD8<Int32>) {}

    /// The pixel's current weight; alpha is never zeroed.
    @inline(__always)
    func heldModulation(_ ws: EncoderWorkspace, at n: Int) -> (weight: Int32, zeroAlpha: Bool) {
        (modulation[n], false)
    }
}
