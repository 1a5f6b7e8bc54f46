#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SSIM (Wang et al. 2004) of two single-channel images with a separable Gaussian window
/// (11×11, σ = 1.5; shrunk to fit images smaller than 11 pixels), constants K1 = 0.01, K2 = 0.03, L = 255,
/// averaged over all window positions lying inside the image.
enum StructuralSimilarity {
    /// Mean SSIM of `x` and `y`, both `width × height`, row-major.
    static func mean(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        let radius = min(5, (min(width, height) - 1) / 2)
        var kernel = (-radius...radius).map { i in exp(-Double(i * i) / (2 * 1.5 * 1.5)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let xy = zip(x, y).map { $0 * $1 }
        let xx = x.map { $0 * $0 }, yy = y.map { $0 * $0 }
        let mx = filter(x, kernel, width, height), my = filter(y, kernel, width, height)
        let sxx = filter(xx, kernel, width, height), syy = filter(yy, kernel, width, height)
        let sxy = filter(xy, kernel, width, height)
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var sum = 0.0
        for i in 0..<mx.count {
            let vx = sxx[i] - mx[i] * mx[i], vy = syy[i] - my[i] * my[i], cxy = sxy[i] - mx[i] * my[i]
            sum += ((2 * mx[i] * my[i] + c1) * (2 * cxy + c2))
                / ((mx[i] * mx[i] + my[i] * my[i] + c1) * (vx + vy + c2))
        }
        return sum / Double(mx.count)
    }

    /// Separable "valid" filtering: the output is `(width − 2r) × (height − 2r)`.
    static func filter(_ input: [Double], _ kernel: [Double], _ width: Int, _ height: Int) -> [Double] {
        let r = kernel.count / 2
        let ow = width - 2 * r, oh = height - 2 * r
        var horizontal = [Double](repeating: 0, count: ow * height)
        input.withUnsafeBufferPointer { src in
            for y in 0..<height {
                for x in 0..<ow {
                    var s = 0.0
                    for k in 0..<kernel.count { s += kernel[k] * src[y * width + x + k] }
                    horizontal[y * ow + x] = s
                }
            }
        }
        var out = [Double](repeating: 0, count: ow * oh)
        horizontal.withUnsafeBufferPointer { src in
            for y in 0..<oh {
                for x in 0..<ow {
                    var s = 0.0
                    for k in 0..<kernel.count { s += kernel[k] * src[(y + k) * ow + x] }
                    out[y * ow + x] = s
                }
            }
        }
        return out
    }
}
