import Foundation
import Imaging

/// How the PVRTC2 evidence compares a decoded texture with the image it was made from: files written
/// by Imagination's tools have no exact reference decode, so their pictures are judged against their
/// sources (see docs/pvrtc2.md).
package enum SourceComparison {
    /// PSNR in dB of `decoded` (RGBA bytes, the reference's size) against `reference`: alpha at every
    /// pixel, colour only where the reference is not fully transparent (what a transparent pixel's
    /// colour holds is the encoder's choice).
    package static func psnr(_ decoded: [UInt8], _ reference: RGBAImage) -> Double {
        var sum = 0.0
        var count = 0
        for i in 0..<(reference.width * reference.height) {
            let visible = reference.pixels[4 * i + 3] != 0
            for k in 0..<4 where k == 3 || visible {
                let d = Double(decoded[4 * i + k]) - Double(reference.pixels[4 * i + k])
                sum += d * d
                count += 1
            }
        }
        let mse = sum / Double(max(count, 1))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// `image` with the sRGB transfer undone on R, G and B (rounded to 8 bits), alpha kept: what
    /// PVRTexLib encodes when it converts an sRGB source for a UNORM format.
    package static func linearised(_ image: RGBAImage) -> RGBAImage {
        let table = (0..<256).map { UInt8((SRGB.decode(Double($0) / 255) * 255).rounded()) }
        var out = image
        for i in 0..<out.pixels.count where i % 4 != 3 { out.pixels[i] = table[Int(out.pixels[i])] }
        return out
    }
}
