import Foundation
import Imaging

/// Quality metrics of a candidate image against a reference of the same size.
///
/// PSNR is `10·log10(255² / MSE)`, `+∞` for identical data. Luma is Rec.709
/// `Y = 0.2126 R + 0.7152 G + 0.0722 B` on the 8-bit values (no gamma).
public struct ImageComparison: Sendable, Equatable {
    /// PSNR over the R, G and B channels.
    public var rgbPSNR: Double
    /// PSNR of Rec.709 luma.
    public var lumaPSNR: Double
    /// PSNR of the alpha channel; `nil` when the reference is fully opaque.
    public var alphaPSNR: Double?
    /// PSNR of RGB error weighted by reference alpha/255:
    /// `MSE = Σₚ wₚ·Σ꜀ e² / (3·Σₚ wₚ)`; `nil` when the reference is fully opaque
    /// (`+∞` when every reference pixel is fully transparent).
    public var alphaWeightedRGBPSNR: Double?
    /// Mean SSIM of luma over 11×11 Gaussian windows (σ = 1.5, K1 = 0.01, K2 = 0.03, L = 255), windows
    /// lying inside the image; smaller images use the largest window that fits.
    public var ssim: Double

    /// Creates a comparison from its values.
    public init(rgbPSNR: Double, lumaPSNR: Double, alphaPSNR: Double?, alphaWeightedRGBPSNR: Double?, ssim: Double) {
        self.rgbPSNR = rgbPSNR
        self.lumaPSNR = lumaPSNR
        self.alphaPSNR = alphaPSNR
        self.alphaWeightedRGBPSNR = alphaWeightedRGBPSNR
        self.ssim = ssim
    }

    /// PSNR in dB of a mean squared error on 8-bit data; `+∞` for zero error.
    public static func psnr(mse: Double) -> Double {
        mse <= 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Compares `candidate` with `reference`, in memory that does not grow with the image's height
    /// (a few rows of `Double`s; see `StructuralSimilarity`).
    /// - Throws: `ImagingError.invalidDimensions` when the sizes differ,
    ///   `ImagingError.bufferSizeMismatch` when a pixel buffer has the wrong length.
    public static func compare(reference: RGBAImage, candidate: RGBAImage) throws -> ImageComparison {
        guard reference.width == candidate.width, reference.height == candidate.height else {
            throw ImagingError.invalidDimensions(
                width: candidate.width, height: candidate.height,
                reason: "candidate size differs from the reference's \(reference.width)x\(reference.height)")
        }
        let count = reference.width * reference.height
        guard reference.pixels.count == count * 4 else {
            throw ImagingError.bufferSizeMismatch(expected: count * 4, actual: reference.pixels.count)
        }
        guard candidate.pixels.count == count * 4 else {
            throw ImagingError.bufferSizeMismatch(expected: count * 4, actual: candidate.pixels.count)
        }
        var rgb = 0.0
        var luma = 0.0
        var alpha = 0.0
        var weighted = 0.0
        var weightSum = 0.0
        var opaque = true
        reference.pixels.withUnsafeBufferPointer { r in
            candidate.pixels.withUnsafeBufferPointer { c in
                for p in 0..<count {
                    let o = 4 * p
                    let dr = Double(Int(r[o]) - Int(c[o]))
                    let dg = Double(Int(r[o + 1]) - Int(c[o + 1]))
                    let db = Double(Int(r[o + 2]) - Int(c[o + 2]))
                    let da = Double(Int(r[o + 3]) - Int(c[o + 3]))
                    let squared = dr * dr + dg * dg + db * db
                    rgb += squared
                    let yr = luminance(r[o], r[o + 1], r[o + 2])
                    let yc = luminance(c[o], c[o + 1], c[o + 2])
                    luma += (yr - yc) * (yr - yc)
                    alpha += da * da
                    let w = Double(r[o + 3]) / 255
                    if r[o + 3] != 255 { opaque = false }
                    weighted += w * squared
                    weightSum += w
                }
            }
        }
        let n = Double(count)
        let alphaWeighted: Double? = opaque ? nil : (weightSum > 0 ? psnr(mse: weighted / (3 * weightSum)) : .infinity)
        return ImageComparison(
            rgbPSNR: psnr(mse: rgb / (3 * n)),
            lumaPSNR: psnr(mse: luma / n),
            alphaPSNR: opaque ? nil : psnr(mse: alpha / n),
            alphaWeightedRGBPSNR: alphaWeighted,
            ssim: StructuralSimilarity.mean(reference: reference, candidate: candidate))
    }

    /// Rec.709 luma of 8-bit RGB.
    @inline(__always)
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)
    }
}

extension ImageComparison: CustomStringConvertible {
    /// One line of the figures, for example
    /// `RGB 37.52 dB, Y 37.80 dB, alpha 44.06 dB, alpha-weighted RGB 45.57 dB, SSIM 0.9804`
    /// (the alpha figures only for a reference with transparency; identical data reads `inf dB`).
    public var description: String {
        var parts = ["RGB \(Self.decibels(rgbPSNR))", "Y \(Self.decibels(lumaPSNR))"]
        if let alphaPSNR { parts.append("alpha \(Self.decibels(alphaPSNR))") }
        if let alphaWeightedRGBPSNR { parts.append("alpha-weighted RGB \(Self.decibels(alphaWeightedRGBPSNR))") }
        parts.append("SSIM " + String(format: "%.4f", ssim))
        return parts.joined(separator: ", ")
    }

    private static func decibels(_ value: Double) -> String {
        value.isInfinite ? "inf dB" : String(format: "%.2f dB", value)
    }
}
