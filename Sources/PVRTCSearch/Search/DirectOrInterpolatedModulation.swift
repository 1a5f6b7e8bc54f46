import PVRTC

/// The modulation choice of ``BlockFormat/Modulation/directOrInterpolated`` (PVRTC1 2bpp): per block, the mode
/// (direct, or interpolated with one of the three averaging rules) and the weights it stores, chosen against
/// the exact decoder with the neighbouring blocks' current stored weights and modes. The search works on
/// ``EncoderWorkspace/weight`` and ``EncoderWorkspace/mode``; ``storeCodes(_:threads:)`` turns them into the
/// codes the modulation words store.
///
/// For a candidate mode the block's 16 checkerboard ("stored") pixels start at their individually best
/// allowed weight and then go through coordinate descent: each stored pixel tries every allowed weight,
/// judged on itself and the averaged pixels next to it, in this block (its own rule) and in the adjacent
/// blocks (their rules), which is the whole effect of that weight on the decode. Allowed weights are 0 and 8
/// in the direct mode (whose other 16 pixels choose 0 or 8 freely); {0, 3, 5, 8} in the interpolated
/// modes, except stored pixel (0, 0), whose low bit is the rule flag, and in the one-direction rules
/// stored pixel (4, 2), whose low bit picks the direction (0 or 8 only). A candidate replaces the block's
/// current modulation only if it lowers the error of every pixel it affects, so the total never rises.
/// Blocks run in the 2×2 colouring; afterwards every averaged pixel is recomputed from the final stored
/// weights (``refreshAveraged(_:threads:)``).
enum DirectOrInterpolatedModulation {
    /// Local grid around a block: pixels `lx` in −2...9, `ly` in −2...5 (12 × 8), holding weights.
    static let gridWidth = 12
    /// Error-table region: `lx` in −1...8, `ly` in −1...4 (10 × 6), nine errors (weights 0...8) per pixel.
    static let tableWidth = 10

    /// Grid index of local pixel (lx, ly).
    @inline(__always)
    static func g(_ lx: Int, _ ly: Int) -> Int { (ly + 2) * gridWidth + lx + 2 }

    /// Error-table index of local pixel (lx, ly) (times 9 for its first entry).
    @inline(__always)
    static func t(_ lx: Int, _ ly: Int) -> Int { ((ly + 1) * tableWidth + lx + 1) * 9 }

    /// An averaged pixel at local (lx, ly) and which block's rule it follows (`owner`: 0 this block, 1...4 the
    /// left, right, upper, lower one), with its grid index (``g(_:_:)``) and first error-table entry
    /// (``t(_:_:)``) worked out once.
    struct Averaged {
        let lx: Int, ly: Int, owner: Int
        let grid: Int, table: Int

        init(lx: Int, ly: Int, owner: Int) {
            (self.lx, self.ly, self.owner) = (lx, ly, owner)
            (grid, table) = (g(lx, ly), t(lx, ly))
        }
    }

    /// A stored pixel of the block and the averaged pixels around it, with its grid index and first
    /// error-table entry.
    struct Stored {
        let lx: Int, ly: Int
        let neighbours: [Averaged]
        let grid: Int, table: Int

        init(lx: Int, ly: Int, neighbours: [Averaged]) {
            (self.lx, self.ly, self.neighbours) = (lx, ly, neighbours)
            (grid, table) = (g(lx, ly), t(lx, ly))
        }
    }

    /// Owner of local pixel (lx, ly) next to the block (or the block itself).
    static func owner(_ lx: Int, _ ly: Int) -> Int {
        if lx < 0 { return 1 }
        if lx > 7 { return 2 }
        if ly < 0 { return 3 }
        if ly > 3 { return 4 }
        return 0
    }

    /// The 16 stored pixels in raster order (the order of their bit pairs in the modulation word).
    static let stored: [Stored] = (0..<4).flatMap { ly in
        stride(from: ly & 1, to: 8, by: 2).map { lx in
            Stored(
                lx: lx, ly: ly,
                neighbours: [(lx - 1, ly), (lx + 1, ly), (lx, ly - 1), (lx, ly + 1)].map {
                    Averaged(lx: $0.0, ly: $0.1, owner: owner($0.0, $0.1))
                })
        }
    }

    /// The block's own 16 averaged pixels.
    static let ownAveraged: [Averaged] = (0..<4).flatMap { ly in
        stride(from: 1 - (ly & 1), to: 8, by: 2).map { Averaged(lx: $0, ly: ly, owner: 0) }
    }

    /// The 12 averaged pixels of the adjacent blocks that read one of this block's stored pixels.
    static let ring: [Averaged] =
        [0, 2].map { Averaged(lx: -1, ly: $0, owner: 1) } + [1, 3].map { Averaged(lx: 8, ly: $0, owner: 2) }
        + [0, 2, 4, 6].map { Averaged(lx: $0, ly: -1, owner: 3) }
        + [1, 3, 5, 7].map { Averaged(lx: $0, ly: 4, owner: 4) }

    /// The averaged weight of the pixel at grid index `i` under `rule` (1 both, 2 horizontal, 3 vertical).
    @inline(__always)
    static func average(_ grid: UnsafeMutablePointer<Int32>, at i: Int, rule: Int) -> Int32 {
        average(
            left: grid[i - 1], right: grid[i + 1], up: grid[i - gridWidth], down: grid[i + gridWidth], rule: rule)
    }

    /// The weight an averaging rule gives a pixel from the stored weights beside it (reference A.9): rule 1
    /// both directions `(l + r + u + d + 2) / 4`, 2 horizontal `(l + r + 1) / 2`, 3 vertical `(u + d + 1) / 2`.
    @inline(__always)
    static func average(left: Int32, right: Int32, up: Int32, down: Int32, rule: Int) -> Int32 {
        switch rule {
        case 1: return (left + right + up + down + 2) >> 2
        case 2: return (left + right + 1) >> 1
        default: return (up + down + 1) >> 1
        }
    }

    /// Scratch memory of one worker: the weight grid, the error table and a copy of the best grid.
    struct Scratch {
        let grid = UnsafeMutablePointer<Int32>.allocate(capacity: 96)
        let best = UnsafeMutablePointer<Int32>.allocate(capacity: 96)
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 60 * 9)

        /// Releases the scratch memory.
        func deallocate() {
            grid.deallocate()
            best.deallocate()
            table.deallocate()
        }
    }

    /// Re-chooses the modulation of every block, then refreshes the averaged pixels.
    /// - Parameter passes: coordinate-descent passes over the stored pixels of each candidate mode.
    static func selectAll(_ ws: EncoderWorkspace, passes: Int, threads: Int) {
        ws.forEachColoured(
            threads: threads, scratch: { Scratch() }, release: { $0.deallocate() },
            body: { scratch, bx, by in selectBlock(ws, scratch: scratch, bx: bx, by: by, passes: passes) })
        refreshAveraged(ws, threads: threads)
    }

    /// Chooses mode and weights of block (bx, by).
    static func selectBlock(_ ws: EncoderWorkspace, scratch: Scratch, bx: Int, by: Int, passes: Int) {
        let k = by * ws.blocksWide + bx
        let grid = scratch.grid
        let table = scratch.table
        let gridWidth = ws.width
        let gridHeight = ws.height
        for ly in -2...5 {
            let y = wrapped(4 * by + ly, gridHeight)
            for lx in -2...9 {
                grid[g(lx, ly)] = Int32(ws.weight[y * ws.width + wrapped(8 * bx + lx, gridWidth)])
            }
        }
        fillTable(ws, table: table, bx: bx, by: by)
        // This block's rule and its left, right, upper and lower neighbours' (lanes 0...4).
        let rules = SIMD8<Int>(
            Int(ws.mode[k]),
            Int(ws.mode[ws.wrapBlockY(by) * ws.blocksWide + ws.wrapBlockX(bx - 1)]),
            Int(ws.mode[ws.wrapBlockY(by) * ws.blocksWide + ws.wrapBlockX(bx + 1)]),
            Int(ws.mode[ws.wrapBlockY(by - 1) * ws.blocksWide + ws.wrapBlockX(bx)]),
            Int(ws.mode[ws.wrapBlockY(by + 1) * ws.blocksWide + ws.wrapBlockX(bx)]),
            0, 0, 0)
        /// The error of the pixel whose first table entry is `entry`, at weight `w`.
        @inline(__always) func cost(_ entry: Int, _ w: Int32) -> Int { Int(table[entry &+ Int(w)]) }
        /// Error of an averaged pixel under its owner's rule (`own` for this block); 0 for direct owners.
        @inline(__always) func averagedCost(_ q: Averaged, own: Int) -> Int {
            let rule = q.owner == 0 ? own : rules[q.owner]
            return rule == 0 ? 0 : cost(q.table, average(grid, at: q.grid, rule: rule))
        }
        /// Total error of every pixel the block's modulation affects, for the grid as it stands.
        func total(rule: Int, freeDirect: Bool) -> Int {
            var sum = 0
            for s in stored { sum &+= cost(s.table, grid[s.grid]) }
            for q in ownAveraged {
                if rule == 0 {
                    sum &+= freeDirect ? min(cost(q.table, 0), cost(q.table, 8)) : cost(q.table, grid[q.grid])
                } else {
                    sum &+= cost(q.table, average(grid, at: q.grid, rule: rule))
                }
            }
            for q in ring { sum &+= averagedCost(q, own: rule) }
            return sum
        }
        let incumbentRule = rules[0]
        var bestError = total(rule: incumbentRule, freeDirect: false)
        var bestRule = -1
        let full: [Int32] = [0, 3, 5, 8]
        let binary: [Int32] = [0, 8]
        for rule in 0...3 {
            @inline(__always) func allowed(_ index: Int) -> [Int32] {
                rule == 0 || index == 0 || (index == 10 && rule != 1) ? binary : full
            }
            for (index, s) in stored.enumerated() {
                var choice: Int32 = 0
                var lowest = Int.max
                for w in allowed(index) where cost(s.table, w) < lowest {
                    lowest = cost(s.table, w)
                    choice = w
                }
                grid[s.grid] = choice
            }
            for _ in 0..<passes {
                var changed = false
                for (index, s) in stored.enumerated() {
                    let i = s.grid
                    let current = grid[i]
                    var choice = current
                    var lowest = Int.max
                    for w in allowed(index) {
                        grid[i] = w
                        var e = cost(s.table, w)
                        for q in s.neighbours { e &+= averagedCost(q, own: rule) }
                        if e < lowest {
                            lowest = e
                            choice = w
                        }
                    }
                    grid[i] = choice
                    if choice != current { changed = true }
                }
                if !changed { break }
            }
            let e = total(rule: rule, freeDirect: true)
            if e < bestError {
                bestError = e
                bestRule = rule
                for s in stored { scratch.best[s.grid] = grid[s.grid] }
            }
            // Restore the incumbent's stored weights for the next candidate's comparisons.
            for s in stored {
                grid[s.grid] = Int32(ws.weight[wrapped(4 * by + s.ly, gridHeight) * ws.width + 8 * bx + s.lx])
            }
        }
        guard bestRule >= 0 else { return }
        ws.mode[k] = UInt8(bestRule)
        for s in stored {
            let v = scratch.best[s.grid]
            grid[s.grid] = v
            ws.weight[(4 * by + s.ly) * ws.width + 8 * bx + s.lx] = UInt8(v)
        }
        for q in ownAveraged {
            let v: Int32
            if bestRule == 0 {
                v = cost(q.table, 8) < cost(q.table, 0) ? 8 : 0
            } else {
                v = average(grid, at: q.grid, rule: bestRule)
            }
            ws.weight[(4 * by + q.ly) * ws.width + 8 * bx + q.lx] = UInt8(v)
        }
    }

    /// Modulation weights 0...7, one per lane.
    static let weightLanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)

    /// The error of every pixel of the 10 × 6 region around block (bx, by) for each weight 0...8, with
    /// the current quantised endpoints.
    static func fillTable(_ ws: EncoderWorkspace, table: UnsafeMutablePointer<Int32>, bx: Int, by: Int) {
        ws.hasLuma
            ? fillTable(WithLuma.self, ws, table: table, bx: bx, by: by)
            : fillTable(WithoutLuma.self, ws, table: table, bx: bx, by: by)
    }

    /// ``fillTable(_:table:bx:by:)`` with the luma term fixed at compile time.
    @inline(__always)
    static func fillTable<Term: LumaTerm>(
        _ term: Term.Type, _ ws: EncoderWorkspace, table: UnsafeMutablePointer<Int32>, bx: Int, by: Int
    ) {
        let gridWidth = ws.width
        let gridHeight = ws.height
        let luma = ws.lumaWeights
        for ly in -1...4 {
            let y = wrapped(4 * by + ly, gridHeight)
            for lx in -1...8 {
                let x = wrapped(8 * bx + lx, gridWidth)
                let p = y * ws.width + x
                let e = toEightBit32(ws.interpolated(x: x, y: y))
                let target = ws.source[p]
                let weights = ws.errorWeights[p]
                let base = t(lx, ly)
                let a = e.lowHalf
                let step = e.highHalf &- a
                // Weights 0...7 in the lanes of one vector per channel, then weight 8 (the B endpoint).
                @inline(__always) func channel(_ c: Int) -> SIMD8<Int32> {
                    ((SIMD8(repeating: a[c] &* 8) &+ Self.weightLanes &* step[c]) &>> 3) &- target[c]
                }
                let errors = Term.errors(
                    r: channel(0), g: channel(1), b: channel(2), a: channel(3), weights: weights, luma: luma)
                UnsafeMutableRawPointer(table + base).storeBytes(of: errors, as: SIMD8<Int32>.self)
                table[base + 8] = Term.error(e.highHalf &- target, weights: weights, luma: luma)
            }
        }
    }

    /// Recomputes the averaged pixels of every interpolated block from the stored weights around them.
    static func refreshAveraged(_ ws: EncoderWorkspace, threads: Int) {
        let width = ws.width
        let height = ws.height
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            let plane = ws.weight
            for by in rows {
                for bx in 0..<ws.blocksWide {
                    let rule = Int(ws.mode[by * ws.blocksWide + bx])
                    guard rule != 0 else { continue }
                    for r in 0..<4 {
                        let y = 4 * by + r
                        let up = (y == 0 ? height - 1 : y - 1) * width
                        let down = (y + 1 == height ? 0 : y + 1) * width
                        let here = y * width
                        for x in stride(from: 8 * bx + 1 - (r & 1), to: 8 * bx + 8, by: 2) {
                            let left = Int32(plane[here + (x == 0 ? width - 1 : x - 1)])
                            let right = Int32(plane[here + (x + 1 == width ? 0 : x + 1)])
                            let u = Int32(plane[up + x])
                            let d = Int32(plane[down + x])
                            plane[here + x] = UInt8(average(left: left, right: right, up: u, down: d, rule: rule))
                        }
                    }
                }
            }
        }
    }

    /// Writes every block's chosen modulation as the codes its modulation word stores
    /// (``EncoderWorkspace/modulation``, the colour word's bit 0 set for interpolated blocks), for
    /// ``BlockPacking``: a direct block's pixels get 2 (bit set) where their weight is at least 4, else 0; an
    /// interpolated block's stored pixels the two-bit code of their weight (0, 3, 5, 8), with the rule flags in
    /// the low bit of stored pixel 0 (set for the one-direction rules) and, for those, of stored pixel 10, (4, 2)
    /// (set for vertical), whose pixels only ever hold weight 0 or 8.
    static func storeCodes(_ ws: EncoderWorkspace, threads: Int) {
        let bw = ws.blocksWide
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<bw {
                    let k = by * bw + bx
                    let rule = Int(ws.mode[k])
                    if rule == 0 {
                        for ly in 0..<4 {
                            let row = (4 * by + ly) * ws.width + 8 * bx
                            for lx in 0..<8 { ws.modulation[row + lx] = ws.weight[row + lx] >= 4 ? 2 : 0 }
                        }
                        continue
                    }
                    ws.colorWords[k] |= 1
                    for (j, s) in stored.enumerated() {
                        let p = (4 * by + s.ly) * ws.width + 8 * bx + s.lx
                        let w = ws.weight[p]
                        var code: UInt8 = w >= 8 ? 3 : (w >= 5 ? 2 : (w >= 3 ? 1 : 0))
                        if j == 0 { code = (code & 2) | (rule == 1 ? 0 : 1) }
                        if j == 10 && rule != 1 { code = (code & 2) | (rule == 3 ? 1 : 0) }
                        ws.modulation[p] = code
                    }
                }
            }
        }
    }
}
