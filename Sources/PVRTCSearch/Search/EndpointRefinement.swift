import Imaging
import PVRTC

/// Stage 2b: endpoints re-solved by weighted least squares with the modulation fixed.
///
/// With modulation weight `w` per pixel, the decoded value is linear in the endpoints:
/// `out = (1 − w)·Σ βⱼ·Aⱼ + w·Σ βⱼ·Bⱼ` over the four blocks around the pixel (β = bilinear weights).
/// Block Gauss–Seidel: each block solves its 2×2 normal equations per channel over its window
/// (``BlockFormat/windowShape``) with its neighbours held fixed, in the four phases of the 2×2 colouring
/// (deterministic and parallel). The weight of a pixel is the format's: the decoder's weight of its two-bit
/// code in its block's mode (four-level modulation, where punch-through's code 2 also zeroes alpha), or the
/// weight the modulation search left in ``EncoderWorkspace/weight`` (direct or interpolated modulation).
/// Each refinement starts the continuous endpoints from the current quantised ones, so every update is the
/// best move given what the decoder will really see.
enum EndpointRefinement {
    /// Average loss, in 8-bit units, of the decoder's floor divisions, added to targets so the linear
    /// model predicts the truncated decode.
    static let truncationBias: Float = 1.0

    /// Resets the continuous endpoints to the quantised ones, then runs `sweeps` Gauss–Seidel sweeps.
    static func refine(_ ws: EncoderWorkspace, sweeps: Int, threads: Int) {
        let scale = SIMD8<Float>(8.25, 8.25, 8.25, 17, 8.25, 8.25, 8.25, 17)
        Parallel.forEach(ws.blocksWide * ws.blocksHigh, threads: threads) { blocks in
            for k in blocks { ws.continuous[k] = SIMD8<Float>(ws.expanded[k]) * scale }
        }
        for _ in 0..<sweeps {
            ws.forEachColoured(
                threads: threads, scratch: {}, release: { _ in }, body: { _, bx, by in solveBlock(ws, bx: bx, by: by) })
        }
    }

    /// The continuous bilinear interpolation (weights of 1) of the continuous endpoints at virtual (x, y).
    @inline(__always)
    static func interpolated(_ ws: EncoderWorkspace, x: Int, y: Int) -> SIMD8<Float> {
        let dx = x - (ws.blockWidth >> 1)
        let dy = y - (ws.blockHeight >> 1)
        let xl = dx >> ws.blockWidthShift
        let yl = dy >> ws.blockHeightShift
        let xr = Float(dx & (ws.blockWidth - 1))
        let yr = Float(dy & (ws.blockHeight - 1))
        let x0 = ws.wrapBlockX(xl)
        let x1 = ws.wrapBlockX(xl + 1)
        let y0 = ws.wrapBlockY(yl) * ws.blocksWide
        let y1 = ws.wrapBlockY(yl + 1) * ws.blocksWide
        let c = ws.continuous
        let w = Float(ws.blockWidth)
        let h = Float(ws.blockHeight)
        let left = c[y0 + x0] * (h - yr) + c[y1 + x0] * yr
        let right = c[y0 + x1] * (h - yr) + c[y1 + x1] * yr
        return (left * (w - xr) + right * xr) * ws.inverseBlockArea
    }

    /// One block's least-squares update (ridge-regularised towards the current values), with the pixel
    /// weights of the workspace's format.
    static func solveBlock(_ ws: EncoderWorkspace, bx: Int, by: Int) {
        switch ws.format.modulation {
        case .fourLevel: solveBlock(FourLevelWeight.self, ws, bx: bx, by: by)
        case .directOrInterpolated: solveBlock(SearchedWeight.self, ws, bx: bx, by: by)
        }
    }

    /// ``solveBlock(_:bx:by:)`` with the pixel weights fixed at compile time.
    @inline(__always)
    private static func solveBlock<Weight: PixelWeight>(_ rule: Weight.Type, _ ws: EncoderWorkspace, bx: Int, by: Int) {
        let k = by * ws.blocksWide + bx
        let gridWidth = ws.width
        let gridHeight = ws.height
        let shape = ws.windowShape
        let left = ws.windowLeft(bx)
        let top = ws.windowTop(by)
        let blockArea = ws.inverseBlockArea
        var equations = EndpointNormalEquations()
        for j in 0..<shape.rows {
            let y = wrapped(top + j, gridHeight)
            for i in 0..<shape.columns {
                let x = wrapped(left + i, gridWidth)
                let p = y * ws.width + x
                let beta = Float(shape.weights[shape.columns * j + i]) * blockArea
                let (eighths, zeroAlpha) = Weight.weight(ws, pixel: p, x: x, y: y)
                let w = Float(eighths) * 0.125
                let e = interpolated(ws, x: x, y: y)
                let prediction = e.lowHalf * (1 - w) + e.highHalf * w
                let source = SIMD4<Float>(ws.source[p])
                var residual = source + truncationBias - prediction
                var colourWeight: Float = ws.hasAlpha ? (source[3] + 0.5) / 255.5 : 1
                var alphaWeight: Float = ws.hasAlpha ? 1 : 0
                if zeroAlpha {
                    alphaWeight = 0
                    residual[3] = 0
                    // A punched PVRTC2 pixel is transparent black whatever the endpoints.
                    if ws.format.punchesToBlack { colourWeight = 0 }
                }
                let u = beta * (1 - w)
                let v = beta * w
                equations.add(residual: residual, u: u, v: v, colourWeight: colourWeight, alphaWeight: alphaWeight)
            }
        }
        let x = ws.continuous[k] + equations.delta()
        ws.continuous[k] = x.clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
    }
}

/// A format's modulation weight of a pixel, as the refinement's linear model uses it.
private protocol PixelWeight {
    /// The weight (eighths) of virtual pixel (x, y) at index `pixel`, and whether it zeroes alpha.
    static func weight(_ ws: EncoderWorkspace, pixel: Int, x: Int, y: Int) -> (eighths: Int, zeroAlpha: Bool)
}

/// Four-level modulation: the decoder's weight of the pixel's two-bit code in its block's mode;
/// punch-through's code 2 zeroes alpha.
private enum FourLevelWeight: PixelWeight {
    /// The weight of the pixel's code.
    @inline(__always)
    static func weight(_ ws: EncoderWorkspace, pixel: Int, x: Int, y: Int) -> (eighths: Int, zeroAlpha: Bool) {
        let bits = Int(ws.modulation[pixel])
        let punch = ws.isPunchThrough(ws.blockIndex(x: x, y: y))
        return (PVRTCDecoder.weight(bits, punchThrough: punch), punch && bits == 2)
    }
}

/// Direct or interpolated modulation: the weight the modulation search left (``EncoderWorkspace/weight``).
private enum SearchedWeight: PixelWeight {
    /// The pixel's searched weight.
    @inline(__always)
    static func weight(_ ws: EncoderWorkspace, pixel: Int, x: Int, y: Int) -> (eighths: Int, zeroAlpha: Bool) {
        (Int(ws.weight[pixel]), false)
    }
}
