import PVRTC

extension WorstBlockRecovery {
    /// The worst-block recovery of ``BlockFormat/Modulation/directOrInterpolated`` (PVRTC1 2bpp): blocks whose own
    /// error stays far above the image's median get a wider search than the least-squares path offers, with the
    /// block's modulation re-chosen for every candidate.
    ///
    /// Candidates: the darker and the lighter weighted cluster of the block's 15×7 window as A and B, the block's
    /// own pair with more and less contrast, its least-squares pair, and the endpoints of its eight neighbours
    /// (copied whole, or one endpoint kept in its slot and paired with the window cluster farther from it; in
    /// images with alpha also the pairs in the other order). Each is rounded to stored codes, the block's mode,
    /// averaging rule and stored weights are chosen for it
    /// (``DirectOrInterpolatedModulation/selectBlock(_:scratch:bx:by:passes:)``), the neighbours' averaged pixels next to
    /// the block follow, and the whole window is decoded exactly. The best candidate replaces the incumbent only
    /// if it lowers the window error, so the total never rises. Blocks run in the 2×2 colouring (what one block
    /// reads and writes never overlaps another block of its colour), so the result does not depend on the thread
    /// count.
    enum DirectOrInterpolated {
        /// Revisits the blocks whose own error exceeds `medianFactor` × the median block error (and a floor of
        /// 16 weighted units per pixel), then refreshes every averaged pixel.
        /// - Returns: the number of blocks whose endpoints changed.
        @discardableResult
        static func recover(_ ws: EncoderWorkspace, medianFactor: Int, passes: Int, threads: Int) -> Int {
            WorstBlockRecovery.withBlockBuffers(ws) { errors, changed in
                recover(ws, medianFactor: medianFactor, passes: passes, threads: threads, errors, changed)
            }
        }

        /// ``recover(_:medianFactor:passes:threads:)`` with its per-block buffers.
        private static func recover(
            _ ws: EncoderWorkspace, medianFactor: Int, passes: Int, threads: Int,
            _ errors: UnsafeMutableBufferPointer<Int>, _ changed: UnsafeMutableBufferPointer<Bool>
        ) -> Int {
            let errorTarget = UnsafeSendablePointer(errors.baseAddress!)
            Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
                for by in rows {
                    for bx in 0..<ws.blocksWide {
                        errorTarget.pointer[by * ws.blocksWide + bx] = blockError(ws, bx: bx, by: by)
                    }
                }
            }
            let threshold = max(medianFactor * WorstBlockRecovery.median(errors), 32 * 16)
            let changes = UnsafeSendablePointer(changed.baseAddress!)
            let shape = ws.windowShape
            ws.forEachColoured(
                threads: threads,
                scratch: { (FixedModulationWindow(shape: shape), DirectOrInterpolatedModulation.Scratch()) },
                release: {
                    $0.1.deallocate()
                    $0.0.deallocate()
                },
                body: { memory, bx, by in
                    let k = by * ws.blocksWide + bx
                    guard errorTarget.pointer[k] > threshold else { return }
                    changes.pointer[k] = searchBlock(
                        ws, window: memory.0, scratch: memory.1, bx: bx, by: by, passes: passes)
                })
            DirectOrInterpolatedModulation.refreshAveraged(ws, threads: threads)
            return changed.reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        /// The error of the block's own 32 pixels as decoded now.
        static func blockError(_ ws: EncoderWorkspace, bx: Int, by: Int) -> Int {
            var total = 0
            for ly in 0..<4 {
                let y = 4 * by + ly
                for lx in 0..<8 {
                    let x = 8 * bx + lx
                    let p = y * ws.width + x
                    let e = toEightBit32(ws.interpolated(x: x, y: y))
                    let d = blend(e, Int32(ws.weight[p])) &- ws.source[p]
                    total += Int(WithLuma.error(d, weights: ws.errorWeights[p], luma: ws.lumaWeights))
                }
            }
            return total
        }

        /// The state a candidate changes: the block's endpoints, mode and the weights of its own pixels and of
        /// the ring of averaged pixels around it (rows −1...4, columns −1...8).
        struct Saved {
            var word: UInt32
            var expanded: SIMD8<Int32>
            var mode: UInt8
            var weights: [UInt8]
        }

        /// Virtual pixel indices of the block's pixels and the ring around it (10 × 6).
        static func region(_ ws: EncoderWorkspace, bx: Int, by: Int) -> [Int] {
            var pixels: [Int] = []
            pixels.reserveCapacity(60)
            for ly in -1...4 {
                let y = wrapped(4 * by + ly, ws.height)
                for lx in -1...8 { pixels.append(y * ws.width + wrapped(8 * bx + lx, ws.width)) }
            }
            return pixels
        }

        /// Recomputes the averaged pixels of the ring around block (bx, by) under their owners' rules.
        static func refreshRing(_ ws: EncoderWorkspace, bx: Int, by: Int) {
            for q in DirectOrInterpolatedModulation.ring {
                let x = wrapped(8 * bx + q.lx, ws.width)
                let y = wrapped(4 * by + q.ly, ws.height)
                let rule = Int(ws.mode[ws.blockIndex(x: x, y: y)])
                guard rule != 0 else { continue }
                @inline(__always) func w(_ dx: Int, _ dy: Int) -> Int32 {
                    Int32(ws.weight[wrapped(y + dy, ws.height) * ws.width + wrapped(x + dx, ws.width)])
                }
                let v = DirectOrInterpolatedModulation.average(
                    left: w(-1, 0), right: w(1, 0), up: w(0, -1), down: w(0, 1), rule: rule)
                ws.weight[y * ws.width + x] = UInt8(v)
            }
        }

        /// The wider search of one block; commits the best candidate with its modulation.
        /// - Returns: whether the endpoints changed.
        static func searchBlock(
            _ ws: EncoderWorkspace, window: FixedModulationWindow, scratch: DirectOrInterpolatedModulation.Scratch,
            bx: Int, by: Int,
            passes: Int
        ) -> Bool {
            let k = by * ws.blocksWide + bx
            let pixels = region(ws, bx: bx, by: by)
            let incumbent = Saved(
                word: ws.colorWords[k], expanded: ws.expanded[k], mode: ws.mode[k],
                weights: pixels.map { ws.weight[$0] })
            func restore(_ s: Saved) {
                ws.colorWords[k] = s.word
                ws.expanded[k] = s.expanded
                ws.mode[k] = s.mode
                for (i, p) in pixels.enumerated() { ws.weight[p] = s.weights[i] }
            }
            window.load(ws, bx: bx, by: by)
            let incumbentError = window.error(ws, trial: ws.expanded[k]) ?? .max
            var best = incumbent
            var bestError = incumbentError
            for pair in candidates(ws, window: window, bx: bx, by: by) {
                let (a, b) = EndpointQuantization.nearestPair(ws, pair)
                ws.setEndpoints(k, a, b, punchThrough: false)
                DirectOrInterpolatedModulation.selectBlock(ws, scratch: scratch, bx: bx, by: by, passes: passes)
                refreshRing(ws, bx: bx, by: by)
                window.reloadModulation(ws)
                if let e = window.error(ws, trial: ws.expanded[k], below: bestError) {
                    bestError = e
                    best = Saved(
                        word: ws.colorWords[k], expanded: ws.expanded[k], mode: ws.mode[k],
                        weights: pixels.map { ws.weight[$0] })
                }
                restore(incumbent)
            }
            guard bestError < incumbentError else { return false }
            restore(best)
            ws.continuous[k] = WorstBlockRecovery.eightBit(best.expanded)
            return true
        }

        /// How far the contrast candidates move each endpoint away from (positive) or towards (negative) the
        /// other, as a share of their distance. With the block's modulation re-chosen these reach pairs that the
        /// code search, whose trials keep the modulation weights, turns down. Measured at `max` on Kodak crops
        /// 13, 8 and 1: mean Y +0.025 dB over the recovery without them.
        static let contrastSteps: [Float] = [-0.3, -0.15, 0.15, 0.3]

        /// Continuous starting pairs (8-bit units, A low, B high): the window's two clusters (the darker as A),
        /// the block's own pair with its contrast moved by ``contrastSteps``, its least-squares pair, each
        /// neighbour's pair, and each neighbour endpoint in its own slot with the window cluster farther from it in
        /// the other. Opaque images leave out the pairs in the other order (the lighter cluster, or a neighbour's B,
        /// as A): at `max` on eight Kodak crops (01 03 05 08 13 15 19 23) they won 2 % of the recoveries, and without
        /// them mean Y is 31.764 against 31.765 dB for 32 % less time. Images with alpha keep them (without them
        /// oa_smoke_256_rgba lost 0.12 dB alpha-weighted RGB and 0.07 dB alpha).
        static func candidates(_ ws: EncoderWorkspace, window: FixedModulationWindow, bx: Int, by: Int) -> [SIMD8<
            Float
        >] {
            let (low, high) = WorstBlockRecovery.clusters(window)
            let bothOrders = ws.hasAlpha
            var pairs: [SIMD8<Float>] = [SIMD8(lowHalf: low, highHalf: high)]
            if bothOrders { pairs.append(SIMD8(lowHalf: high, highHalf: low)) }
            pairs.reserveCapacity(2 + 4 + 1 + 8 * 5)
            let own = WorstBlockRecovery.eightBit(ws.expanded[by * ws.blocksWide + bx])
            let spread = own.highHalf - own.lowHalf
            for factor in contrastSteps {
                pairs.append(
                    SIMD8(lowHalf: own.lowHalf - spread * factor, highHalf: own.highHalf + spread * factor).clamped(
                        lowerBound: .zero, upperBound: SIMD8(repeating: 255)))
            }
            pairs.append(ws.continuous[by * ws.blocksWide + bx])
            @inline(__always) func farther(_ colour: SIMD4<Float>) -> SIMD4<Float> {
                WorstBlockRecovery.distance(colour, low) > WorstBlockRecovery.distance(colour, high) ? low : high
            }
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let n = ws.wrapBlockY(by + dy) * ws.blocksWide + ws.wrapBlockX(bx + dx)
                    let pair = WorstBlockRecovery.eightBit(ws.expanded[n])
                    pairs.append(pair)
                    pairs.append(SIMD8(lowHalf: pair.lowHalf, highHalf: farther(pair.lowHalf)))
                    if bothOrders {
                        pairs.append(SIMD8(lowHalf: farther(pair.lowHalf), highHalf: pair.lowHalf))
                        pairs.append(SIMD8(lowHalf: pair.highHalf, highHalf: farther(pair.highHalf)))
                    }
                    pairs.append(SIMD8(lowHalf: farther(pair.highHalf), highHalf: pair.highHalf))
                }
            }
            return pairs
        }
    }
}
