import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SSIM (Wang et al. 2004) of the Rec.709 luma of two RGBA images with a separable Gaussian window
/// (11×11, σ = 1.5; shrunk to fit images smaller than 11 pixels), constants K1 = 0.01, K2 = 0.03, L = 255,
/// averaged over all window positions lying inside the image.
///
/// The images are streamed row by row: only the horizontally filtered sums of the last window-height
/// rows are kept (5 × 11 rows of `Double`s, 3.5 MB for an 8192-pixel-wide image), never a
/// whole-image `Double` plane.
enum StructuralSimilarity {
    /// Mean SSIM of the luma of `reference` and `candidate` (same size, checked by the caller).
    static func mean(reference: RGBAImage, candidate: RGBAImage) -> Double {
        let width = reference.width
        let height = reference.height
        let radius = min(5, (min(width, height) - 1) / 2)
        var kernel = (-radius...radius).map { i in exp(-Double(i * i) / (2 * 1.5 * 1.5)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let taps = kernel.count
        let outputWidth = width - 2 * radius
        let outputHeight = height - 2 * radius
        // Five planes (x, y, x², y², xy), each a ring of `taps` horizontally filtered rows.
        let plane = taps * outputWidth
        var ring = [Double](repeating: 0, count: 5 * plane)
        var lumaX = [Double](repeating: 0, count: width)
        var lumaY = [Double](repeating: 0, count: width)
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        var sum = 0.0
        reference.pixels.withUnsafeBufferPointer { r in
            candidate.pixels.withUnsafeBufferPointer { c in
                for y in 0..<height {
                    for x in 0..<width {
                        let o = (y * width + x) * 4
                        lumaX[x] = ImageComparison.luminance(r[o], r[o + 1], r[o + 2])
                        lumaY[x] = ImageComparison.luminance(c[o], c[o + 1], c[o + 2])
                    }
                    let slot = (y % taps) * outputWidth
                    for x in 0..<outputWidth {
                        var mx = 0.0
                        var my = 0.0
                        var xx = 0.0
                        var yy = 0.0
                        var xy = 0.0
                        for k in 0..<taps {
                            let a = lumaX[x + k]
                            let b = lumaY[x + k]
                            let w = kernel[k]
                            mx += w * a
                            my += w * b
                            xx += w * (a * a)
                            yy += w * (b * b)
                            xy += w * (a * b)
                        }
                        ring[slot + x] = mx
                        ring[plane + slot + x] = my
                        ring[2 * plane + slot + x] = xx
                        ring[3 * plane + slot + x] = yy
                        ring[4 * plane + slot + x] = xy
                    }
                    let top = y - 2 * radius
                    guard top >= 0 else { continue }
                    for x in 0..<outputWidth {
                        var mx = 0.0
                        var my = 0.0
                        var sxx = 0.0
                        var syy = 0.0
                        var sxy = 0.0
                        for k in 0..<taps {
                            let at = ((top + k) % taps) * outputWidth + x
                            let w = kernel[k]
                            mx += w * ring[at]
                            my += w * ring[plane + at]
                            sxx += w * ring[2 * plane + at]
                            syy += w * ring[3 * plane + at]
                            sxy += w * ring[4 * plane + at]
                        }
                        let vx = sxx - mx * mx
                        let vy = syy - my * my
                        let cxy = sxy - mx * my
                        sum += ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                    }
                }
            }
        }
        return sum / Double(outputWidth * outputHeight)
    }
}
