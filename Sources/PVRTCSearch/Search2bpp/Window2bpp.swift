import PVRTC

/// The 15×7 pixels a 2bpp block's endpoints reach (pixels `8·bx−3 ... 8·bx+11`, rows `4·by−1 ... 4·by+5`,
/// wrapped), with everything needed to re-decode them exactly when only that block's endpoints change and
/// the modulation weights stay as they are.
///
/// The modulation of 2bpp pixels is coupled across blocks (interpolated mode averages neighbouring stored
/// weights), so the endpoint search judges trials with the current weights held fixed and the modulation
/// search (``ModulationSearch2bpp``) re-chooses them afterwards; both lower the same error.
struct Window2bpp {
    /// The 2bpp window's geometry (``BlockWindow/Shape`` of `PVRTCFormat.pvrtc1_2bpp`: 15×7 pixels).
    static let shape = BlockFormat.pvrtc1_2bpp.windowShape
    /// Number of pixels in a window (105).
    static let count = shape.count
    /// The block's bilinear weight (of 32) at window position `i = 15·dy + dx`: (8 − |dx − 7|)·(4 − |dy − 3|).
    static let blockWeights = shape.weights

    /// Virtual pixel index of each window position.
    let pixel: UnsafeMutablePointer<Int>
    /// Index of the block holding each window position's pixel.
    let block: UnsafeMutablePointer<Int>
    /// The 4555 bilinear sum of the other three blocks (weights of 32).
    let partial: UnsafeMutablePointer<SIMD8<Int32>>
    /// The block's own weight (of 32) at each position.
    let own: UnsafeMutablePointer<Int32>
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

    init() {
        pixel = .allocate(capacity: Window2bpp.count)
        block = .allocate(capacity: Window2bpp.count)
        partial = .allocate(capacity: Window2bpp.count)
        own = .allocate(capacity: Window2bpp.count)
        modulation = .allocate(capacity: Window2bpp.count)
        target = .allocate(capacity: Window2bpp.count)
        errorWeights = .allocate(capacity: Window2bpp.count)
        free = .allocate(capacity: Window2bpp.count)
        low = .allocate(capacity: Window2bpp.count)
        high = .allocate(capacity: Window2bpp.count)
        primedTrial = .allocate(capacity: 1)
        primedTrial.initialize(to: nil)
    }

    /// Releases the scratch memory.
    func deallocate() {
        pixel.deallocate()
        block.deallocate()
        partial.deallocate()
        own.deallocate()
        modulation.deallocate()
        target.deallocate()
        errorWeights.deallocate()
        free.deallocate()
        low.deallocate()
        high.deallocate()
        primedTrial.deallocate()
    }

    /// Fills the window of block (bx, by) from the workspace's current endpoints and weights.
    func load(_ ws: Workspace2bpp, bx: Int, by: Int) {
        let mine = ws.expanded[by * ws.blocksWide + bx]
        let wm = ws.width - 1
        let hm = ws.height - 1
        for n in 0..<Window2bpp.count {
            let y = (4 * by - 1 + n / 15) & hm
            let x = (8 * bx - 3 + n % 15) & wm
            let w = Window2bpp.blockWeights[n]
            let p = y * ws.width + x
            pixel[n] = p
            block[n] = ws.blockIndex(x: x, y: y)
            own[n] = w
            partial[n] = ws.interpolated(x: x, y: y) &- mine &* w
            target[n] = ws.source[p]
            errorWeights[n] = ws.errorWeights[p]
        }
        reloadModulation(ws)
    }

    /// Reads the window's modulation weights and direct-mode flags (again), for when only this block's
    /// endpoints, mode and the weights in the window changed since ``load(_:bx:by:)``, which ends with it: the
    /// bilinear sum of the other three blocks, the source and the error weights still hold.
    func reloadModulation(_ ws: Workspace2bpp) {
        for n in 0..<Window2bpp.count {
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
    func error(_ ws: Workspace2bpp, trial: SIMD8<Int32>, below bound: Int = .max) -> Int? {
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
    func prime(_ ws: Workspace2bpp, trial: SIMD8<Int32>) -> Int {
        let luma = ws.lumaWeights
        @inline(__always) func primed(_ d: SIMD4<Int32>, _ n: Int) -> Primed {
            Primed(d: d, error: WithLuma.error(d, weights: errorWeights[n], luma: luma), luma: (d &* luma).wrappedSum())
        }
        var total = 0
        for n in 0..<Window2bpp.count {
            let e = toEightBit2bpp(partial[n] &+ trial &* own[n])
            if free[n] {
                low[n] = primed(e.lowHalf &- target[n], n)
                high[n] = primed(e.highHalf &- target[n], n)
                total += Int(min(low[n].error, high[n].error))
            } else {
                low[n] = primed(blend2bpp(e, modulation[n]) &- target[n], n)
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
        // 8 bits from the 4555 sum: RGB v/128 + v/4, alpha v/32 + v/2 (``toEightBit2bpp``).
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
        for n in 0..<Window2bpp.count {
            let va = partial[n][channel] &+ a &* own[n]
            let vb = partial[n][channel + 4] &+ b &* own[n]
            let ea = (va &>> first) &+ (va &>> second)
            let eb = (vb &>> first) &+ (vb &>> second)
            let target = target[n][channel]
            let weight = Int(errorWeights[n][channel])
            if free[n] {
                total += min(moved(low[n], ea &- target, weight), moved(high[n], eb &- target, weight))
            } else {
                total += moved(low[n], blend2bpp(ea, eb, modulation[n]) &- target, weight)
            }
            if total >= bound { return nil }
        }
        return total
    }

    /// ``error(_:trial:below:)`` with the luma term fixed at compile time.
    @inline(__always)
    func error<Term: LumaTerm>(_ term: Term.Type, luma: SIMD4<Int32>, trial: SIMD8<Int32>, below bound: Int) -> Int? {
        var total = 0
        for n in 0..<Window2bpp.count {
            let e = toEightBit2bpp(partial[n] &+ trial &* own[n])
            if free[n] {
                let e0 = Term.error(e.lowHalf &- target[n], weights: errorWeights[n], luma: luma)
                let e8 = Term.error(e.highHalf &- target[n], weights: errorWeights[n], luma: luma)
                total += Int(min(e0, e8))
            } else {
                let d = blend2bpp(e, modulation[n]) &- target[n]
                total += Int(Term.error(d, weights: errorWeights[n], luma: luma))
            }
            if total >= bound { return nil }
        }
        return total
    }
}
