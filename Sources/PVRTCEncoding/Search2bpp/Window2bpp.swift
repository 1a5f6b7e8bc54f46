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
    static let shape = BlockWindow.Shape.of(.pvrtc1_2bpp)
    /// Number of pixels in a window (105).
    static let count = shape.count
    /// The block's bilinear weight (of 32) at window position `i = 15·dy + dx`: (8 − |dx − 7|)·(4 − |dy − 3|).
    static let blockWeights = shape.weights

    /// Virtual pixel index of each window position.
    let pixel: UnsafeMutablePointer<Int>
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

    init() {
        pixel = .allocate(capacity: Window2bpp.count)
        partial = .allocate(capacity: Window2bpp.count)
        own = .allocate(capacity: Window2bpp.count)
        modulation = .allocate(capacity: Window2bpp.count)
        target = .allocate(capacity: Window2bpp.count)
        errorWeights = .allocate(capacity: Window2bpp.count)
        free = .allocate(capacity: Window2bpp.count)
    }

    /// Releases the scratch memory.
    func deallocate() {
        pixel.deallocate()
        partial.deallocate()
        own.deallocate()
        modulation.deallocate()
        target.deallocate()
        errorWeights.deallocate()
        free.deallocate()
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
            own[n] = w
            partial[n] = ws.interpolated(x: x, y: y) &- mine &* w
            modulation[n] = Int32(ws.weight[p])
            target[n] = ws.source[p]
            errorWeights[n] = ws.errorWeights[p]
            free[n] = ws.mode[ws.blockIndex(x: x, y: y)] == 0
        }
    }

    /// The window's error with the block's endpoints replaced by `trial` (4555), or `nil` once it reaches
    /// `bound`. Pixels of direct-mode blocks count with whichever of weight 0 and 8 fits the trial better:
    /// each of them is chosen on its own (nothing averages them in their block), so that is exactly what the
    /// next modulation search can give them.
    @inline(__always)
    func error(_ ws: Workspace2bpp, trial: SIMD8<Int32>, below bound: Int = .max) -> Int? {
        ws.hasLuma
            ? error(WithLuma.self, luma: ws.lumaWeights, trial: trial, below: bound)
            : error(WithoutLuma.self, luma: ws.lumaWeights, trial: trial, below: bound)
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
