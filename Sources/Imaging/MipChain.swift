/// Builds a full mip chain down to 1x1 with a 2x2 box filter, in linear light for sRGB colour data.
///
/// Each output pixel averages its (up to) 2x2 parent pixels: colour is converted from sRGB to
/// linear light through a 256-entry table, averaged weighted by alpha (so the colour hidden under
/// transparent pixels does not bleed into the result), and converted back to sRGB with exact
/// rounding through a table of decision thresholds. When all four parents are fully transparent
/// their colours are averaged unweighted (keeping an alpha-bled fill continuous). Alpha itself is
/// averaged linearly, rounding half up. Alpha is never premultiplied into the output.
///
/// For ``ColorSpace/linear`` data (normal, height, mask maps) the stored values themselves are averaged,
/// with the same alpha weighting and rounding to the nearest value: a 0/255 checkerboard gives 128, not
/// the 188 that linear-light averaging of sRGB data gives.
///
/// Sides of any length are halved rounding down (a 25-pixel side gives 12): where a side is odd, the
/// last pixel of the smaller level also averages the row or column that halving leaves over, so every
/// pixel of a level reaches the next one. Even sides (every level of a power-of-two chain) average
/// exactly 2x2 parents.
public enum MipChain {
    /// Returns `[image, half, quarter, ..., 1x1]`: `floor(log2(max(width, height))) + 1` levels,
    /// each `max(side / 2, 1)` of the one before (rounding down).
    /// - Parameters:
    ///   - image: The level-0 image, any size.
    ///   - colorSpace: ``ColorSpace/srgb`` (the default) averages in linear light, ``ColorSpace/linear``
    ///     averages the stored values.
    public static func build(from image: RGBAImage, colorSpace: ColorSpace = .srgb) -> [RGBAImage] {
        var levels = [image]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(downsample(last, colorSpace: colorSpace))
        }
        return levels
    }

    /// One level down: `max(width / 2, 1)` x `max(height / 2, 1)`, each pixel the linear-light,
    /// alpha-weighted average of its parents (2x2, 2x1 / 1x2 once a side reached 1, 3 along an odd
    /// side's last pixel); for `colorSpace` ``ColorSpace/linear`` the average of the stored values instead.
    public static func downsample(_ image: RGBAImage, colorSpace: ColorSpace = .srgb) -> RGBAImage {
        if colorSpace == .linear { return downsampleStoredValues(image) }
        let w = max(image.width / 2, 1)
        let h = max(image.height / 2, 1)
        var result = RGBAImage(width: w, height: h)
        let toLinear = SRGB.toLinear
        let thresholds = SRGB.encodeThresholds
        image.pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let rows = parents(of: y, inSide: image.height)
                    for x in 0..<w {
                        let columns = parents(of: x, inSide: image.width)
                        let count = rows.count * columns.count
                        var weighted: (Float, Float, Float) = (0, 0, 0)
                        var plain: (Float, Float, Float) = (0, 0, 0)
                        var alphaSum = 0
                        for sy in rows {
                            for sx in columns {
                                let s = (sy * image.width + sx) * 4
                                let a = Int(src[s + 3])
                                let r = toLinear[Int(src[s])]
                                let g = toLinear[Int(src[s + 1])]
                                let b = toLinear[Int(src[s + 2])]
                                let wt = Float(a)
                                weighted.0 += r * wt
                                weighted.1 += g * wt
                                weighted.2 += b * wt
                                plain.0 += r
                                plain.1 += g
                                plain.2 += b
                                alphaSum += a
                            }
                        }
                        let mean: (Float, Float, Float)
                        if alphaSum > 0 {
                            let inv = 1 / Float(alphaSum)
                            mean = (weighted.0 * inv, weighted.1 * inv, weighted.2 * inv)
                        } else {
                            let inv = 1 / Float(count)
                            mean = (plain.0 * inv, plain.1 * inv, plain.2 * inv)
                        }
                        let d = (y * w + x) * 4
                        dst[d] = SRGB.encode(mean.0, thresholds: thresholds)
                        dst[d + 1] = SRGB.encode(mean.1, thresholds: thresholds)
                        dst[d + 2] = SRGB.encode(mean.2, thresholds: thresholds)
                        dst[d + 3] = UInt8((alphaSum + count / 2) / count)
                    }
                }
            }
        }
        return result
    }

    /// One level down averaging stored values (alpha-weighted, plain where all parents are transparent),
    /// rounding to nearest.
    private static func downsampleStoredValues(_ image: RGBAImage) -> RGBAImage {
        let w = max(image.width / 2, 1)
        let h = max(image.height / 2, 1)
        var result = RGBAImage(width: w, height: h)
        image.pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let rows = parents(of: y, inSide: image.height)
                    for x in 0..<w {
                        let columns = parents(of: x, inSide: image.width)
                        let count = rows.count * columns.count
                        var weighted = (0, 0, 0)
                        var plain = (0, 0, 0)
                        var alphaSum = 0
                        for sy in rows {
                            for sx in columns {
                                let s = (sy * image.width + sx) * 4
                                let a = Int(src[s + 3])
                                let r = Int(src[s])
                                let g = Int(src[s + 1])
                                let b = Int(src[s + 2])
                                weighted = (weighted.0 + r * a, weighted.1 + g * a, weighted.2 + b * a)
                                plain = (plain.0 + r, plain.1 + g, plain.2 + b)
                                alphaSum += a
                            }
                        }
                        let d = (y * w + x) * 4
                        if alphaSum > 0 {
                            dst[d] = UInt8((weighted.0 + alphaSum / 2) / alphaSum)
                            dst[d + 1] = UInt8((weighted.1 + alphaSum / 2) / alphaSum)
                            dst[d + 2] = UInt8((weighted.2 + alphaSum / 2) / alphaSum)
                        } else {
                            dst[d] = UInt8((plain.0 + count / 2) / count)
                            dst[d + 1] = UInt8((plain.1 + count / 2) / count)
                            dst[d + 2] = UInt8((plain.2 + count / 2) / count)
                        }
                        dst[d + 3] = UInt8((alphaSum + count / 2) / count)
                    }
                }
            }
        }
        return result
    }

    /// The parents along one axis of pixel `index` of the level below a side of `side` pixels: `2i` and
    /// `2i + 1`; only pixel 0 of a 1-pixel side; and for an odd side, the last pixel also takes the
    /// leftover `side - 1`.
    static func parents(of index: Int, inSide side: Int) -> ClosedRange<Int> {
        if side == 1 { return 0...0 }
        let last = side / 2 - 1
        return 2 * index...(index == last && side % 2 == 1 ? side - 1 : 2 * index + 1)
    }
}
