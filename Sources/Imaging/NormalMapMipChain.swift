#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mip chain for tangent-space normal maps: averages the vectors and renormalises them.
///
/// Each stored RGB triple is read as a vector `v = c / 127.5 − 1` (0 → −1, 255 → +1). A level below 0
/// averages its parents' vectors (2x2, or as ``MipChain`` takes them at a side of 1 or an odd side),
/// scales the mean back to unit length and stores `round((n + 1) · 127.5)`. Plain averaging would shorten the vectors wherever the surface is bumpy,
/// which darkens lighting at a distance. Where the parents cancel out (mean shorter than 1e-6) the
/// level stores the flat normal (0, 0, 1). Alpha is averaged like ``MipChain`` does for linear data.
/// Level 0 is returned as given.
public enum NormalMapMipChain {
    /// Returns `[image, half, ..., 1x1]` with renormalised vectors below level 0; sides of any length
    /// halve rounding down, with the parents ``MipChain`` averages.
    public static func build(from image: RGBAImage) -> [RGBAImage] {
        let plain = MipChain.build(from: image, colorSpace: .linear)
        var levels = [image]
        for index in plain.indices.dropFirst() {
            var level = plain[index]
            let parent = levels[index - 1]
            renormalisedAverage(of: parent, into: &level)
            levels.append(level)
        }
        return levels
    }

    /// Unit length version of the normal stored in an RGB triple, as `(x, y, z)`; the flat normal for a
    /// zero-length vector.
    public static func unitVector(r: UInt8, g: UInt8, b: UInt8) -> (Double, Double, Double) {
        normalised(Double(r) / 127.5 - 1, Double(g) / 127.5 - 1, Double(b) / 127.5 - 1)
    }

    /// Writes into `level`'s RGB the renormalised mean vector of each pixel's parents in `parent`.
    private static func renormalisedAverage(of parent: RGBAImage, into level: inout RGBAImage) {
        let w = level.width
        let h = level.height
        parent.pixels.withUnsafeBufferPointer { src in
            level.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let rows = MipChain.parents(of: y, inSide: parent.height)
                    for x in 0..<w {
                        var sum = (0.0, 0.0, 0.0)
                        for sy in rows {
                            for sx in MipChain.parents(of: x, inSide: parent.width) {
                                let s = (sy * parent.width + sx) * 4
                                sum.0 += Double(src[s]) / 127.5 - 1
                                sum.1 += Double(src[s + 1]) / 127.5 - 1
                                sum.2 += Double(src[s + 2]) / 127.5 - 1
                            }
                        }
                        let n = normalised(sum.0, sum.1, sum.2)
                        let d = (y * w + x) * 4
                        dst[d] = code(n.0)
                        dst[d + 1] = code(n.1)
                        dst[d + 2] = code(n.2)
                    }
                }
            }
        }
    }

    private static func normalised(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 1e-6 else { return (0, 0, 1) }
        return (x / length, y / length, z / length)
    }

    private static func code(_ v: Double) -> UInt8 {
        UInt8(min(max(((v + 1) * 127.5).rounded(), 0), 255))
    }
}
